import { Stack } from '@mantine/core';
import {
  canAuthenticateAnyMonths,
  canCreateRecord,
  canManageSiteSettings,
  canVerifyRecords,
  canWriteLogbook,
  isDrpCoordinator,
} from '@pgel/shared/auth/policies';
import { lazy, Suspense } from 'react';
import { PendingVerifications } from '../../features/dashboard/components/pending-verifications';
import { StudentProgress } from '../../features/dashboard/components/student-progress';
import { WelcomeCard, WelcomeDetails } from '../../features/dashboard/components/welcome-card';
import { MonthStrip } from '../../features/monthly-authentication/components/month-strip';
import { ResidentsToAuthenticate } from '../../features/monthly-authentication/components/residents-to-authenticate';
import { AwaitingApprovalNotice } from '../../features/records/components/awaiting-approval-notice';
import { useSessionUser } from '../../lib/session';

// Cards of one role each (Master's settings and invoices, a DRP coordinator's work): loaded for
// that role only, so a resident's or a teacher's dashboard neither downloads nor runs them.
const CoordinatorWork = lazy(() =>
  import('../../features/dashboard/components/coordinator-work').then((m) => ({
    default: m.CoordinatorWork,
  })),
);
const LandingVideoCard = lazy(() =>
  import('../../features/public/components/landing-video-card').then((m) => ({
    default: m.LandingVideoCard,
  })),
);
const InvoiceAdmin = lazy(() =>
  import('../../features/commerce/invoices/components/invoice-admin').then((m) => ({
    default: m.InvoiceAdmin,
  })),
);

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
      {isDrpCoordinator(actor) ? (
        <Suspense fallback={null}>
          <CoordinatorWork />
        </Suspense>
      ) : null}
      {canCreateRecord(actor) &&
      !canWriteLogbook({ ...actor, verifyByHod: user.verifyByHod, paid: user.paid }) ? (
        <AwaitingApprovalNotice />
      ) : null}
      {canCreateRecord(actor) ? <MonthStrip studentId={user.id} joiningDate={user.joiningDate} /> : null}
      {canCreateRecord(actor) ? <StudentProgress /> : null}
      {canVerifyRecords(actor) ? <PendingVerifications /> : null}
      {canAuthenticateAnyMonths(actor) ? <ResidentsToAuthenticate /> : null}
      {/* Phones only: the college and course tiles, after the logbook (see WelcomeCard). */}
      <WelcomeDetails user={user} />
      {canManageSiteSettings(actor) ? (
        <Suspense fallback={null}>
          <LandingVideoCard />
          <InvoiceAdmin />
        </Suspense>
      ) : null}
    </Stack>
  );
}
