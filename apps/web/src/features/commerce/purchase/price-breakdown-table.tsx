import { Table } from '@mantine/core';
import { formatInr, GST_PERCENT, type PriceBreakdown } from '@pgel/shared/commerce/pricing';

/**
 * What the student pays, line by line (spec 01 section 9): the offer price, less the coupon,
 * floored at 0, plus GST of 18 %. The server prices the order the same way; these figures are
 * only shown.
 */
export function PriceBreakdownTable({ breakdown }: { breakdown: PriceBreakdown }) {
  const rows: Array<[string, string]> = [
    ['Offer price', formatInr(breakdown.offerPaise)],
    [
      'Coupon discount',
      breakdown.discountPaise > 0 ? `− ${formatInr(breakdown.discountPaise)}` : formatInr(0),
    ],
    ['Taxable amount', formatInr(breakdown.taxablePaise)],
    [`GST ${GST_PERCENT} %`, formatInr(breakdown.gstPaise)],
  ];
  return (
    <Table withTableBorder verticalSpacing={6} aria-label="Price breakdown">
      <Table.Tbody>
        {rows.map(([label, amount]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {amount}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr bg="gray.0">
          <Table.Th scope="row" fw={700}>
            Total
          </Table.Th>
          <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatInr(breakdown.totalPaise)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
