import { Button, Select, Stack } from '@mantine/core';
import {
  COMPETENCY_TYPE_LABELS,
  COMPETENCY_TYPES,
  CreateCompetenciesSchema,
} from '@pgel/shared/schemas/reference-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useCreateCompetencies } from '../api/create-competencies';
import { CommaListField } from './comma-list-field';
import { DepartmentSelect } from './department-select';
import { showSavedMessage, showSaveError, validateOrWarn } from './reference-dialogs';
import { ReferenceModal } from './reference-modal';

const TYPE_OPTIONS = COMPETENCY_TYPES.map((type) => ({ value: type, label: COMPETENCY_TYPE_LABELS[type] }));

/** Add Competency: department, type and a comma-separated list, one competency per item. */
export function AddCompetencyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateCompetencies();
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [text, setText] = useState('');

  const close = () => {
    setDepartmentId(null);
    setType(null);
    setText('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validateOrWarn(CreateCompetenciesSchema, { departmentId, type, text });
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
    <ReferenceModal opened={opened} onClose={close} title="Add Competency">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DepartmentSelect value={departmentId} onChange={setDepartmentId} />
          <Select
            label="Type"
            placeholder="Select type"
            data={TYPE_OPTIONS}
            value={type}
            onChange={setType}
            comboboxProps={{ withinPortal: true }}
          />
          <CommaListField
            label="Competencies"
            value={text}
            onChange={setText}
            noun={{ one: 'competency', many: 'competencies' }}
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
