import { Button, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { activateUpdate, isUpdateWaiting, subscribeToUpdate } from '../lib/service-worker';

/**
 * "A new version is available" (issue 29): shown over the signed-in pages while a new version of
 * the app is installed and waiting. Reload lets it take over and reloads the page on
 * it, so a page never runs half on the old files and half on the new; until then the open page
 * keeps working on the version it started with.
 */
export function UpdatePrompt({
  top,
}: {
  /** Distance from the top edge, e.g. below a fixed header. */ top: number;
}) {
  const isWaiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const [isReloading, setReloading] = useState(false);
  if (!isWaiting) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      radius="md"
      withBorder
      p="sm"
      style={{
        position: 'fixed',
        // At the top, where it is seen at once and covers neither the add button nor a form's
        // buttons at the bottom.
        top: `calc(${top}px + env(safe-area-inset-top))`,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(420px, calc(100vw - 24px))',
        // Over the page and its frame, under menus and dialogs: an open menu or form stays usable.
        zIndex: 'calc(var(--mantine-z-index-modal) - 1)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          A new version is available
        </Text>
        <Button
          size="sm"
          loading={isReloading}
          onClick={() => {
            setReloading(true);
            void activateUpdate();
          }}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
