import { Stack } from '@mantine/core';
import {
  canAuthenticateAnyMonths,
  canCreateRecord,
  canManageSiteSettings,
  canVerifyRecords,
  canWriteLogbook,
  isDrpCoordinator,
} from '@pgel/shared/auth/policies';
import { InvoiceAdmin } from '../../features/commerce/invoices/components/invoice-admin';
import { CoordinatorWork } from '../../features/dashboard/components/coordinator-work';
import { PendingVerifications } from '../../features/dashboard/components/pending-verifications';
import { StudentProgress } from '../../features/dashboard/components/student-progress';
import { WelcomeCard, WelcomeDetails } from '../../features/dashboard/components/welcome-card';
import { MonthStrip } from '../../features/monthly-authentication/components/month-strip';
import { ResidentsToAuthenticate } from '../../features/monthly-authentication/components/residents-to-authenticate';
import { LandingVideoCard } from '../../features/public/components/landing-video-card';
import { AwaitingApprovalNotice } from '../../features/records/components/awaiting-approval-notice';
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
      {isDrpCoordinator(actor) ? <CoordinatorWork /> : null}
      {canCreateRecord(actor) &&
      !canWriteLogbook({ ...actor, verifyByHod: user.verifyByHod, paid: user.paid }) ? (
        <AwaitingApprovalNotice />
      ) : null}
      {canCreateRecord(actor) ? <MonthStrip studentId={user.id} /> : null}
      {canCreateRecord(actor) ? <StudentProgress /> : null}
      {canVerifyRecords(actor) ? <PendingVerifications /> : null}
      {canAuthenticateAnyMonths(actor) ? <ResidentsToAuthenticate /> : null}
      {/* Phones only: the college and course tiles, after the logbook (see WelcomeCard). */}
      <WelcomeDetails user={user} />
      {canManageSiteSettings(actor) ? <LandingVideoCard /> : null}
      {canManageSiteSettings(actor) ? <InvoiceAdmin /> : null}
    </Stack>
  );
}
