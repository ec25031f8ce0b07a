import { Stack } from '@mantine/core';
import { InvoicesTable } from './invoices-table';
import { SellerSettingsCard } from './seller-settings-card';

/** Master's tax invoice section (issue 28): the seller's details and every invoice issued. */
export function InvoiceAdmin() {
  return (
    <Stack gap="lg">
      <SellerSettingsCard />
      <InvoicesTable />
    </Stack>
  );
}
