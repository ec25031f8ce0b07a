import { Switch } from '@mantine/core';
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

/** One student's Certified switch: confirm, save, the server's message; the list then reloads. */
export function CertifiedSwitch({ student }: { student: StudentListItem }) {
  const mutation = useSetCertified();
  const toggle = async () => {
    const certified = !student.certified;
    const isConfirmed = await showConfirm({
      title: M.confirmTitle,
      message: certified ? M.confirmCertify : M.confirmUncertify,
      confirmLabel: certified ? 'Yes, certify' : 'Yes, remove',
      danger: !certified,
    });
    if (!isConfirmed) return;
    try {
      const { message } = await mutation.mutateAsync({ id: student.id, certified });
      await showStudentSuccess(message);
    } catch (error) {
      await showStudentError(error);
    }
  };
  return (
    <Switch
      aria-label={`${M.columnLabel}: ${student.name}`}
      checked={student.certified}
      disabled={mutation.isPending}
      onChange={() => void toggle()}
      color="teal"
    />
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
