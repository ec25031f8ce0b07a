import { redirect } from 'react-router';
import { isLaunchGateActive } from '../../features/public/api/get-public-settings';
import { LaunchPage } from '../../features/public/components/launch-page';
import { paths } from '../../lib/paths';
import { queryClient } from '../query-client';

/** Nothing to launch when the gate is open (or not configured): go home. Asks the server afresh. */
export async function loader() {
  if ((await isLaunchGateActive(queryClient, { fresh: true })) === false) throw redirect(paths.home);
  return null;
}

export function Component() {
  return <LaunchPage />;
}
