import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { OUTBOX_MESSAGES } from '@pgel/shared/records/outbox';
import type { RecordKind } from '@pgel/shared/records/types';
import { initialsOf } from '@pgel/shared/text';
import { IconCloudUpload, IconEdit, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { showConfirm } from '../../../components/dialogs';
import { formatDate } from '../components/record-format';
import { type OutboxItem, removeOutboxItem } from './outbox-store';
import { useOutboxItems } from './outbox-sync';

/** The entry's date, whichever way its kind carries it. */
function entryDate(kind: RecordKind, item: OutboxItem): unknown {
  return item.body.date ?? item.body.details?.[kind.dateField];
}

/** The patient as every list shows them: initials only. */
function patientInitials(kind: RecordKind, item: OutboxItem): string | null {
  const field = kind.fields.find((candidate) => candidate.patientName === true);
  const value = field ? item.body.details?.[field.name] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? initialsOf(value) : null;
}

/**
 * The entries of this kind saved on the device and not on the server yet (issue 29), above the
 * kind's list: waiting ones marked **Waiting to sync**; refused ones as drafts with the server's
 * message, to edit (the form opens with their values) or discard.
 */
export function OutboxEntries({
  kind,
  userId,
  onEdit,
}: {
  kind: RecordKind;
  userId: string;
  onEdit: (item: OutboxItem) => void;
}) {
  const { data } = useOutboxItems(userId);
  const items = (data ?? []).filter((item) => item.body.kind === kind.id);
  if (items.length === 0) return null;

  const discard = async (item: OutboxItem) => {
    const confirmed = await showConfirm({
      title: OUTBOX_MESSAGES.discardTitle,
      message: OUTBOX_MESSAGES.discardText,
      confirmLabel: OUTBOX_MESSAGES.discardConfirm,
      danger: true,
    });
    if (confirmed) await removeOutboxItem(userId, item.seq);
  };

  // Newest first, as the list below.
  const shown = [...items].reverse();
  return (
    <Stack gap="xs" component="section" aria-label="Entries saved on this device">
      {shown.map((item) => {
        const initials = patientInitials(kind, item);
        const isRejected = item.state === 'rejected';
        const label = `${formatDate(entryDate(kind, item))}${initials ? `, patient ${initials}` : ''}`;
        return (
          <Card
            key={item.seq}
            withBorder
            radius="md"
            padding="sm"
            data-outbox-state={item.state}
            style={{
              borderColor: isRejected ? 'var(--mantine-color-red-4)' : 'var(--mantine-color-orange-3)',
            }}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Saved on this device {dayjs(item.createdAt).format('DD-MM-YYYY HH:mm')}
                  </Text>
                </Stack>
                <Badge
                  size="md"
                  variant="light"
                  color={isRejected ? 'red' : 'orange'}
                  // Dark text on the light badge keeps a 4.5:1 contrast.
                  c={isRejected ? 'red.9' : 'orange.9'}
                  leftSection={isRejected ? null : <IconCloudUpload size={13} aria-hidden />}
                  styles={{ root: { flex: 'none', textTransform: 'none' } }}
                >
                  {isRejected
                    ? OUTBOX_MESSAGES.rejected
                    : item.state === 'sending'
                      ? OUTBOX_MESSAGES.sending
                      : OUTBOX_MESSAGES.waiting}
                </Badge>
              </Group>
              {isRejected ? (
                <>
                  <Text size="sm" c="red.9" role="alert">
                    {item.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {OUTBOX_MESSAGES.rejectedHint}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconEdit size={14} aria-hidden />}
                      onClick={() => onEdit(item)}
                      aria-label={`Edit the entry of ${label}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red.8"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => void discard(item)}
                      aria-label={`Discard the entry of ${label}`}
                    >
                      Discard
                    </Button>
                  </Group>
                </>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
