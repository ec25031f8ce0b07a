import { Button, Stack, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { OUTBOX_MESSAGES, signOutWaitingText } from '@pgel/shared/records/outbox';

/** What the student chose when signing out with entries on the device (issue 29). */
export type SignOutChoice = 'wait' | 'send' | 'keep' | 'discard';

/**
 * Asks what to do with the entries not sent yet before signing out: wait (stay signed in), send
 * now and then sign out, sign out keeping them for the next sign-in of the same user on this
 * device, or discard them. Closing the dialog is waiting.
 */
export function askSignOutWithWaiting(count: number): Promise<SignOutChoice> {
  return new Promise((resolve) => {
    const modalId = randomId('outbox-signout-');
    let choice: SignOutChoice = 'wait';
    const choose = (next: SignOutChoice) => {
      choice = next;
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title: OUTBOX_MESSAGES.signOutTitle,
      centered: true,
      onClose: () => resolve(choice),
      children: (
        <Stack gap="md">
          <Text>{signOutWaitingText(count)}</Text>
          <Stack gap="xs">
            <Button onClick={() => choose('wait')} data-autofocus fullWidth>
              {OUTBOX_MESSAGES.signOutWait}
            </Button>
            <Button variant="light" onClick={() => choose('send')} fullWidth>
              {OUTBOX_MESSAGES.signOutSend}
            </Button>
            <Button variant="default" onClick={() => choose('keep')} fullWidth>
              {OUTBOX_MESSAGES.signOutKeep}
            </Button>
            <Button variant="subtle" color="red.8" onClick={() => choose('discard')} fullWidth>
              {OUTBOX_MESSAGES.signOutDiscard}
            </Button>
          </Stack>
        </Stack>
      ),
    });
  });
}
