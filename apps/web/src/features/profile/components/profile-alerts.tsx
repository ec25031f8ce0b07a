import { Alert, Stack } from '@mantine/core';
import { PROFILE_MESSAGES, type Profile } from '@pgel/shared/schemas/profile';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';

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
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
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
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {PROFILE_MESSAGES.updateAlert}
        </Alert>
      ) : null}
    </Stack>
  );
}
