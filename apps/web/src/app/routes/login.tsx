import { useMatch } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { paths } from '../../lib/paths';

/**
 * /login (Student Login) and /staffLogin (Faculty Login): one route for both addresses (see
 * app/router.tsx), so switching the tab changes the URL without replacing the page and its form.
 */
export function Component() {
  const isStaff = useMatch(paths.staffLogin) !== null;
  return <LoginPage kind={isStaff ? 'staff' : 'student'} />;
}
