import type { CouponPayment, Sponsor } from '@pgel/shared/commerce/referrals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ACTION_EVENT } from '../../../../components/floating-add-button';
import { stubScreenWidth } from '../../../../test/screen-width';
import { PATIENTLY, pickOption } from '../../../records/components/test-support';
import { ReferralPage } from './referral-page';
import { master, page, renderAs } from './test-fixtures';

const COLLEGE = '00000000-0000-4000-8000-0000000000c1';
const DEPARTMENT = '00000000-0000-4000-8000-0000000000d1';

const payment: CouponPayment = {
  id: '00000000-0000-4000-8000-0000000000e1',
  studentName: 'Asha Nair',
  studentEmail: 'asha@example.test',
  college: 'GMC Guwahati',
  department: 'General Medicine',
  couponCode: 'WELCOME500',
  discountPaise: 50_000,
  amountPaise: 1_120_820,
  paymentId: 'pay_Q1w2e3r4',
  gateway: 'razorpay',
  paidAt: '2026-04-05T06:30:00.000Z',
};

const sponsor: Sponsor = {
  id: '00000000-0000-4000-8000-0000000000f9',
  name: 'Dr. Kavya Rao',
  email: 'kavya@example.test',
  referralId: 'KAV123456',
  kind: 'Professor',
  paidCount: 1,
  referrals: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'Ravi Kumar',
      phone: '9876543210',
      email: 'ravi@example.test',
      college: 'GMC Guwahati',
      department: 'General Medicine',
      payment: {
        amountPaise: 1_179_882,
        couponCode: null,
        paymentId: 'pay_R1',
        gateway: 'razorpay',
        paidAt: '2026-03-02T08:00:00.000Z',
      },
    },
    {
      id: '00000000-0000-4000-8000-0000000000b2',
      name: 'Meera Das',
      phone: null,
      email: 'meera@example.test',
      college: null,
      department: null,
      payment: null,
    },
  ],
};

const FILTER_ROUTES = {
  'GET /colleges': { status: 200, body: { items: [{ id: COLLEGE, name: 'GMC Guwahati', state: 'Assam' }] } },
  'GET /departments': {
    status: 200,
    body: { items: [{ id: DEPARTMENT, name: 'General Medicine', courses: [] }] },
  },
  [`GET /colleges/${COLLEGE}/departments`]: {
    status: 200,
    body: { items: [{ id: DEPARTMENT, name: 'General Medicine' }] },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ReferralPage', () => {
  it('Coupon view: the payments made with a coupon, narrowed by college and department', async () => {
    const { sent } = renderAs(master, <ReferralPage />, {
      ...FILTER_ROUTES,
      'GET /coupon-payments?page=1&pageSize=10': page([payment]),
      [`GET /coupon-payments?page=1&pageSize=10&collegeId=${COLLEGE}`]: page([payment]),
      [`GET /coupon-payments?page=1&pageSize=10&collegeId=${COLLEGE}&departmentId=${DEPARTMENT}`]: page([]),
    });
    const table = await screen.findByRole('table', { name: 'Coupon payments' });
    await within(table).findByText('Asha Nair', {}, PATIENTLY);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Sr.',
      'Student',
      'Email',
      'College',
      'Department',
      'Code',
      'Discount',
      'Amount paid',
      'Payment ID',
      'Date',
    ]);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1',
      'Asha Nair',
      'asha@example.test',
      'GMC Guwahati',
      'General Medicine',
      'WELCOME500',
      '₹ 500',
      '₹ 11,208.20',
      'pay_Q1w2e3r4',
      '05-04-2026',
    ]);

    await pickOption('College', 'GMC Guwahati');
    await waitFor(
      () => expect(sent.some((request) => request.path.endsWith(`collegeId=${COLLEGE}`))).toBe(true),
      PATIENTLY,
    );
    await pickOption('Department', 'General Medicine');
    await within(table).findByText('No Data Found', {}, PATIENTLY);
    // With a college chosen the departments offered are that college's.
    expect(sent.some((request) => request.path === `/colleges/${COLLEGE}/departments`)).toBe(true);
  });

  it('Referral view: sponsors with counts, and who each referred and whether they paid', async () => {
    renderAs(master, <ReferralPage />, {
      ...FILTER_ROUTES,
      'GET /coupon-payments?page=1&pageSize=10': page([]),
      'GET /referrals?page=1&pageSize=10': page([sponsor]),
    });
    await screen.findByRole('table', { name: 'Coupon payments' });
    fireEvent.click(screen.getByRole('radio', { name: 'Referral' }));
    const table = await screen.findByRole('table', { name: 'Referrals' }, PATIENTLY);
    await within(table).findByText('Dr. Kavya Rao', {}, PATIENTLY);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1',
      'Dr. Kavya Raokavya@example.test',
      'KAV123456',
      'Professor',
      '2',
      '1',
      'View',
    ]);

    fireEvent.click(within(table).getByRole('button', { name: 'Referred students of Dr. Kavya Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Referred by Dr. Kavya Rao' }, PATIENTLY);
    const students = within(within(dialog).getByRole('list', { name: 'Referred students' })).getAllByRole(
      'listitem',
    );
    expect(students).toHaveLength(2);
    expect(students[0]?.textContent).toContain('Ravi Kumar');
    expect(students[0]?.textContent).toContain('ravi@example.test · 9876543210');
    expect(students[0]?.textContent).toContain('Paid ₹ 11,798.82 on 02-03-2026');
    expect(students[1]?.textContent).toContain('Meera Das');
    expect(students[1]?.textContent).toContain('Pending');
  });

  it('opens Create Coupon from the floating button, and shows the sponsors as cards at 390 px', async () => {
    stubScreenWidth(390);
    renderAs(
      master,
      <ReferralPage />,
      { ...FILTER_ROUTES, 'GET /referrals?page=1&pageSize=10': page([sponsor]) },
      '/referral?view=referral',
    );
    const cards = await screen.findByRole('list', { name: 'Referrals' }, PATIENTLY);
    await waitFor(() => expect(within(cards).getByText('Dr. Kavya Rao')).toBeTruthy(), PATIENTLY);
    expect(screen.queryByRole('table')).toBeNull();

    act(() => void window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT)));
    expect(await screen.findByRole('dialog', { name: 'Create Coupon' }, PATIENTLY)).toBeTruthy();
  });
});
