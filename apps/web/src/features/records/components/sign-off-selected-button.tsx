import { Affix, Button } from '@mantine/core';
import { SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import { IconSignature } from '@tabler/icons-react';

type SignOffSelectedButtonProps = {
  /** How many entries are ticked (1 to SIGN_OFF_MAX). */
  count: number;
  /**
   * On a phone the button floats at the foot of the screen, level with the round Add button, so
   * a resident ticking entries far down the list need not scroll back up to sign them off.
   */
  floating: boolean;
  onClick: () => void;
};

/** "Sign off selected (n)": opens Sign off now for the resident's ticked entries (issue 30). */
export function SignOffSelectedButton({ count, floating, onClick }: SignOffSelectedButtonProps) {
  const button = (
    <Button
      variant={floating ? 'filled' : 'light'}
      h={floating ? 44 : undefined}
      leftSection={<IconSignature size={18} aria-hidden />}
      style={floating ? { boxShadow: 'var(--mantine-shadow-md)' } : undefined}
      onClick={onClick}
    >
      {SIGN_OFF_MESSAGES.selectedAction} ({count})
    </Button>
  );
  if (!floating) return button;
  // As the round Add button: above the footer (36 px), below the shell's bars and any dialog.
  return (
    <Affix position={{ bottom: 58, left: 20 }} zIndex={90}>
      {button}
    </Affix>
  );
}
