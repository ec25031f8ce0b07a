import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// @axe-core/playwright needs Node 22 (DESIGN.md section 1), so axe-core itself is injected.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** Runs axe on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A table being refreshed is drawn faded for a moment: judge the page once its lists have settled.
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // Evaluated through the debugging protocol: the app's CSP (script-src 'self') would block a script tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes }));
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
