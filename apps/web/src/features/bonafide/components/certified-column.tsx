import { Stack, Switch, Text } from '@mantine/core';
import { canCertifyStudents } from '@pgel/shared/auth/policies';
import { BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { StudentListItem } from '@pgel/shared/schemas/students-admin';
import type { DataTableColumn } from '../../../components/data-table';
import { showConfirm } from '../../../components/dialogs';
import { showStudentError, showStudentSuccess } from '../../students/components/student-dialogs';
import { useSetCertified } from '../api/set-certified';

/** Whether the signed-in user sees the Certified switch: Master, or an HOD of a department. */
export function mayCertify(user: SessionUser): boolean {
  return canCertifyStudents({
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  });
}

/**
 * One student's Certified switch: confirm, save, the server's message; the list then reloads.
 * While the profile lacks what the certificate prints (issue 28), the switch is disabled and
 * says what is missing; the server refuses it anyway, naming the same fields.
 */
export function CertifiedSwitch({ student }: { student: StudentListItem }) {
  const mutation = useSetCertified();
  const blocked = !student.certified && student.bonafideMissing.length > 0;
  const hintId = `certified-missing-${student.id}`;
  const toggle = async () => {
    const certified = !student.certified;
    const isConfirmed = await showConfirm({
      title: M.confirmTitle,
      message: certified ? M.confirmCertify : M.confirmUncertify,
      confirmLabel: certified ? 'Yes, certify' : 'Yes, withdraw',
      danger: !certified,
    });
    if (!isConfirmed) return;
    try {
      const { message, reference } = await mutation.mutateAsync({ id: student.id, certified });
      await showStudentSuccess(reference ? `${message}. Reference ${reference}.` : message);
    } catch (error) {
      await showStudentError(error);
    }
  };
  const toggleSwitch = (
    <Switch
      aria-label={`${M.columnLabel}: ${student.name}`}
      aria-describedby={blocked ? hintId : undefined}
      checked={student.certified}
      disabled={mutation.isPending || blocked}
      onChange={() => void toggle()}
      color="teal"
    />
  );
  if (!blocked) return toggleSwitch;
  return (
    <Stack gap={2} align="flex-start" maw={220}>
      {toggleSwitch}
      <Text id={hintId} size="xs" c="dimmed" lh={1.3}>
        {M.missingShort(student.bonafideMissing)}
      </Text>
    </Stack>
  );
}

/**
 * The /allStudent Certified column (issue 14): the switch for those who certify (the server
 * lists an HOD only their own department's students), nothing for other staff.
 */
export function certifiedColumns(user: SessionUser): DataTableColumn<StudentListItem>[] {
  if (!mayCertify(user)) return [];
  return [
    {
      key: 'certified',
      header: M.columnLabel,
      // A labelled line on a phone's card: the switch alone would not say what it switches.
      card: 'field',
      cell: (student) => <CertifiedSwitch student={student} />,
    },
  ];
}
