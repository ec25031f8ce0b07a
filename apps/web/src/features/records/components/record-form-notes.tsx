import { Button, Group, Notification, Text } from '@mantine/core';
import { ENTRY_FORM_MESSAGES as M } from '@pgel/shared/records/entry-form';
import { IconCheck, IconRepeat } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DraftRestoredNote } from '../../../components/draft-restored-note';
import { formatDate } from './record-format';

/** How long the success note of 'Save and add another' stays. */
export const NEXT_ENTRY_NOTE_MS = 5000;

/** The entry form's 'Draft restored': kinds with patient details say those were not kept. */
export function EntryDraftRestoredNote({
  leavesOutPatient,
  onDiscard,
}: {
  leavesOutPatient: boolean;
  onDiscard: () => void;
}) {
  return (
    <DraftRestoredNote discardLabel={M.discardDraft} onDiscard={onDiscard}>
      <Text span fw={600} inherit>
        {M.draftRestored}.
      </Text>
      {leavesOutPatient ? ` ${M.draftPatientAgain}` : null}
    </DraftRestoredNote>
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

/**
 * Repeat last (issue 29): the form started from the student's last entry of the kind (its
 * choices, never its patient); Clear empties it back to a blank form.
 */
export function RepeatLastNote({ date, onClear }: { date: string; onClear: () => void }) {
  return (
    <DraftRestoredNote
      icon={<IconRepeat size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />}
      discardLabel={M.repeatedClear}
      onDiscard={onClear}
    >
      {M.repeatedFrom} {/* The date stays on one line on a phone. */}
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
        ({formatDate(date)})
      </Text>
    </DraftRestoredNote>
  );
}
