import { Button, Stack } from '@mantine/core';
import { CreateSpecialitiesSchema } from '@pgel/shared/schemas/reference-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useCreateSpecialities } from '../api/create-specialities';
import { CommaListField } from './comma-list-field';
import { DepartmentSelect } from './department-select';
import { showSavedMessage, showSaveError, validateOrWarn } from './reference-dialogs';
import { ReferenceModal } from './reference-modal';

/** Add Speciality: a department and a comma-separated list, one speciality per item. */
export function AddSpecialityModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateSpecialities();
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [text, setText] = useState('');

  const close = () => {
    setDepartmentId(null);
    setText('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validateOrWarn(CreateSpecialitiesSchema, { departmentId, text });
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
    <ReferenceModal opened={opened} onClose={close} title="Add Speciality">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DepartmentSelect value={departmentId} onChange={setDepartmentId} />
          <CommaListField
            label="Specialities"
            value={text}
            onChange={setText}
            noun={{ one: 'speciality', many: 'specialities' }}
          />
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
