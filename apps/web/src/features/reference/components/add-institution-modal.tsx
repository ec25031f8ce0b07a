import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateInstitutionSchema } from '@pgel/shared/schemas/reference-admin';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { useCreateInstitution } from '../api/create-institution';
import { REFERENCE_SAVE } from './reference-dialogs';
import { StateSelect } from './state-select';

const EMPTY = { state: null as string | null, name: '' };

/** Add Institution: state and name ('Please fill all the required fields!'). */
export function AddInstitutionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(useCreateInstitution(), {
    ...REFERENCE_SAVE,
    onClose,
    onReset: form.reset,
  });

  const save = () => {
    const { state, name } = form.values;
    dialog.submitValid(CreateInstitutionSchema, { state: state ?? undefined, name });
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title="Add Institution" size="md">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
        <StateSelect {...form.getInputProps('state')} />
        <TextInput label="Name" {...form.getInputProps('name')} />
      </DialogForm>
    </FormDialog>
  );
}
