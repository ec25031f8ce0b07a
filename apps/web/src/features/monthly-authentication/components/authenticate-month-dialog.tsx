import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AuthenticateMonthSchema,
  type LogbookMonth,
  MONTH_AUTHENTICATION_MESSAGES as M,
} from '@pgel/shared/supervision/month-authentication';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { useAuthenticateMonth } from '../api/authenticate-month';

/** The success dialog closes by itself (spec 01 section 8: 1 to 2 s). */
const AUTHENTICATED_AUTO_CLOSE_MS = 1500;

/** What the signature covers, in words. */
function entriesText(month: LogbookMonth): string {
  const { total, approved, rejected } = month.entries;
  if (total === 0) return 'it holds no entries.';
  return `${approved} approved and ${rejected} rejected ${total === 1 ? 'entry' : 'entries'}.`;
}

type AuthenticateMonthDialogProps = {
  opened: boolean;
  onClose: () => void;
  studentId: string;
  studentName: string;
  month: LogbookMonth;
};

/**
 * Authenticate month: the guide signs the month in one action, with their password again (the
 * server checks it through the sign-in throttle). The form is the shared request schema's; the
 * server's refusal (a pending entry, a wrong password) is shown as it says it.
 */
export function AuthenticateMonthDialog({
  opened,
  onClose,
  studentId,
  studentName,
  month,
}: AuthenticateMonthDialogProps) {
  const form = useForm({ initialValues: { password: '' } });
  const dialog = useFormDialogSubmit(useAuthenticateMonth(), {
    successAutoCloseMs: AUTHENTICATED_AUTO_CLOSE_MS,
    successFallback: M.authenticated(month.label),
    onClose,
    onReset: form.reset,
  });

  const save = () => {
    const input = validateOrWarn(
      AuthenticateMonthSchema,
      { month: month.month, password: form.values.password },
      M.passwordRequired,
      form.setErrors,
    );
    if (input) dialog.submit({ ...input, studentId });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={dialog.close}
      title="Authenticate month"
      size="md"
      closeOnEscape={false}
    >
      <DialogForm
        onSubmit={save}
        onCancel={dialog.close}
        isPending={dialog.isPending}
        cancelDisabled={dialog.isPending}
        submitLabel="Authenticate month"
      >
        <Text size="sm">
          You sign <strong>{month.label}</strong> of {studentName}&apos;s logbook: {entriesText(month)} A
          fingerprint of the approved entries is kept with your signature; a later change to an entry of the
          month marks it changed after authentication.
        </Text>
        <PasswordInput
          label="Your password"
          description="The password you sign in with"
          autoComplete="current-password"
          data-autofocus
          maxLength={256}
          {...form.getInputProps('password')}
        />
      </DialogForm>
    </FormDialog>
  );
}
