import { Anchor, Button, Group, Text } from '@mantine/core';
import { loginPathFor } from '@pgel/shared/auth/policies';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { showMessage } from '../../../components/dialogs';
import { paths } from '../../../lib/paths';
import { sessionUserQueryOptions } from '../../../lib/session';
import { ChangePasswordForm } from './change-password-form';
import type { LogoutState } from './logout-screen';

/**
 * The first sign-in of an account whose password someone else chose (a mailed temporary password,
 * a reset by Master): it chooses its own before anything else (issue 27). The server refuses every
 * other request until then; once changed, the session user is asked again and the page opens.
 */
export function ChoosePasswordPage({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const logoutState: LogoutState = { next: loginPathFor(user) };
  return (
    <AuthShell heading={CONFIRMATION_MESSAGES.pageMustChangeTitle}>
      <Text size="sm" c="dimmed" mb="md">
        {CONFIRMATION_MESSAGES.pageMustChangeText}
      </Text>
      <ChangePasswordForm
        currentLabel="Temporary Password"
        onChanged={(message) => {
          void showMessage({ title: 'Password Updated', message, tone: 'success' });
          void queryClient.invalidateQueries({ queryKey: sessionUserQueryOptions().queryKey });
        }}
        renderActions={(isPending) => (
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to={paths.logout} state={logoutState} size="sm">
              Log out
            </Anchor>
            <Button type="submit" loading={isPending}>
              Save password
            </Button>
          </Group>
        )}
      />
    </AuthShell>
  );
}
