import { LoginPage } from '../../features/auth/components/login-page';

export function StudentLoginRoute() {
  return <LoginPage kind="student" />;
}

export function StaffLoginRoute() {
  return <LoginPage kind="staff" />;
}
