import { Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { waitingLabel } from '@pgel/shared/records/outbox';
import { kindPagePath } from '@pgel/shared/records/paths';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isWaiting } from './outbox-store';
import { useFlushOutbox, useOutboxItems } from './outbox-sync';

/**
 * The header's count of the user's entries waiting on the device (issue 29), named "2 entries
 * waiting to sync"; nothing when none waits. A tap opens the list of the oldest one's kind and
 * tries to send them now.
 */
export function OutboxBadge({ userId }: { userId: string }) {
  const { data } = useOutboxItems(userId);
  const flush = useFlushOutbox(userId);
  const waiting = (data ?? []).filter(isWaiting);
  const first = waiting[0];
  if (!first) return null;
  const label = waitingLabel(waiting.length);
  return (
    <Tooltip label={label}>
      <UnstyledButton
        component={Link}
        to={kindPagePath(first.body.kind)}
        aria-label={label}
        onClick={() => void flush()}
        px={8}
        py={4}
        bg="orange.0"
        c="orange.9"
        style={{
          borderRadius: 'var(--mantine-radius-xl)',
          border: '1px solid var(--mantine-color-orange-3)',
          flexShrink: 0,
        }}
      >
        <Group gap={4} wrap="nowrap">
          <IconCloudUpload size={18} aria-hidden />
          <Text component="span" size="sm" fw={700} lh={1}>
            {waiting.length}
          </Text>
        </Group>
      </UnstyledButton>
    </Tooltip>
  );
}
