import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';

export const PRODUCT_NAME = 'PG e-Logbook';

type BrandProps = {
  /** `lg` for the sign-in card, `sm` for the top bar. */
  size?: 'sm' | 'lg';
};

/** The product mark and name. */
export function Brand({ size = 'sm' }: BrandProps) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={large ? 44 : 32} radius="md" variant="filled" aria-hidden>
        <IconNotebook size={large ? 26 : 20} stroke={1.8} />
      </ThemeIcon>
      {large ? (
        <Title order={1} fz={26} fw={700} c="brand.8" lh={1.1}>
          {PRODUCT_NAME}
        </Title>
      ) : (
        <Text component="span" fz="lg" fw={700} c="brand.8" lh={1.1} style={{ whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
