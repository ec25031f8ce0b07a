import { Alert, Button, Center, Checkbox, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CollegeListItem } from '@pgel/shared/schemas/reference-admin';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage } from '../../../lib/api-client';
import { useDepartments } from '../api/get-departments';
import { useSetCollegeDepartments } from '../api/set-college-departments';
import { showSavedMessage, showSaveError } from './reference-dialogs';
import { ReferenceModal } from './reference-modal';

type EditDepartmentsModalProps = {
  /** The college being edited; the modal is closed when null. */
  college: CollegeListItem | null;
  onClose: () => void;
};

/** Edit on a college row: one checkbox per catalogue department, saved as the college's set. */
export function EditDepartmentsModal({ college, onClose }: EditDepartmentsModalProps) {
  return (
    <ReferenceModal opened={college !== null} onClose={onClose} title="Edit Departments">
      {/* Keyed by college: each row's Edit starts from that college's current departments. */}
      {college ? <EditDepartmentsForm key={college.id} college={college} onClose={onClose} /> : null}
    </ReferenceModal>
  );
}

function EditDepartmentsForm({ college, onClose }: { college: CollegeListItem; onClose: () => void }) {
  const departments = useDepartments();
  const save = useSetCollegeDepartments();
  const [selected, setSelected] = useState<string[]>(() => college.departments.map((d) => d.id));

  const close = () => {
    save.reset();
    onClose();
  };

  const submit = () => {
    save.mutate(
      { collegeId: college.id, departmentIds: selected },
      {
        onSuccess: ({ message }) => {
          close();
          showSavedMessage(message);
        },
        onError: showSaveError,
      },
    );
  };

  return (
    <Stack gap="md">
      {departments.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading departments" />
        </Center>
      ) : departments.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(departments.error)}
        </Alert>
      ) : (
        <Checkbox.Group
          label="Departments"
          description={`Departments of ${college.name}`}
          value={selected}
          onChange={setSelected}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="sm">
            {departments.data.map((department) => (
              <Checkbox key={department.id} value={department.id} label={department.name} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {selected.length} selected
      </Text>
      <DialogActions>
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={!departments.isSuccess}>
          Save
        </Button>
      </DialogActions>
    </Stack>
  );
}
