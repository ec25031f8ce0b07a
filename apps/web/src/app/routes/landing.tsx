import { redirect } from 'react-router';
import { isLaunchGateActive } from '../../features/public/api/get-public-settings';
import { LandingPage } from '../../features/public/components/landing-page';
import { paths } from '../../lib/paths';
import { queryClient } from '../query-client';

/** While the launch gate is closed, the landing is replaced by /launching (spec 01 section 2.2). */
export async function loader() {
  if (await isLaunchGateActive(queryClient)) throw redirect(paths.launching);
  return null;
}

export function Component() {
  return <LandingPage />;
}
