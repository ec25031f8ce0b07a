import { Button, Stack, Text, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { FORGOT_PASSWORD_MESSAGES, ForgotPasswordSchema } from '@pgel/shared/schemas/auth';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

/** Opens the "Forgot Password" prompt; the e-mail typed on the login form is filled in. */
export function openForgotPasswordPrompt(initialEmail = '') {
  const modalId = randomId('forgot-password-');
  modals.open({
    modalId,
    title: FORGOT_PASSWORD_MESSAGES.title,
    centered: true,
    children: <ForgotPasswordForm initialEmail={initialEmail} onDone={() => modals.close(modalId)} />,
  });
}

function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const mutation = useForgotPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FORGOT_PASSWORD_MESSAGES.required);
      return;
    }
    setError(null);
    mutation.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        onDone();
        void showMessage({ title: FORGOT_PASSWORD_MESSAGES.sentTitle, message, tone: 'success' });
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will send you a link to reset your password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={18} aria-hidden />}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          data-autofocus
        />
        <DialogActions>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Send Reset Link
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
