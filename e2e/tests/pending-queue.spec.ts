import { findKind } from '@pgel/shared/records/kinds';
import { TEACHING_TYPES } from '@pgel/shared/records/kinds/options';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { dialog } from '../support/fixtures';
import { asStaff, choose, DEMO_FACULTY, freshStudent, optionId } from '../support/journeys';

// Issue 30 section 4: a queue faculty can clear. A resident's pending entries, seeded through the
// API; their faculty member goes from the dashboard's Pending Verifications through all of them.
// Every click and key press counts as a tap (typing the feedback and the name to search does not:
// it must be typed anyway).

const teaching = findKind('teaching');
if (!teaching) throw new Error('no teaching kind');
const FEEDBACK = 'Well prepared and clearly taught.';

/** `count` pending Teaching Experience entries of the signed-in resident, under the demo professor. */
async function seedEntries(page: Page, count: number, tag: string) {
  const teacherId = await optionId(page, 'teachers', DEMO_FACULTY.name);
  const day = new Date().toISOString().slice(0, 10);
  for (let start = 0; start < count; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, i) => {
        const response = await page.request.post('/api/v1/records', {
          data: {
            kind: 'teaching',
            date: day,
            teacherId,
            studentRemark: 'Taught the juniors',
            details: { trainingType: TEACHING_TYPES[0], topic: `${tag} topic ${start + i + 1}` },
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }
}

/** How many of the resident's Teaching Experience entries are pending, as the API says. */
async function pendingOf(api: APIRequestContext, studentId: string): Promise<number> {
  const response = await api.get(
    `/api/v1/records?kind=teaching&status=pending&studentId=${studentId}&page=1&pageSize=5`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

/** The resident's group of the faculty dashboard's queue, found by searching their name. */
async function residentInQueue(staff: Page, name: string, tap: (target: Locator) => Promise<void>) {
  const queue = staff.getByRole('region', { name: 'Pending Verifications' });
  const search = queue.getByRole('searchbox', { name: 'Search by student name' });
  await tap(search);
  await search.fill(name);
  await expect(queue.getByRole('heading', { level: 3, name })).toBeVisible();
  return queue;
}

test('a faculty member verifies 50 pending entries of one resident from the dashboard in at most 60 taps', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const resident = await freshStudent(page, testInfo, 'queue', 'Kiran');
  await seedEntries(page, 50, 'Queue');
  const studentId = ((await (await page.request.get('/api/v1/auth/me')).json()) as { user: { id: string } })
    .user.id;

  await asStaff(browser, testInfo, async (staff) => {
    await staff.setViewportSize({ width: 1366, height: 900 });
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    const key = async (name: string) => {
      taps += 1;
      await staff.keyboard.press(name);
    };
    const started = Date.now();

    // The queue groups the resident's entries under their name, with a Verify for the kind.
    const queue = await residentInQueue(staff, resident.name, tap);
    const group = queue.getByRole('rowgroup', { name: resident.name });
    await expect(group).toContainText('50 pending');
    await tap(group.getByRole('link', { name: `Verify ${teaching.menuTitle} (50) of ${resident.name}` }));

    // Their pending entries on the kind's report page; j makes the first current.
    await expect(staff).toHaveURL(/\/task\/teaching\?student=.*status=pending/);
    const table = staff.getByRole('table', { name: `${teaching.menuTitle} report` });
    await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(10);
    await key('j');
    const current = table.locator('tbody tr[aria-current="true"]');
    await expect(current).toBeFocused();

    // The first with the Action (a opens it at Approved): a score and the feedback.
    await key('a');
    const action = dialog(staff, 'Verification');
    await expect(action.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
    taps += 2;
    await choose(staff, action, 'Score', '3 - Good');
    await tap(action.getByRole('textbox', { name: 'Feedback' }));
    await action.getByRole('textbox', { name: 'Feedback' }).fill(FEEDBACK);
    await tap(action.getByRole('button', { name: 'Submit' }));
    await expect(action).toHaveCount(0);
    await expect(dialog(staff, 'Success')).toHaveCount(0, { timeout: 5000 });

    // Then a for each: the same score and feedback, the next entry current after each.
    const status = staff.getByRole('status').filter({ hasText: /Keys:|Approved the entry/ });
    for (let n = 1; n <= 49; n += 1) {
      await key('a');
      await expect(status).toContainText(`(${n} so far)`);
    }
    await expect.poll(() => pendingOf(staff.request, studentId), { timeout: 10_000 }).toBe(0);
    const seconds = (Date.now() - started) / 1000;

    console.log(
      `verify 50 pending entries of one resident, one by one with the keyboard: ${taps} taps (target <= 60), ${seconds.toFixed(1)} s`,
    );
    expect(taps).toBeLessThanOrEqual(60);

    // Every one verified, as the faculty member, with that score and feedback.
    const approved = await staff.request.get(
      `/api/v1/records?kind=teaching&status=approved&studentId=${studentId}&page=1&pageSize=20`,
    );
    const body = (await approved.json()) as {
      total: number;
      items: Array<{ verifiedByName: string; verifierRemark: string; score: { value: number } }>;
    };
    expect(body.total).toBe(50);
    for (const item of body.items)
      expect(item).toMatchObject({
        verifiedByName: DEMO_FACULTY.name,
        verifierRemark: FEEDBACK,
        score: { value: 3 },
      });
  });
});

test('on a phone the queue and the verify dialogs are tapped at 44 px, and Select all verifies a resident at once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const resident = await freshStudent(page, testInfo, 'queuephone', 'Latha');
  await seedEntries(page, 12, 'Phone');
  const studentId = ((await (await page.request.get('/api/v1/auth/me')).json()) as { user: { id: string } })
    .user.id;

  await asStaff(browser, testInfo, async (staff) => {
    await staff.setViewportSize({ width: 390, height: 844 });
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    const tall = async (target: Locator, what: string) => {
      const box = await target.boundingBox();
      expect(box?.height ?? 0, what).toBeGreaterThanOrEqual(44);
    };
    const started = Date.now();

    const queue = await residentInQueue(staff, resident.name, tap);
    const section = queue.getByRole('region', { name: resident.name });
    const verify = section.getByRole('link', {
      name: `Verify ${teaching.menuTitle} (12) of ${resident.name}`,
    });
    await tall(queue.getByRole('searchbox', { name: 'Search by student name' }), 'search');
    await tall(verify, 'Verify');
    for (const card of await section.getByRole('listitem').getByRole('button').all())
      await tall(card, 'card');
    await tall(queue.getByRole('button', { name: 'Next' }), 'Next');

    // The Action on an entry: every control 44 px, the score's options too.
    await tap(verify);
    const cards = staff.getByRole('list', { name: `${teaching.menuTitle} report` });
    const first = cards.getByRole('listitem').first();
    await tall(first.getByRole('button', { name: /^Action on the entry/ }), 'Action');
    await tall(first.getByRole('button', { name: /^View the entry/ }), 'View');
    await first.getByRole('button', { name: /^Action on the entry/ }).click();
    const action = dialog(staff, 'Verification');
    await tall(action.getByRole('combobox', { name: 'Status' }), 'Status');
    await tall(action.getByRole('combobox', { name: 'Score' }), 'Score');
    await tall(action.getByRole('textbox', { name: 'Feedback' }), 'Feedback');
    await tall(action.getByRole('button', { name: 'Submit' }), 'Submit');
    await tall(action.getByRole('button', { name: 'Close' }).first(), 'Close');
    await action.getByRole('combobox', { name: 'Score' }).click();
    await tall(staff.getByRole('listbox').getByRole('option').first(), 'a score option');
    await staff.keyboard.press('Escape');
    await action.getByRole('button', { name: 'Close' }).first().click();
    await expect(action).toHaveCount(0);

    // All of the resident's at once: Select all, Verify selected, one verdict, score and feedback.
    await tap(staff.getByRole('button', { name: 'Select all 12' }));
    await expect(staff.getByText('12 selected')).toBeVisible();
    await tap(staff.getByRole('button', { name: 'Verify selected' }));
    const bulk = dialog(staff, 'Verify selected');
    await expect(bulk).toContainText('12 entries selected');
    await tall(bulk.getByRole('combobox', { name: 'Status' }), 'Status');
    await tall(bulk.getByRole('button', { name: 'Submit' }), 'Submit');
    await tall(bulk.getByRole('button', { name: 'Cancel' }), 'Cancel');
    taps += 4;
    await choose(staff, bulk, 'Status', 'Approved');
    await choose(staff, bulk, 'Score', '4 - Very Good');
    await tap(bulk.getByRole('textbox', { name: 'Feedback' }));
    await bulk.getByRole('textbox', { name: 'Feedback' }).fill(FEEDBACK);
    await tap(bulk.getByRole('button', { name: 'Submit' }));
    await expect(dialog(staff, 'Success')).toContainText('12 records updated');
    await expect.poll(() => pendingOf(staff.request, studentId), { timeout: 10_000 }).toBe(0);
    console.log(
      `verify 12 pending entries of one resident at once on a phone (Select all): ${taps} taps, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
