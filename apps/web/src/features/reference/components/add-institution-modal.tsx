import { Button, Select, Stack, TextInput } from '@mantine/core';
import { CreateInstitutionSchema, STATES_OF_INDIA } from '@pgel/shared/schemas/reference-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useCreateInstitution } from '../api/create-institution';
import { showSavedMessage, showSaveError, validateOrWarn } from './reference-dialogs';
import { ReferenceModal } from './reference-modal';

/** Add Institution: state and name ('Please fill all the required fields!'). */
export function AddInstitutionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateInstitution();
  const [state, setState] = useState<string | null>(null);
  const [name, setName] = useState('');

  const close = () => {
    setState(null);
    setName('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validateOrWarn(CreateInstitutionSchema, { state: state ?? undefined, name });
    if (!input) return;
    create.mutate(input, {
      onSuccess: ({ message }) => {
        close();
        showSavedMessage(message);
      },
      onError: showSaveError,
    });
  };

  return (
    <ReferenceModal opened={opened} onClose={close} title="Add Institution" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="State"
            placeholder="Select state"
            searchable
            nothingFoundMessage="No state found"
            data={[...STATES_OF_INDIA]}
            value={state}
            onChange={setState}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </ReferenceModal>
  );
}
