import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type Package, validityLabel } from '@pgel/shared/commerce/packages';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { IconShoppingCart } from '@tabler/icons-react';

/** One package of the cart: what it is, what it costs and for how long, and Buy Now. */
export function PackageCard({ pkg, onBuy }: { pkg: Package; onBuy: (pkg: Package) => void }) {
  const discounted = pkg.pricePaise > pkg.offerPricePaise;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`package-${pkg.id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="lg" id={`package-${pkg.id}`}>
            {pkg.title}
          </Title>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {validityLabel(pkg.validityMonths)}
          </Badge>
        </Group>
        {pkg.description ? (
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line' }}>
            {pkg.description}
          </Text>
        ) : null}
        <Group gap="xs" align="baseline" mt="auto">
          {discounted ? (
            <Text c="dimmed" td="line-through" size="sm" aria-label={`Price ${formatInr(pkg.pricePaise)}`}>
              {formatInr(pkg.pricePaise)}
            </Text>
          ) : null}
          <Text fz={26} fw={700} c="brand.8" aria-label={`Offer price ${formatInr(pkg.offerPricePaise)}`}>
            {formatInr(pkg.offerPricePaise)}
          </Text>
          <Text size="xs" c="dimmed">
            + GST
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Valid for {validityLabel(pkg.validityMonths)}
        </Text>
        <Button fullWidth leftSection={<IconShoppingCart size={18} aria-hidden />} onClick={() => onBuy(pkg)}>
          Buy Now
        </Button>
      </Stack>
    </Card>
  );
}
