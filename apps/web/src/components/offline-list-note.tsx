import { Group, Text } from '@mantine/core';
import { OUTBOX_MESSAGES } from '@pgel/shared/records/outbox';
import { IconWifiOff } from '@tabler/icons-react';
import dayjs from 'dayjs';

/** Above a list shown from the device with no network: "Offline — last updated …" (issue 29). */
export function OfflineListNote({ fetchedAt }: { fetchedAt: string }) {
  return (
    <Group gap={6} wrap="nowrap" role="status">
      <IconWifiOff size={16} color="var(--mantine-color-gray-7)" aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" c="gray.8">
        {OUTBOX_MESSAGES.offlineList} — last updated {dayjs(fetchedAt).format('DD-MM-YYYY HH:mm')}
      </Text>
    </Group>
  );
}
