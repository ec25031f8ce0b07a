import { type CollegePackage, PACKAGE_MESSAGES } from '@pgel/shared/commerce/packages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATIENTLY, readDialog } from '../../../records/components/test-support';
import { CollegePackagesModal } from './college-packages-modal';
import { master, renderAs } from './test-fixtures';

const COLLEGE = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Demo Medical College' };
const item = (id: string, title: string, changes: Partial<CollegePackage> = {}): CollegePackage => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  offerPricePaise: 599_900,
  active: true,
  offeredEverywhere: false,
  enabled: false,
  ...changes,
});
const single = item('1', 'Single', { offeredEverywhere: true, offerPricePaise: 999_900 });
const group = item('2', 'Group');
const university = item('3', 'University', { enabled: true, offerPricePaise: 299_900 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('CollegePackagesModal', () => {
  it("starts from the college's packages, keeps Single on, and saves the ticked set", async () => {
    const { sent } = renderAs(master, <CollegePackagesModal college={COLLEGE} onClose={() => {}} />, {
      [`GET /colleges/${COLLEGE.id}/packages`]: {
        status: 200,
        body: { college: COLLEGE, items: [single, group, university] },
      },
      [`PUT /colleges/${COLLEGE.id}/packages`]: {
        status: 200,
        body: {
          message: PACKAGE_MESSAGES.collegePackagesSaved,
          college: COLLEGE,
          items: [single, { ...group, enabled: true }, { ...university, enabled: false }],
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Packages' }, PATIENTLY);
    const box = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box('Single').checked).toBe(true), PATIENTLY);
    expect(box('Single').disabled).toBe(true);
    expect(within(dialog).getByText('Offered to every college')).toBeTruthy();
    expect(box('Group').checked).toBe(false);
    expect(box('University').checked).toBe(true);
    expect(dialog.textContent).toContain('Offered: Single, University');

    fireEvent.click(box('Group'));
    fireEvent.click(box('University'));
    expect(dialog.textContent).toContain('Offered: Single, Group');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await readDialog('Success')).textContent).toContain(PACKAGE_MESSAGES.collegePackagesSaved);
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ packageIds: [group.id] });
  });
});
