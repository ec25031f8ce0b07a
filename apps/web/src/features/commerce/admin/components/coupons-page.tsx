import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageCommerce } from '@pgel/shared/auth/policies';
import { COUPON_MESSAGES, COUPON_STATUS_LABELS, type Coupon } from '@pgel/shared/commerce/coupons';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../../components/data-table';
import { useAddAction } from '../../../../components/floating-add-button';
import { useSessionUser } from '../../../../lib/session';
import { listCoupons, useDeleteCoupon } from '../api/coupons';
import { commerceAdminKeys } from '../api/keys';
import { AdminPage, MasterOnlyPanel } from './admin-page';
import { confirmAndDelete } from './confirm-delete';
import { CREATE_COUPON_TITLE, CreateCouponModal } from './create-coupon-modal';

const TITLE = 'Coupons';

export function CouponStatusBadge({ status }: { status: Coupon['status'] }) {
  return (
    <Badge color={status === 'available' ? 'teal' : 'gray'} variant="light">
      {COUPON_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * /coupons (Master; spec 03 sections 2, 3, 5): the live coupons with Sr., Code, Amount, QTY
 * (uses left) and status; Create Coupon from the header or the floating button; delete per row
 * after a confirmation naming the code.
 */
export function CouponsPage() {
  const user = useSessionUser();
  const isAllowed = canManageCommerce(user);
  const [isCreateOpen, createModal] = useDisclosure(false);
  const remove = useDeleteCoupon();
  const list = useListQuery({
    queryKey: commerceAdminKeys.coupons,
    queryFn: listCoupons,
    enabled: isAllowed,
  });
  useAddAction(() => {
    if (isAllowed) createModal.open();
  });

  if (!isAllowed) return <MasterOnlyPanel title={TITLE} />;

  const columns: DataTableColumn<Coupon>[] = [
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 60 },
    { key: 'code', header: 'Code', cell: (coupon) => <code>{coupon.code}</code> },
    {
      key: 'amount',
      header: 'Amount',
      cell: (coupon) => <span style={{ whiteSpace: 'nowrap' }}>{formatInr(coupon.discountPaise)}</span>,
    },
    { key: 'qty', header: 'QTY', cell: (coupon) => coupon.remaining, cardLabel: 'QTY left' },
    {
      key: 'status',
      header: 'Status',
      cell: (coupon) => <CouponStatusBadge status={coupon.status} />,
      card: 'status',
    },
    {
      key: 'action',
      header: 'Action',
      sticky: 'end',
      align: 'center',
      width: 80,
      cell: (coupon) => (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={`Delete coupon ${coupon.code}`}
            onClick={() =>
              void confirmAndDelete({
                title: COUPON_MESSAGES.confirmTitle,
                message: COUPON_MESSAGES.confirmDelete(coupon.code),
                remove: () => remove.mutateAsync(coupon.id),
              })
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <AdminPage title={TITLE} addLabel={CREATE_COUPON_TITLE} onAdd={createModal.open}>
      <DataTable
        label="Coupons"
        columns={columns}
        rowKey={(coupon) => coupon.id}
        searchPlaceholder="Search code"
        minWidth={560}
        {...list.tableProps}
      />
      <CreateCouponModal opened={isCreateOpen} onClose={createModal.close} />
    </AdminPage>
  );
}
