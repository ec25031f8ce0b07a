import { Alert, Center, Checkbox, Loader, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { CollegeListItem } from '@pgel/shared/schemas/reference-admin';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../lib/api-client';
import { useDepartments } from '../api/get-departments';
import { useSetCollegeDepartments } from '../api/set-college-departments';
import { REFERENCE_SAVE } from './reference-dialogs';

type EditDepartmentsModalProps = {
  /** The college being edited; the modal is closed when null. */
  college: CollegeListItem | null;
  onClose: () => void;
};

/** Edit on a college row: one checkbox per catalogue department, saved as the college's set. */
export function EditDepartmentsModal({ college, onClose }: EditDepartmentsModalProps) {
  return (
    <FormDialog opened={college !== null} onClose={onClose} title="Edit Departments">
      {/* Keyed by college: each row's Edit starts from that college's current departments. */}
      {college ? <EditDepartmentsForm key={college.id} college={college} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function EditDepartmentsForm({ college, onClose }: { college: CollegeListItem; onClose: () => void }) {
  const departments = useDepartments();
  const [selected, setSelected] = useState<string[]>(() => college.departments.map((d) => d.id));
  // The catalogue holds the national list (some forty): a filter finds one quickly. Ticked
  // departments the filter hides stay ticked.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = (departments.data ?? []).filter((d) => d.name.toLowerCase().includes(needle));
  const dialog = useFormDialogSubmit(useSetCollegeDepartments(), { ...REFERENCE_SAVE, onClose });

  return (
    <DialogForm
      onSubmit={() => dialog.submit({ collegeId: college.id, departmentIds: selected })}
      onCancel={dialog.close}
      isPending={dialog.isPending}
      submitDisabled={!departments.isSuccess}
    >
      {departments.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading departments" />
        </Center>
      ) : departments.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(departments.error)}
        </Alert>
      ) : (
        <>
          <TextInput
            label="Filter departments"
            placeholder="Type part of a name"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
          <Checkbox.Group
            label="Departments"
            description={`Departments of ${college.name}`}
            value={selected}
            onChange={setSelected}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="sm">
              {shown.map((department) => (
                <Checkbox key={department.id} value={department.id} label={department.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {selected.length} selected
      </Text>
    </DialogForm>
  );
}
