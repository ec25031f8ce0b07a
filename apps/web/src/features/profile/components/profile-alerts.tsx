import { Alert, Stack } from '@mantine/core';
import { PROFILE_MESSAGES, type Profile } from '@pgel/shared/schemas/profile';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';

// Mantine's light yellow/orange titles fall below 4.5:1 on their tinted background.
const ALERT_STYLES = {
  title: { color: 'var(--mantine-color-text)' },
  message: { color: 'var(--mantine-color-text)' },
} as const;

/**
 * A student's two standing reminders (spec 01 sections 2.10 and 4): not yet verified by the head
 * of department, and no joining date yet. Read from the saved profile, so they go once saved.
 */
export function ProfileAlerts({ profile }: { profile: Profile }) {
  if (profile.role !== null) return null;
  const isUnverified = !profile.verifyByHod;
  const isIncomplete = profile.joiningDate === null;
  if (!isUnverified && !isIncomplete) return null;
  return (
    <Stack gap="sm">
      {isUnverified ? (
        <Alert
          color="yellow"
          variant="light"
          title="Verification pending"
          icon={<IconShieldCheck size={20} />}
          styles={ALERT_STYLES}
        >
          {PROFILE_MESSAGES.verificationAlert}
        </Alert>
      ) : null}
      {isIncomplete ? (
        <Alert
          color="orange"
          variant="light"
          title="Profile incomplete"
          icon={<IconAlertTriangle size={20} />}
          styles={ALERT_STYLES}
        >
          {PROFILE_MESSAGES.updateAlert}
        </Alert>
      ) : null}
    </Stack>
  );
}
