// The JavaScript budget of a first visit to /login (issue 16): starts the built app on a fresh
// embedded database, opens /login in Chromium with an empty cache, lists every JavaScript file
// the page fetched (lazy route chunks included) and sums what a browser asking for gzip receives:
// the build's .gz copy of each file, or the file itself where the build keeps none (under 1 KB).
// Prints the files and the total; exits 1 above the budget. Run after a build:
//   npm run budget            (the root script; CI runs it after the test suites)
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startBuiltApp, waitForHealth } from '../support/scripted-app';

const BUDGET_KB = 150;
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../apps/web/dist');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startBuiltApp('pglite', port);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    await waitForHealth(base, app);
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /login/i }).first().waitFor();
    const files = [...scripts].map((pathname) => {
      const file = path.join(webDist, pathname);
      const raw = statSync(file).size;
      return { pathname, raw, gzip: existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : raw };
    });
    files.sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
    console.log(`first visit to /login: ${files.length} JavaScript files`);
    for (const f of files) console.log(`${kb(f.gzip)} KB gzip ${kb(f.raw)} KB raw  ${f.pathname}`);
    const verdict = total <= BUDGET_KB * 1024 ? 'within' : 'OVER';
    console.log(`total ${kb(total).trim()} KB gzip (budget ${BUDGET_KB} KB): ${verdict} the budget`);
    await context.close();
    if (verdict === 'OVER') process.exitCode = 1;
  } finally {
    await browser.close();
    app.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
