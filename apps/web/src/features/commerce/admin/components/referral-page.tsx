import { SegmentedControl, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageCommerce } from '@pgel/shared/auth/policies';
import { REFERRAL_VIEW_LABELS } from '@pgel/shared/commerce/referrals';
import { isUuid } from '@pgel/shared/schemas/common';
import { useAddAction } from '../../../../components/floating-add-button';
import { useLiveSearchParams } from '../../../../lib/search-params';
import { useSessionUser } from '../../../../lib/session';
import type { ReferralFilters } from '../api/referrals';
import { AdminPage, MasterOnlyPanel } from './admin-page';
import { CouponPaymentsTable } from './coupon-payments-table';
import { CREATE_COUPON_TITLE, CreateCouponModal } from './create-coupon-modal';
import { ReferralFilterSelects } from './referral-filters';
import { SponsorsTable } from './sponsors-table';

const TITLE = 'Referral';

type View = keyof typeof REFERRAL_VIEW_LABELS;
const VIEW_OPTIONS = (Object.keys(REFERRAL_VIEW_LABELS) as View[]).map((value) => ({
  value,
  label: REFERRAL_VIEW_LABELS[value],
}));

/** An id from the address, or nothing when it is missing or not an id (an old or edited link). */
function readId(value: string | null): string | null {
  return value && isUuid(value) ? value : null;
}

/**
 * /referral (Master; spec 03 sections 2, 3, 7): the Coupon view (payments made with a coupon)
 * or the Referral view (sponsors and the students they referred), both narrowed by college and
 * department. The view and filters live in the address; the floating button opens Create Coupon.
 */
export function ReferralPage() {
  const user = useSessionUser();
  const isAllowed = canManageCommerce(user);
  const [isCreateOpen, createModal] = useDisclosure(false);
  const [searchParams, setSearchParams] = useLiveSearchParams();
  useAddAction(() => {
    if (isAllowed) createModal.open();
  });

  if (!isAllowed) return <MasterOnlyPanel title={TITLE} />;

  const view: View = searchParams.get('view') === 'referral' ? 'referral' : 'coupon';
  const collegeId = readId(searchParams.get('collegeId'));
  const departmentId = readId(searchParams.get('departmentId'));
  const filters: ReferralFilters = {
    ...(collegeId ? { collegeId } : {}),
    ...(departmentId ? { departmentId } : {}),
  };

  /** Sets some parameters (null removes one) and starts the list again from its first page. */
  const update = (changes: Record<string, string | null>) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
      return next;
    });
  };

  const controls = (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="View"
        data={VIEW_OPTIONS}
        value={view}
        // The two lists search different things: a search typed in one is not kept for the other.
        onChange={(value) => update({ view: value === 'referral' ? 'referral' : null, search: null })}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <ReferralFilterSelects
        collegeId={collegeId}
        departmentId={departmentId}
        // Another college has other departments: the department filter starts again.
        onCollegeChange={(id) => update({ collegeId: id, departmentId: null })}
        onDepartmentChange={(id) => update({ departmentId: id })}
      />
    </Stack>
  );

  return (
    <AdminPage title={TITLE} addLabel={CREATE_COUPON_TITLE} onAdd={createModal.open} controls={controls}>
      {view === 'coupon' ? <CouponPaymentsTable filters={filters} /> : <SponsorsTable filters={filters} />}
      <CreateCouponModal opened={isCreateOpen} onClose={createModal.close} />
    </AdminPage>
  );
}
