import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LogoutScreen } from '../features/auth/components/logout-screen';

/**
 * The router's error fallback (spec 01 section 2.1): an unexpected error signs the user out and
 * shows the logout screen, so a broken page never leaves a half-working session behind.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <LogoutScreen />;
}
