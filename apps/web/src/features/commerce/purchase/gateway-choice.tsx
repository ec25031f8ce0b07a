import { Alert, Badge, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import type { GatewayId } from '@pgel/shared/commerce/payments';
import { errorMessage } from '../../../lib/api-client';
import type { GatewayOption } from '../api/gateways';

type GatewayChoiceProps = {
  gateways: GatewayOption[] | undefined;
  isLoading: boolean;
  error: unknown;
  value: GatewayId | null;
  onChange: (gateway: GatewayId) => void;
};

/** The badge that marks the local sandbox: nobody may take it for a real payment. */
export function TestPaymentBadge() {
  return (
    <Badge color="yellow" c="dark" variant="filled" radius="sm">
      Test payment
    </Badge>
  );
}

/** The payment method (spec 01 section 4): the card gateway first and chosen, UPI second. */
export function GatewayChoice({ gateways, isLoading, error, value, onChange }: GatewayChoiceProps) {
  if (isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading payment methods…
        </Text>
      </Group>
    );
  }
  if (error || !gateways) {
    return (
      <Alert color="red" variant="light" title="Payment methods">
        {errorMessage(error)}
      </Alert>
    );
  }
  const onlySandbox = gateways.length === 1 && gateways[0]?.id === 'sandbox';
  return (
    <Radio.Group
      label={
        <Group gap="xs" component="span">
          <span>Payment method</span>
          {onlySandbox ? <TestPaymentBadge /> : null}
        </Group>
      }
      value={value}
      onChange={(next) => onChange(next as GatewayId)}
    >
      <Stack gap="xs" mt={6}>
        {gateways.map((gateway) => (
          <Radio.Card key={gateway.id} value={gateway.id} radius="md" px="sm" py={10}>
            <Group gap="sm" wrap="nowrap">
              <Radio.Indicator size="sm" />
              <Text size="sm">{gateway.label}</Text>
              {gateway.id === 'sandbox' && !onlySandbox ? <TestPaymentBadge /> : null}
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
