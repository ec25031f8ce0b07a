import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADD_HOD_MESSAGES, AddHodSchema } from '@pgel/shared/schemas/staff-admin';
import { showError } from '../../../components/dialogs';
import { TenDigitPhoneInput } from '../../../components/digits-input';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { useAddHod } from '../api/add-hod';
import { STAFF_SAVE } from './staff-dialogs';

/** Each of the schema's messages has its own dialog title (spec 03 section 5). */
const TITLES: Record<string, string> = {
  [ADD_HOD_MESSAGES.missing]: ADD_HOD_MESSAGES.missingTitle,
  [ADD_HOD_MESSAGES.invalidEmail]: ADD_HOD_MESSAGES.invalidEmailTitle,
  [ADD_HOD_MESSAGES.invalidPhone]: ADD_HOD_MESSAGES.invalidPhoneTitle,
};

/**
 * The Add HOD check, in the spec's order whatever the field order: a missing field first, then
 * the e-mail, then the phone. Returns the dialog to show, or null when the form is fine.
 */
export function addHodProblem(values: {
  name: string;
  email: string;
  phone: string;
}): { title: string; message: string } | null {
  const parsed = AddHodSchema.safeParse(values);
  if (parsed.success) return null;
  const messages = parsed.error.issues.map((issue) => issue.message);
  const message = messages.includes(ADD_HOD_MESSAGES.missing)
    ? ADD_HOD_MESSAGES.missing
    : messages.includes(ADD_HOD_MESSAGES.invalidEmail)
      ? ADD_HOD_MESSAGES.invalidEmail
      : (messages[0] ?? ADD_HOD_MESSAGES.missing);
  return { title: TITLES[message] ?? ADD_HOD_MESSAGES.missingTitle, message };
}

/** The footer's Add HOD (spec 03 sections 2, 5): another HOD of the caller's own department. */
export function AddHodModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({ initialValues: { name: '', email: '', phone: '' } });
  const dialog = useFormDialogSubmit(useAddHod(), { ...STAFF_SAVE, onClose, onReset: form.reset });

  const save = () => {
    const problem = addHodProblem(form.values);
    if (problem) {
      void showError(problem.message, problem.title);
      return;
    }
    dialog.submit(AddHodSchema.parse(form.values));
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title="Add HOD" size="md">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending} submitLabel="Add HOD">
        <TextInput label="Name" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TenDigitPhoneInput
          autoComplete="off"
          value={form.values.phone}
          onChange={(phone) => form.setFieldValue('phone', phone)}
        />
      </DialogForm>
    </FormDialog>
  );
}
