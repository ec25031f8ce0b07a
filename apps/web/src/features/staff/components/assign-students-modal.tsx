import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type AssignableStudent,
  AssignStudentsSchema,
  STAFF_MESSAGES,
  type StaffListItem,
} from '@pgel/shared/schemas/staff-admin';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../lib/api-client';
import { useAssignStudents } from '../api/assign-students';
import { useAssignableStudents } from '../api/get-assignable-students';
import { STAFF_SAVE, staffFailureTexts } from './staff-dialogs';

/** 'Failed to assign students' / 'Server error while assigning students' (spec 03 section 8). */
const ASSIGN_FAILURE = staffFailureTexts({
  failed: STAFF_MESSAGES.failedAssign,
  serverError: STAFF_MESSAGES.serverErrorAssign,
});

type AssignStudentsModalProps = {
  /** The member students are assigned to; the modal is closed when null. */
  staff: StaffListItem | null;
  onClose: () => void;
};

/**
 * Assign Students (spec 03 sections 2, 5): one checkbox per student of the member's department,
 * the current ones ticked, a search box to narrow the list; Assign saves the whole set.
 */
export function AssignStudentsModal({ staff, onClose }: AssignStudentsModalProps) {
  return (
    <FormDialog opened={staff !== null} onClose={onClose} title={STAFF_MESSAGES.assignTitle}>
      {staff ? <AssignStudentsLoader key={staff.id} staff={staff} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function AssignStudentsLoader({ staff, onClose }: { staff: StaffListItem; onClose: () => void }) {
  const students = useAssignableStudents(staff.id);
  if (students.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading students" />
      </Center>
    );
  }
  if (students.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {errorMessage(students.error)}
        </Alert>
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button variant="light" onClick={() => void students.refetch()}>
            Retry
          </Button>
        </DialogActions>
      </Stack>
    );
  }
  return <AssignStudentsForm staff={staff} students={students.data} onClose={onClose} />;
}

function matches(student: AssignableStudent, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    needle === '' ||
    student.name.toLowerCase().includes(needle) ||
    student.email.toLowerCase().includes(needle)
  );
}

function AssignStudentsForm({
  staff,
  students,
  onClose,
}: {
  staff: StaffListItem;
  students: AssignableStudent[];
  onClose: () => void;
}) {
  const dialog = useFormDialogSubmit(useAssignStudents(), {
    ...STAFF_SAVE,
    failure: ASSIGN_FAILURE,
    onClose,
  });
  const listId = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(students.filter((s) => s.assigned).map((s) => s.id)),
  );
  const shown = useMemo(() => students.filter((s) => matches(s, search)), [students, search]);
  const allShownSelected = shown.length > 0 && shown.every((s) => selected.has(s.id));

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleShown = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const student of shown) {
        if (allShownSelected) next.delete(student.id);
        else next.add(student.id);
      }
      return next;
    });

  const submit = () => {
    if (!staff.id) {
      void showError(STAFF_MESSAGES.noStaffSelected);
      return;
    }
    // Kept in the list's order, so the request is the same whatever order the boxes were ticked.
    const input = validateOrWarn(
      AssignStudentsSchema,
      { studentIds: students.filter((s) => selected.has(s.id)).map((s) => s.id) },
      STAFF_MESSAGES.fillAll,
    );
    if (input) dialog.submit({ staffId: staff.id, ...input });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Students of {staff.departmentName ?? 'the department'} for {staff.name}
      </Text>
      <TextInput
        type="search"
        label="Search students"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {selected.size} selected
        </Text>
        {shown.length > 0 ? (
          <Anchor component="button" type="button" size="sm" onClick={toggleShown} aria-controls={listId}>
            {allShownSelected ? 'Clear shown' : 'Select all shown'}
          </Anchor>
        ) : null}
      </Group>
      <ScrollArea.Autosize mah={340} type="auto" offsetScrollbars>
        <Stack id={listId} gap="sm" role="group" aria-label="Students" py={2}>
          {shown.map((student) => (
            <Checkbox
              key={student.id}
              label={student.name}
              description={student.email}
              checked={selected.has(student.id)}
              onChange={(event) => toggle(student.id, event.currentTarget.checked)}
              styles={{ description: { overflowWrap: 'anywhere' } }}
            />
          ))}
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {students.length === 0
                ? 'No students in this department yet.'
                : 'No student matches the search.'}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
      {/* No form: Enter in the search box must not assign. */}
      <FormDialogActions
        onCancel={dialog.close}
        onSubmit={submit}
        isPending={dialog.isPending}
        submitLabel="Assign"
      />
    </Stack>
  );
}
