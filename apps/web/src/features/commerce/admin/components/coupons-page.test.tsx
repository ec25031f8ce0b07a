import { COUPON_MESSAGES, type Coupon } from '@pgel/shared/commerce/coupons';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ACTION_EVENT } from '../../../../components/floating-add-button';
import { stubScreenWidth } from '../../../../test/screen-width';
import { sessionUser } from '../../../../test/session-user';
import { labelled, PATIENTLY, readDialog } from '../../../records/components/test-support';
import { CouponsPage } from './coupons-page';
import { master, page, renderAs } from './test-fixtures';

const LIST = 'GET /coupons?page=1&pageSize=10';

function coupon(changes: Partial<Coupon> = {}): Coupon {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    code: 'WELCOME500',
    discountPaise: 50_000,
    quantity: 10,
    usedCount: 3,
    remaining: 7,
    status: 'available',
    createdAt: '2026-04-01T10:00:00.000Z',
    ...changes,
  };
}

const used = coupon({
  id: '00000000-0000-4000-8000-0000000000a2',
  code: 'GONE2025',
  discountPaise: 125_050,
  quantity: 2,
  usedCount: 2,
  remaining: 0,
  status: 'used',
});

async function openCreate() {
  act(() => void window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT)));
  return screen.findByRole('dialog', { name: 'Create Coupon' }, PATIENTLY);
}

function fill(dialog: HTMLElement, values: { qty?: string; discount?: string; code?: string }) {
  const set = (label: string, value: string | undefined) => {
    if (value === undefined) return;
    fireEvent.change(within(dialog).getByRole('textbox', { name: labelled(label) }), { target: { value } });
  };
  set('Quantity', values.qty);
  set('Discount (INR)', values.discount);
  set('Code', values.code);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('CouponsPage', () => {
  it("lists the coupons with the spec's columns: amount in rupees, uses left, status", async () => {
    renderAs(master, <CouponsPage />, { [LIST]: page([coupon(), used]) });
    const table = await screen.findByRole('table', { name: 'Coupons' });
    await within(table).findByText('WELCOME500', {}, PATIENTLY);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Sr.', 'Code', 'Amount', 'QTY', 'Status', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'WELCOME500', '₹ 500', '7', 'Available', ''],
      ['2', 'GONE2025', '₹ 1,250.50', '0', 'Used', ''],
    ]);
  });

  it('creates a coupon from the floating button: client checks, then the server’s answer', async () => {
    let created = false;
    const { sent } = renderAs(master, <CouponsPage />, {
      [LIST]: () => page(created ? [coupon({ code: 'SPRING2026', remaining: 5, quantity: 5 })] : []),
      'POST /coupons': () => {
        created = true;
        return {
          status: 201,
          body: {
            message: COUPON_MESSAGES.created,
            coupon: coupon({ code: 'SPRING2026', remaining: 5, quantity: 5 }),
          },
        };
      },
    });
    await screen.findByText('No Data Found', {}, PATIENTLY);

    let dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await readDialog('Validation Failed')).textContent).toContain(COUPON_MESSAGES.valueNotPositive);

    fill(dialog, { qty: '5', discount: '250', code: 'abc' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await readDialog('Validation Failed')).textContent).toContain(COUPON_MESSAGES.codeTooShort);
    expect(within(dialog).getByText(COUPON_MESSAGES.codeTooShort)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    dialog = screen.getByRole('dialog', { name: 'Create Coupon' });
    fill(dialog, { code: ' spring2026 ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await readDialog('Success')).textContent).toContain(COUPON_MESSAGES.created);
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      couponQty: 5,
      discount: 250,
      code: 'SPRING2026',
    });
    await screen.findByText('SPRING2026', {}, PATIENTLY);
    expect(screen.queryByRole('dialog', { name: 'Create Coupon' })).toBeNull();
  });

  it('shows the server’s refusal of a taken code and keeps the form as typed', async () => {
    renderAs(master, <CouponsPage />, {
      [LIST]: page([coupon()]),
      'POST /coupons': { status: 409, body: { code: 'conflict', message: COUPON_MESSAGES.codeTaken } },
    });
    await screen.findByText('WELCOME500', {}, PATIENTLY);
    // The header's button opens the same form as the floating one.
    fireEvent.click(screen.getByRole('button', { name: 'Create Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Coupon' }, PATIENTLY);
    fill(dialog, { qty: '1', discount: '100', code: 'WELCOME500' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await readDialog('Error')).textContent).toContain(COUPON_MESSAGES.codeTaken);
    expect((within(dialog).getByRole('textbox', { name: labelled('Code') }) as HTMLInputElement).value).toBe(
      'WELCOME500',
    );
  });

  it('deletes a coupon after a confirmation naming its code', async () => {
    let deleted = false;
    const { sent } = renderAs(master, <CouponsPage />, {
      [LIST]: () => page(deleted ? [used] : [coupon(), used]),
      'DELETE /coupons/00000000-0000-4000-8000-0000000000a1': () => {
        deleted = true;
        return { status: 200, body: { message: COUPON_MESSAGES.deleted } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Coupons' });
    await within(table).findByText('WELCOME500', {}, PATIENTLY);

    fireEvent.click(within(table).getByRole('button', { name: 'Delete coupon WELCOME500' }));
    const confirm = await screen.findByRole('dialog', { name: COUPON_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(COUPON_MESSAGES.confirmDelete('WELCOME500'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect((await readDialog('Deleted!')).textContent).toContain(COUPON_MESSAGES.deleted);
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('WELCOME500')).toBeNull(), PATIENTLY);
  });

  it('is for Master only: others see the no-access panel and nothing is fetched', async () => {
    const { sent } = renderAs(sessionUser({ role: 'hod' }), <CouponsPage />, {});
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    act(() => void window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT)));
    expect(screen.queryByRole('dialog', { name: 'Create Coupon' })).toBeNull();
    expect(sent.some((request) => request.path.startsWith('/coupons'))).toBe(false);
  });

  it('shows each coupon as a card on a 390 px phone', async () => {
    stubScreenWidth(390);
    renderAs(master, <CouponsPage />, { [LIST]: page([coupon()]) });
    const cards = await screen.findByRole('list', { name: 'Coupons' }, PATIENTLY);
    await waitFor(() => expect(within(cards).getByText('WELCOME500')).toBeTruthy(), PATIENTLY);
    expect(within(cards).getByText('Available')).toBeTruthy();
    expect(within(cards).getByText('₹ 500')).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Delete coupon WELCOME500' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Coupons' })).toBeNull();
  });
});
