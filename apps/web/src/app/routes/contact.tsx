import { redirect } from 'react-router';
import { isLaunchGateActive } from '../../features/public/api/get-public-settings';
import { ContactPage } from '../../features/public/components/contact-page';
import { paths } from '../../lib/paths';
import { queryClient } from '../query-client';

/** The contact page, like the landing, waits behind the launch gate (spec 01 section 2.2). */
export async function loader() {
  if (await isLaunchGateActive(queryClient)) throw redirect(paths.launching);
  return null;
}

export function Component() {
  return <ContactPage />;
}
