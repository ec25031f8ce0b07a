import { MonthAuthenticationPage } from '../../features/monthly-authentication/components/month-authentication-page';

/** `/authentication/:studentId`: a resident's monthly authentication (issue 30). */
export function Component() {
  return <MonthAuthenticationPage />;
}
