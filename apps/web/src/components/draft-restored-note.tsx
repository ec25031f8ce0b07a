import { Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * 'Draft restored' over a form or sheet opened with what was left unsaved last time, and a way
 * to start afresh instead (the entry form, DRP attendance). `icon` sets another note of how a
 * form started (the entry form's repeat last) in the same place and shape.
 */
export function DraftRestoredNote({
  children,
  discardLabel,
  onDiscard,
  icon = <IconRestore size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />,
}: {
  children: ReactNode;
  discardLabel: string;
  onDiscard: () => void;
  icon?: ReactNode;
}) {
  return (
    <Group
      gap="sm"
      justify="space-between"
      wrap="nowrap"
      px="sm"
      py={6}
      bg="var(--mantine-color-brand-light)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap={8} wrap="nowrap" align="flex-start">
        {icon}
        <Text size="sm" role="status">
          {children}
        </Text>
      </Group>
      <Button variant="subtle" size="compact-sm" onClick={onDiscard} style={{ flexShrink: 0 }}>
        {discardLabel}
      </Button>
    </Group>
  );
}
