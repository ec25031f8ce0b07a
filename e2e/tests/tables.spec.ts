import { findKind } from '@pgel/shared/records/kinds';
import { SKILL_ROLES } from '@pgel/shared/records/kinds/options';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../support/fixtures';

// Issue 10: lists fit the screen. On a phone each entry is a card; on a laptop the Status and
// Action columns stay in view while the columns between them scroll.

const procedure = findKind('procedure');
const REPORT = `${procedure?.menuTitle} report`;

/** Adds Procedures entries for the signed-in student through the API, as the Add form sends them. */
async function addProcedures(page: Page, count: number) {
  await page.evaluate(
    async ({ count, role }) => {
      const items = async (path: string) => {
        const response = await fetch(`/api/v1/records/options/${path}`);
        return ((await response.json()) as { items: { id: string }[] }).items;
      };
      const [competency] = await items('competencies?for=proc');
      const [skill] = await items(`skills?competencyId=${competency?.id}`);
      const [teacher] = await items('teachers');
      for (let i = 1; i <= count; i += 1) {
        const response = await fetch('/api/v1/records', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            kind: 'procedure',
            teacherId: teacher?.id,
            studentRemark: `Lumbar puncture under supervision, case ${i}: CSF clear, no complications; observed the aseptic technique and the positioning of the patient closely.`,
            details: {
              ipddDate: `2026-11-${String(10 + i).padStart(2, '0')}`,
              competency: competency?.id,
              skills: skill?.id,
              patient: `Patient ${i}`,
              ipd: `IPD/2026/${1000 + i}`,
              role,
            },
          }),
        });
        if (!response.ok)
          throw new Error(`creating a procedure: ${response.status} ${await response.text()}`);
      }
    },
    { count, role: SKILL_ROLES[0] },
  );
}

test('the Procedures report: cards on a phone without sideways scrolling, Status in view on a laptop', async ({
  page,
}) => {
  await loginAs(page, 'student', 'student@demo.test');
  // Other journeys may have logged procedures for the demo student already: one page holds 10.
  const before = await page.request.get('/api/v1/records?kind=procedure');
  const earlier = ((await before.json()) as { total?: unknown }).total;
  if (!before.ok() || typeof earlier !== 'number') throw new Error(`listing procedures: ${before.status()}`);
  const shown = Math.min(earlier + 3, 10);
  await addProcedures(page, 3);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/task/procedure');
  const cards = page.getByRole('list', { name: REPORT }).getByRole('listitem');
  await expect(cards).toHaveCount(shown);
  await expect(cards.first()).toContainText('CSF collection');
  await expect(cards.first()).toContainText('Pending');
  await expect(cards.first().getByRole('button', { name: /^Delete the entry/ })).toBeVisible();
  await expect(page.getByRole('table', { name: REPORT })).toHaveCount(0);
  const phoneWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);
  expect(phoneWidth).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1366, height: 768 });
  const table = page.getByRole('table', { name: REPORT });
  await expect(table.locator('tbody tr')).toHaveCount(shown);
  for (const header of ['Status', 'Action']) {
    const box = await table.getByRole('columnheader', { name: header, exact: true }).boundingBox();
    expect(box, header).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 1366, header).toBe(true);
  }
});

/** How far each table on the page scrolls sideways inside its box (0: it fits), by its name. */
async function sidewaysScroll(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const found: Record<string, number> = {};
    for (const table of document.querySelectorAll('table')) {
      let box = table.parentElement;
      while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') {
        box = box.parentElement;
      }
      found[table.getAttribute('aria-label') ?? '?'] = (box?.scrollWidth ?? 0) - (box?.clientWidth ?? 0);
    }
    return found;
  });
}

test('no table scrolls sideways at 1366 px: the widest reports fold their less important columns into each row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const student = [
    '/publication',
    '/task/procedure',
    '/task/conference',
    '/task/clinical-case',
    '/task/paper-poster',
    '/checkList',
    '/thesisReview',
    '/drp/proc',
    '/drp/home',
    '/memo',
  ];
  const department = ['/publication', '/task/procedure', '/task/surgical-skill', '/memo', '/drp/home'];
  const pages = [
    ['student', 'student@demo.test', student],
    ['staff', 'hod@demo.test', [...department, '/allStudent', '/allStaff']],
    ['staff', 'master@demo.test', ['/task/procedure', '/allStudent', '/allHod', '/coupons', '/addCollege']],
  ] as const;
  // The student's reports hold entries with long remarks, as a real logbook's do.
  await loginAs(page, 'student', 'student@demo.test');
  await addProcedures(page, 2);
  for (const [kind, email, paths] of pages) {
    await loginAs(page, kind, email);
    for (const path of paths) {
      await page.goto(path);
      // Its rows have arrived (rows, or the empty list's line): no longer busy.
      await expect(page.locator('main table').first(), path).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('main table[aria-busy="true"]'), path).toHaveCount(0, { timeout: 30_000 });
      const over = Object.entries(await sidewaysScroll(page)).filter(([, pixels]) => pixels > 1);
      expect.soft(over, `${email} ${path}`).toEqual([]);
    }
  }

  // What does not fit is one tap away in the row's details.
  await loginAs(page, 'student', 'student@demo.test');
  await page.goto('/task/procedure');
  const table = page.getByRole('table', { name: REPORT });
  const toggle = table.getByRole('button', { name: 'Show more of row 1', exact: true });
  await toggle.click();
  await expect(table.getByRole('button', { name: 'Hide more of row 1', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // The columns a phone's card leaves out fold, last first: the remark is among them.
  await expect(table.locator('dl').first()).toContainText('Remark');
});
