import { PackagesPage } from '../../features/commerce/admin/components/packages-page';

/** `/managePackages` (Master): the packages students buy. */
export function Component() {
  return <PackagesPage />;
}
