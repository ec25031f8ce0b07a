import { Button, Group, Stack, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { RECORD_MESSAGES as M, RESET_REASON_MAX, ResetRecordSchema } from '@pgel/shared/records/api';
import { type FormEvent, useState } from 'react';
import { GrowingTextarea } from '../../../components/growing-textarea';

/**
 * Asks why a verified entry is reset (issue 27: an entry is amended, never silently reset).
 * Resolves the trimmed reason once Reset is pressed with one, or null when the question is
 * closed (Cancel, the close button, Escape): then nothing is sent. Escape closes this question
 * only, never the form under it.
 */
export function askResetReason(): Promise<string | null> {
  return new Promise((resolve) => {
    const modalId = randomId('reset-reason-');
    let reason: string | null = null;
    modals.open({
      modalId,
      title: M.resetConfirmTitle,
      centered: true,
      onClose: () => resolve(reason),
      children: (
        <ResetReasonForm
          onCancel={() => modals.close(modalId)}
          onReset={(given) => {
            reason = given;
            modals.close(modalId);
          }}
        />
      ),
    });
  });
}

function ResetReasonForm({ onCancel, onReset }: { onCancel: () => void; onReset: (reason: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, so the page and the API say the same.
    const parsed = ResetRecordSchema.safeParse({ reason: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.resetReasonRequired);
      return;
    }
    onReset(parsed.data.reason);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={M.resetConfirmTitle}>
      <Stack gap="md">
        <Text size="sm">{M.resetConfirm}</Text>
        <GrowingTextarea
          size="md"
          label={M.resetReasonLabel}
          withAsterisk
          minRows={3}
          maxRows={8}
          maxLength={RESET_REASON_MAX}
          description={`${value.trim().length} / ${RESET_REASON_MAX}`}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {/* red.8: white text on it keeps a 4.5:1 contrast. */}
          <Button type="submit" color="red.8">
            Reset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
