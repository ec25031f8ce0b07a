import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, RESET_PASSWORD_MESSAGES, ResetPasswordSchema } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { IconLock } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { showError, showMessage } from '../../../components/dialogs';
import { StatusPanel } from '../../../components/status-panel';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { clearStoredUser } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';

/** /reset-password/:token: choose a new password from a mailed link. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({ initialValues: { newPassword: '', confirmPassword: '' } });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = ResetPasswordSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      void showMessage({
        title: VALIDATION_TITLE,
        message: parsed.error.issues[0]?.message ?? RESET_PASSWORD_MESSAGES.required,
        tone: 'error',
      });
      return;
    }
    reset.mutate(parsed.data, {
      // The server ends every session of the account, this tab's included.
      onSuccess: () => clearStoredUser(),
      onError: (error) => void showError(errorMessage(error)),
    });
  });

  if (reset.isSuccess) {
    return (
      <AuthShell>
        <StatusPanel
          status="success"
          title={RESET_PASSWORD_MESSAGES.successTitle}
          message={reset.data.message}
          actions={<Button onClick={() => navigate(paths.login)}>Go to Login</Button>}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell heading="Reset your password">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Choose a new password of at least {PASSWORD_MIN_LENGTH} characters. Every device signed in to your
            account will be signed out.
          </Text>
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} aria-hidden />}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} aria-hidden />}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} mt="xs">
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
