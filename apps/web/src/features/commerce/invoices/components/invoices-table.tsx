import { Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  type InvoiceSummary,
  invoiceDate,
  invoiceFileName,
  invoicePdfUrl,
} from '@pgel/shared/commerce/invoices';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { IconReceipt } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../../components/data-table';
import { DownloadButton } from '../../../../components/download-button';
import { invoiceKeys, listInvoices } from '../api/invoices';

const TITLE_ID = 'all-invoices-title';
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Master's list of every GST tax invoice, newest first, each downloadable (issue 28). */
export function InvoicesTable() {
  const list = useListQuery({
    queryKey: invoiceKeys.all,
    queryFn: (params, signal) => listInvoices(params, signal),
    paramPrefix: 'invoices',
  });
  const columns: DataTableColumn<InvoiceSummary>[] = [
    { key: 'number', header: 'Invoice No.', cell: (invoice) => nowrap(invoice.number), card: 'title' },
    { key: 'date', header: 'Date', cell: (invoice) => nowrap(invoiceDate(invoice.issuedAt)) },
    { key: 'buyer', header: 'Student', cell: (invoice) => invoice.buyerName },
    {
      key: 'email',
      header: 'Email',
      cell: (invoice) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {invoice.buyerEmail}
        </Text>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      cell: (invoice) => nowrap(formatInr(invoice.totalPaise)),
      align: 'right',
    },
    {
      key: 'pdf',
      header: 'PDF',
      card: 'actions',
      cell: (invoice) => (
        <DownloadButton
          size="compact-sm"
          url={invoicePdfUrl(invoice.id)}
          fileName={invoiceFileName(invoice.number)}
          aria-label={`Download invoice ${invoice.number}`}
        >
          Download
        </DownloadButton>
      ),
    },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconReceipt size={20} aria-hidden />
          <Title order={2} size="h4" id={TITLE_ID}>
            Tax invoices issued
          </Title>
        </Group>
        <DataTable
          label="Tax invoices"
          columns={columns}
          rowKey={(invoice) => invoice.id}
          searchPlaceholder="Number, student or email"
          {...list.tableProps}
        />
      </Stack>
    </Card>
  );
}
