import { Button, Group, Notification, Text } from '@mantine/core';
import { ENTRY_FORM_MESSAGES as M } from '@pgel/shared/records/entry-form';
import { IconCheck, IconRestore } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/** How long the success note of 'Save and add another' stays. */
export const NEXT_ENTRY_NOTE_MS = 5000;

/**
 * 'Draft restored' over a form opened with the student's unfinished entry, and a way to start
 * afresh instead. Kinds with patient details say those were not kept.
 */
export function DraftRestoredNote({
  leavesOutPatient,
  onDiscard,
}: {
  leavesOutPatient: boolean;
  onDiscard: () => void;
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
        <IconRestore size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" role="status">
          <Text span fw={600} inherit>
            {M.draftRestored}.
          </Text>
          {leavesOutPatient ? ` ${M.draftPatientAgain}` : null}
        </Text>
      </Group>
      <Button variant="subtle" size="compact-sm" onClick={onDiscard} style={{ flexShrink: 0 }}>
        {M.discardDraft}
      </Button>
    </Group>
  );
}

/**
 * The success of 'Save and add another': a note in the form, not a dialog to dismiss, gone by
 * itself after a few seconds (or with its close button).
 */
export function NextEntryNote({ message, onClose }: { message: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // In view below the dialog's sticky title, however far down the last entry was finished.
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'center' }), []);
  useEffect(() => {
    const timer = window.setTimeout(onClose, NEXT_ENTRY_NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <Notification
      ref={ref}
      role="status"
      color="teal"
      icon={<IconCheck size={18} aria-hidden />}
      title={message}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
      withBorder
    >
      {M.nextEntry}
    </Notification>
  );
}
