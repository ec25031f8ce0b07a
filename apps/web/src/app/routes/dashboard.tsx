import { Stack } from '@mantine/core';
import { canCreateRecord, canVerifyRecords } from '@pgel/shared/auth/policies';
import { PendingVerifications } from '../../features/dashboard/components/pending-verifications';
import { StudentProgress } from '../../features/dashboard/components/student-progress';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card';
import { useSessionUser } from '../../lib/session';

export function Component() {
  const user = useSessionUser();
  const actor = {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
  return (
    <Stack gap="lg">
      <WelcomeCard user={user} />
      {canCreateRecord(actor) ? <StudentProgress /> : null}
      {canVerifyRecords(actor) ? <PendingVerifications /> : null}
    </Stack>
  );
}
