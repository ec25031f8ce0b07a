import { Text } from '@mantine/core';
import { formatInr } from '@pgel/shared/commerce/pricing';
import type { CouponPayment } from '@pgel/shared/commerce/referrals';
import { DataTable, type DataTableColumn, useListQuery } from '../../../../components/data-table';
import { commerceAdminKeys } from '../api/keys';
import { listCouponPayments, type ReferralFilters } from '../api/referrals';
import { formatDay } from './format';

const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Coupon view: the verified payments made with a coupon, newest first. */
export function CouponPaymentsTable({ filters }: { filters: ReferralFilters }) {
  const list = useListQuery({
    queryKey: [...commerceAdminKeys.couponPayments, filters],
    queryFn: (params, signal) => listCouponPayments(params, filters, signal),
  });

  const columns: DataTableColumn<CouponPayment>[] = [
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 60 },
    { key: 'student', header: 'Student', cell: (payment) => payment.studentName },
    {
      key: 'email',
      header: 'Email',
      cell: (payment) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payment.studentEmail}
        </Text>
      ),
    },
    { key: 'college', header: 'College', cell: (payment) => payment.college ?? '-' },
    { key: 'department', header: 'Department', cell: (payment) => payment.department ?? '-' },
    { key: 'code', header: 'Code', cell: (payment) => <code>{payment.couponCode ?? '-'}</code> },
    { key: 'discount', header: 'Discount', cell: (payment) => nowrap(formatInr(payment.discountPaise)) },
    { key: 'amount', header: 'Amount paid', cell: (payment) => nowrap(formatInr(payment.amountPaise)) },
    {
      key: 'paymentId',
      header: 'Payment ID',
      cell: (payment) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payment.paymentId}
        </Text>
      ),
    },
    { key: 'date', header: 'Date', cell: (payment) => nowrap(formatDay(payment.paidAt)) },
  ];

  return (
    <DataTable
      label="Coupon payments"
      columns={columns}
      rowKey={(payment) => payment.id}
      searchPlaceholder="Search student, code or payment ID"
      minWidth={1100}
      {...list.tableProps}
    />
  );
}
