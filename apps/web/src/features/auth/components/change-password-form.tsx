import { Alert, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHANGE_PASSWORD_MESSAGES, ChangePasswordSchema } from '@pgel/shared/schemas/auth';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

type ChangePasswordFormProps = {
  /** The label of the current password (a first sign-in calls it the temporary password). */
  currentLabel?: string;
  /** Called with the server's message once the password is changed. */
  onChanged: (message: string) => void;
  /** The buttons under the fields; the submit button gets `isPending` to show it is busy. */
  renderActions: (isPending: boolean) => ReactNode;
};

/**
 * Current, new and confirmed password, checked with the server's schema: Update Password in the
 * profile menu and the first sign-in's choice of an own password (issue 27). Problems show above
 * the fields.
 */
export function ChangePasswordForm({
  currentLabel = 'Current Password',
  onChanged,
  renderActions,
}: ChangePasswordFormProps) {
  const change = useChangePassword();
  const form = useForm({ initialValues: EMPTY });
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = form.onSubmit((values) => {
    const parsed = ChangePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? CHANGE_PASSWORD_MESSAGES.allRequired);
      return;
    }
    setProblem(null);
    change.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        form.setValues(EMPTY);
        onChanged(message);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        ) : null}
        <PasswordInput
          label={currentLabel}
          autoComplete="current-password"
          data-autofocus
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        {renderActions(change.isPending)}
      </Stack>
    </form>
  );
}
