import { LogoutScreen } from '../../features/auth/components/logout-screen';

export function Component() {
  return <LogoutScreen />;
}
