import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type InvoiceSummary,
  invoiceDate,
  invoiceFileName,
  invoicePdfUrl,
  INVOICE_MESSAGES as M,
} from '@pgel/shared/commerce/invoices';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { IconAlertTriangle, IconReceipt } from '@tabler/icons-react';
import { DownloadButton } from '../../../../components/download-button';
import { errorMessage } from '../../../../lib/api-client';
import { useMyInvoices } from '../api/invoices';

const TITLE_ID = 'my-invoices-title';

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {invoice.number}
        </Text>
        <Text size="sm" c="dimmed">
          {invoiceDate(invoice.issuedAt)} · {formatInr(invoice.totalPaise)}
        </Text>
      </Stack>
      <DownloadButton
        size="compact-md"
        url={invoicePdfUrl(invoice.id)}
        fileName={invoiceFileName(invoice.number)}
        aria-label={`Download invoice ${invoice.number}`}
      >
        Download
      </DownloadButton>
    </Group>
  );
}

/**
 * The profile's tax invoices (issue 28): each GST invoice of the student's payments with its
 * number, date and total, and its PDF. Where the invoice mail's link leads (`/profile#invoices`).
 */
export function MyInvoicesCard() {
  const invoices = useMyInvoices();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" id="invoices" aria-labelledby={TITLE_ID}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconReceipt size={24} />
          </ThemeIcon>
          <Title order={2} size="h3" id={TITLE_ID}>
            Tax invoices
          </Title>
        </Group>
        {invoices.isPending ? (
          <Loader size="sm" aria-label="Loading invoices" />
        ) : invoices.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Group gap="sm">
              <span>{errorMessage(invoices.error)}</span>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void invoices.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : invoices.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {M.noInvoices}
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {invoices.data.items.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
