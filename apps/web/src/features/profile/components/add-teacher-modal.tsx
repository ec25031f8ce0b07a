import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AddTeacherSchema, TEACHER_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { useAddTeacher } from '../api/add-teacher';

/** The success dialog closes by itself (spec 01 section 8: success dialogs of 1 to 2 s). */
export const ADDED_AUTO_CLOSE_MS = 1500;

type AddTeacherValues = { name: string; email: string; phone: string };
const EMPTY: AddTeacherValues = { name: '', email: '', phone: '' };

/**
 * Add Teacher (spec 01 section 1, step 3): name, e-mail and a 10-digit phone. The teacher gets
 * a faculty account in the student's college and department, with their sign-in details by
 * e-mail. Checked against the server's own schema first; its first message goes to the dialog.
 */
export function AddTeacherModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<AddTeacherValues>({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(useAddTeacher(), {
    successAutoCloseMs: ADDED_AUTO_CLOSE_MS,
    successFallback: TEACHER_MESSAGES.added,
    onClose,
    onReset: form.reset,
  });

  const save = () => {
    // Every failing field is marked too, not only the first one the dialog names.
    const input = validateOrWarn(AddTeacherSchema, form.values, TEACHER_MESSAGES.fillAll, form.setErrors);
    if (input) dialog.submit(input);
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title="Add Teacher" size="md">
      <DialogForm
        onSubmit={save}
        onCancel={dialog.close}
        isPending={dialog.isPending}
        cancelDisabled={dialog.isPending}
        submitLabel="Add Teacher"
      >
        <Text size="sm" c="dimmed">
          A new teacher gets a faculty account for your department and an e-mail with their sign-in details.
        </Text>
        <TextInput
          label="Name"
          placeholder="Dr. Full Name"
          maxLength={120}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          placeholder="teacher@example.com"
          maxLength={254}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          inputMode="numeric"
          placeholder="10 digit mobile number"
          // Room for a pasted '98765 43210': spaces and dashes are dropped as typed.
          maxLength={20}
          autoComplete="off"
          {...form.getInputProps('phone')}
          onChange={(event) => form.setFieldValue('phone', event.currentTarget.value.replace(/[\s-]/g, ''))}
        />
      </DialogForm>
    </FormDialog>
  );
}
