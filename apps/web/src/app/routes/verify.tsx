import { VerifyEmailPage } from '../../features/auth/components/verify-email-page';

export function VerifyStudentRoute() {
  return <VerifyEmailPage kind="student" />;
}

export function VerifyStaffRoute() {
  return <VerifyEmailPage kind="staff" />;
}

export function VerifyDrpcRoute() {
  return <VerifyEmailPage kind="drpc" />;
}
