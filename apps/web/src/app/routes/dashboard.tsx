import { Stack } from '@mantine/core';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card';
import { useSessionUser } from '../../lib/session';

export function Component() {
  const user = useSessionUser();
  return (
    <Stack gap="lg">
      <WelcomeCard user={user} />
    </Stack>
  );
}
