import { Button, Group, type MantineColor, Stack, Text, ThemeIcon } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';

export type MessageTone = 'success' | 'error' | 'info';

export type MessageOptions = {
  title: string;
  message: ReactNode;
  tone?: MessageTone;
  /** Label of the closing button. */
  okLabel?: string;
  /** Close by itself after this long (spec: success dialogs of 1 to 2 s); OK still closes it earlier. */
  autoCloseMs?: number;
};

const TONES: Record<MessageTone, { color: MantineColor; icon: typeof IconInfoCircle }> = {
  success: { color: 'teal', icon: IconCircleCheck },
  error: { color: 'red', icon: IconAlertTriangle },
  info: { color: 'brand', icon: IconInfoCircle },
};

function DialogBody({ tone, message }: { tone: MessageTone; message: ReactNode }) {
  const { color, icon: Icon } = TONES[tone];
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon color={color} variant="light" size={40} radius="xl" aria-hidden>
        <Icon size={24} />
      </ThemeIcon>
      {/* A div, not a p: a message may be a list (the 'Validation Error' bullets). */}
      <Text component="div" pt={8} style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
    </Group>
  );
}

/**
 * Closes its dialog after a while. The timer lives with the dialog's content, so it is cleared
 * whenever the dialog goes away (closed early, or the whole tree unmounted), never firing late.
 */
function AutoClose({ modalId, afterMs }: { modalId: string; afterMs: number }) {
  useEffect(() => {
    const timer = window.setTimeout(() => modals.close(modalId), afterMs);
    return () => window.clearTimeout(timer);
  }, [modalId, afterMs]);
  return null;
}

/**
 * Shows a message dialog (the spec's alert dialogs: a title and a text). Resolves when the
 * dialog is closed, by its button, the close icon, Escape or a click outside.
 */
export function showMessage({
  title,
  message,
  tone = 'info',
  okLabel = 'OK',
  autoCloseMs,
}: MessageOptions): Promise<void> {
  return new Promise((resolve) => {
    const modalId = randomId('message-');
    modals.open({
      modalId,
      title,
      centered: true,
      onClose: () => resolve(),
      children: (
        <Stack gap="lg">
          {autoCloseMs !== undefined && <AutoClose modalId={modalId} afterMs={autoCloseMs} />}
          <DialogBody tone={tone} message={message} />
          <Group justify="flex-end">
            <Button onClick={() => modals.close(modalId)} miw={96} data-autofocus>
              {okLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

/** The error dialog every failed call uses: title 'Error' unless a more precise one is given. */
export function showError(message: ReactNode, title: string = GENERIC_MESSAGES.errorTitle): Promise<void> {
  return showMessage({ title, message, tone: 'error' });
}

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
};

/** Asks a yes/no question; resolves true only when the confirm button was pressed. */
export function showConfirm({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let confirmed = false;
    modals.openConfirmModal({
      title,
      centered: true,
      children: <DialogBody tone={danger ? 'error' : 'info'} message={message} />,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      // red.8: white text on it keeps a 4.5:1 contrast.
      confirmProps: { color: danger ? 'red.8' : undefined },
      onConfirm: () => {
        confirmed = true;
      },
      onClose: () => resolve(confirmed),
    });
  });
}
