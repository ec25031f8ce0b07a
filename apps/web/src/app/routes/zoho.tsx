import { ZohoPage } from '../../features/commerce/crm/zoho-page';

export function Component() {
  return <ZohoPage />;
}
