import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { DialogForm, FormDialog } from './form-dialog';
import { type FormDialogTexts, useFormDialogSubmit, validateOrWarn } from './use-form-dialog-submit';

/** Whose passwords a feature resets (staff, students), as data. */
export type PasswordReset = {
  /** The feature's reset call. */
  useReset: () => UseMutationResult<{ message: string }, Error, { id: string; newPassword: string }>;
  /** The feature's shared request schema (its messages go to 'Validation Failed'). */
  schema: z.ZodType<{ newPassword: string }>;
  texts: FormDialogTexts;
};

type ResetPasswordDialogProps = {
  /** Whose password is set (a staff member, a student); the dialog is closed when null. */
  person: { id: string; name: string; email: string } | null;
  onClose: () => void;
  reset: PasswordReset;
};

/** Master's Reset Password of an account: one New Password field and Save. */
export function ResetPasswordDialog({
  person,
  onClose,
  reset: { useReset, schema, texts },
}: ResetPasswordDialogProps) {
  const form = useForm({ initialValues: { newPassword: '' } });
  const dialog = useFormDialogSubmit(useReset(), { ...texts, onClose, onReset: form.reset });

  const save = () => {
    if (!person) return;
    const input = validateOrWarn(schema, form.values, texts.validationFallback);
    if (input) dialog.submit({ id: person.id, newPassword: input.newPassword });
  };

  return (
    <FormDialog opened={person !== null} onClose={dialog.close} title="Reset Password" size="md">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
        {person ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {person.name} ({person.email})
          </Text>
        ) : null}
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          data-autofocus
          {...form.getInputProps('newPassword')}
        />
      </DialogForm>
    </FormDialog>
  );
}
