import { PACKAGE_MESSAGES, type Package } from '@pgel/shared/commerce/packages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ACTION_EVENT } from '../../../../components/floating-add-button';
import { stubScreenWidth } from '../../../../test/screen-width';
import { sessionUser } from '../../../../test/session-user';
import { labelled, PATIENTLY, readDialog } from '../../../records/components/test-support';
import { PackagesPage } from './packages-page';
import { master, renderAs } from './test-fixtures';

const ID = '00000000-0000-4000-8000-0000000000a1';

function pkg(changes: Partial<Package> = {}): Package {
  return {
    id: ID,
    title: 'MD / MS (3 years)',
    description: 'The full logbook for a postgraduate degree.',
    pricePaise: 1_500_000,
    offerPricePaise: 999_900,
    validityMonths: 36,
    active: true,
    sortOrder: 1,
    offeredEverywhere: false,
    ...changes,
  };
}
const hidden = pkg({
  id: '00000000-0000-4000-8000-0000000000a2',
  title: 'Diploma',
  description: '',
  pricePaise: 500_000,
  offerPricePaise: 500_000,
  validityMonths: 24,
  active: false,
  sortOrder: 2,
});

const list = (items: Package[]) => ({ status: 200, body: { items } });

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByRole('textbox', { name: labelled(label) }) as HTMLInputElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('PackagesPage', () => {
  it('lists every package, hidden ones marked, with prices in rupees and the validity', async () => {
    renderAs(master, <PackagesPage />, { 'GET /packages': list([pkg(), hidden]) });
    const packages = await screen.findByRole('list', { name: 'Packages' }, PATIENTLY);
    const [full, diploma] = within(packages).getAllByRole('listitem');
    expect(full?.textContent).toContain('Active');
    expect(within(full as HTMLElement).getByLabelText('Offer price ₹ 9,999')).toBeTruthy();
    expect(within(full as HTMLElement).getByLabelText('Price ₹ 15,000')).toBeTruthy();
    expect(full?.textContent).toContain('Validity: 3 years');
    expect(diploma?.textContent).toContain('Hidden');
    expect(diploma?.textContent).toContain('Validity: 2 years');
    // No struck-through price when there is no offer.
    expect(within(diploma as HTMLElement).queryByLabelText(/^Price /)).toBeNull();
    expect(within(diploma as HTMLElement).getByRole('button', { name: 'Show Diploma' })).toBeTruthy();
  });

  it('says which colleges may buy each package: every college, those enabled, or none yet', async () => {
    const colleges = ['Alpha Medical College', 'Beta Medical College', 'Gamma Institute', 'Delta College'];
    renderAs(master, <PackagesPage />, {
      'GET /packages': list([
        pkg({ offeredEverywhere: true, title: 'Single' }),
        pkg({
          id: `${ID.slice(0, -1)}3`,
          title: 'Group',
          colleges: [{ id: 'c1', name: colleges[0] as string }],
        }),
        pkg({
          id: `${ID.slice(0, -1)}4`,
          title: 'University',
          colleges: colleges.map((name, n) => ({ id: `c${n}`, name })),
        }),
        pkg({ id: `${ID.slice(0, -1)}5`, title: 'Institutional', colleges: [] }),
      ]),
    });
    const packages = await screen.findByRole('list', { name: 'Packages' }, PATIENTLY);
    const [single, group, university, institutional] = within(packages).getAllByRole('listitem');
    expect(single?.textContent).toContain('Offered to: every college');
    expect(group?.textContent).toContain('Offered to 1 college: Alpha Medical College');
    expect(university?.textContent).toContain(
      'Offered to 4 colleges: Alpha Medical College, Beta Medical College, Gamma Institute and 1 more',
    );
    expect(institutional?.textContent).toContain('Offered to: no college yet');
    expect(
      within(institutional as HTMLElement)
        .getByRole('link', { name: 'Enable it for a college on the College List' })
        .getAttribute('href'),
    ).toBe('/addCollege');
  });

  it('adds a package from the floating button: the offer may not exceed the price', async () => {
    let items = [pkg()];
    const { sent } = renderAs(master, <PackagesPage />, {
      'GET /packages': () => list(items),
      'POST /packages': () => {
        const created = pkg({ id: '00000000-0000-4000-8000-0000000000a3', title: 'Super speciality' });
        items = [...items, created];
        return { status: 201, body: { message: PACKAGE_MESSAGES.saved, package: created } };
      },
    });
    await screen.findByRole('list', { name: 'Packages' }, PATIENTLY);
    act(() => void window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT)));
    const dialog = await screen.findByRole('dialog', { name: 'Add Package' }, PATIENTLY);
    expect(field(dialog, 'Validity (months)').value).toBe('36');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await readDialog('Validation Failed')).textContent).toContain(PACKAGE_MESSAGES.titleRequired);

    fireEvent.change(field(dialog, 'Title'), { target: { value: 'Super speciality' } });
    fireEvent.change(field(dialog, 'Price (INR)'), { target: { value: '12000' } });
    fireEvent.change(field(dialog, 'Offer price (INR)'), { target: { value: '15000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await readDialog('Validation Failed')).textContent).toContain(PACKAGE_MESSAGES.offerAbovePrice);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(field(dialog, 'Offer price (INR)'), { target: { value: '9999.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await readDialog('Success')).textContent).toContain(PACKAGE_MESSAGES.saved);
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      title: 'Super speciality',
      description: '',
      price: 12000,
      offerPrice: 9999.5,
      validityMonths: 36,
      active: true,
      sortOrder: 0,
      offeredEverywhere: false,
    });
    await screen.findByText('Super speciality', {}, PATIENTLY);
  });

  it('edits a package from its current values, and hides one with a single press', async () => {
    const { sent } = renderAs(master, <PackagesPage />, {
      'GET /packages': list([pkg()]),
      [`PUT /packages/${ID}`]: (body) => ({
        status: 200,
        body: { message: PACKAGE_MESSAGES.saved, package: { ...pkg(), ...(body as object) } },
      }),
    });
    const packages = await screen.findByRole('list', { name: 'Packages' }, PATIENTLY);
    fireEvent.click(within(packages).getByRole('button', { name: 'Edit MD / MS (3 years)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' }, PATIENTLY);
    expect(field(dialog, 'Title').value).toBe('MD / MS (3 years)');
    expect(field(dialog, 'Offer price (INR)').value).toBe('₹ 9,999');
    fireEvent.change(field(dialog, 'Title'), { target: { value: 'MD / MS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await readDialog('Success');
    expect(sent.filter((request) => request.method === 'PUT')[0]?.body).toMatchObject({
      title: 'MD / MS',
      price: 15000,
      offerPrice: 9999,
      active: true,
    });

    fireEvent.click(within(packages).getByRole('button', { name: 'Hide MD / MS (3 years)' }));
    await readDialog('Success');
    expect(sent.filter((request) => request.method === 'PUT')[1]?.body).toEqual({
      title: 'MD / MS (3 years)',
      description: 'The full logbook for a postgraduate degree.',
      price: 15000,
      offerPrice: 9999,
      validityMonths: 36,
      active: false,
      sortOrder: 1,
      offeredEverywhere: false,
    });
  });

  it('shows the server’s refusal to delete a package that payments use', async () => {
    const { sent } = renderAs(master, <PackagesPage />, {
      'GET /packages': list([pkg()]),
      [`DELETE /packages/${ID}`]: {
        status: 409,
        body: { code: 'conflict', message: PACKAGE_MESSAGES.inUse },
      },
    });
    const packages = await screen.findByRole('list', { name: 'Packages' }, PATIENTLY);
    fireEvent.click(within(packages).getByRole('button', { name: 'Delete MD / MS (3 years)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' }, PATIENTLY);
    expect(confirm.textContent).toContain('Delete the package MD / MS (3 years)?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect((await readDialog('Error')).textContent).toContain(PACKAGE_MESSAGES.inUse);
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(within(packages).getByText('MD / MS (3 years)')).toBeTruthy();
  });

  it('is for Master only', async () => {
    const { sent } = renderAs(sessionUser(), <PackagesPage />, {});
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(sent.some((request) => request.path === '/packages')).toBe(false);
  });

  it('lists the packages and opens the form full-screen on a 390 px phone', async () => {
    stubScreenWidth(390);
    renderAs(master, <PackagesPage />, { 'GET /packages': list([pkg(), hidden]) });
    const packages = await screen.findByRole('list', { name: 'Packages' }, PATIENTLY);
    expect(within(packages).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Package' }, PATIENTLY);
    await waitFor(() => expect(dialog.closest('[data-full-screen]')).toBeTruthy(), PATIENTLY);
  });
});
