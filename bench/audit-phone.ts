// Issue 29 part 0, "fast on a mid-range phone": Lighthouse 12.2.3 (mobile preset, its default
// simulated throttling) and axe-core at 390 px on the pages a resident and a teacher open first,
// with realistic data. Starts the built app on a fresh embedded database holding the demo
// accounts, adds 500 procedure entries of the demo student (450 verified, so the demo faculty
// member has 50 pending), then prints the medians of `--runs` Lighthouse runs a page and axe's
// violations; exits 1 below the targets.
//   npm run audit:phone                 (after `npm run build`; builds it when dist is missing)
//   npm run audit:phone -- --axe-only   (axe only: what CI runs)
//   npm run audit:phone -- --runs 5 --port 3141
//   npm run audit:phone -- --serve      (seed, print the session cookies, serve until Ctrl-C)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@pgel/server/db/client';
import { competencies, skills, users } from '@pgel/server/db/schema/index';
import { DEMO_PASSWORD, seedDemo } from '@pgel/server/scripts/demo-data';
import { chromium } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { waitForHealth } from '../e2e/support/scripted-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const require = createRequire(import.meta.url);

const args = process.argv.slice(2);
const axeOnly = args.includes('--axe-only');
// Seed as for the audit, then keep serving: to look at the pages or profile them by hand.
const serveOnly = args.includes('--serve');
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('--runs', 3);
// Where to keep each run's Lighthouse report (JSON), to read what a figure is made of.
const reportsAt = args.indexOf('--save-reports');
const reportsDir = reportsAt >= 0 ? path.resolve(args[reportsAt + 1] ?? '') : undefined;
const PORT = option('--port', 3141);
// Another build of the web app to serve (e.g. main's, for a before/after comparison).
const webDistAt = args.indexOf('--web-dist');
const WEB_DIST = webDistAt >= 0 ? path.resolve(args[webDistAt + 1] ?? '') : undefined;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// One page's Lighthouse runs alone (e.g. `--only /task/procedure`), to work on that page.
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? args[onlyAt + 1] : undefined;

const ENTRIES = 500;
const PENDING = 50;

type Who = 'anonymous' | 'student' | 'faculty' | 'hod';
type Page = { path: string; who: Who; minPerformance: number | null; label: string };

/** The pages the targets name; /allStudent is checked by axe only (its payment badges). */
const PAGES: Page[] = [
  { path: '/login', who: 'anonymous', minPerformance: 95, label: '/login' },
  { path: '/', who: 'anonymous', minPerformance: 95, label: '/' },
  { path: '/dashboard', who: 'student', minPerformance: 90, label: '/dashboard (student)' },
  {
    path: '/task/procedure',
    who: 'student',
    minPerformance: 90,
    label: `/task/procedure (${ENTRIES} entries)`,
  },
  {
    path: '/dashboard',
    who: 'faculty',
    minPerformance: 90,
    label: `/dashboard (faculty, ${PENDING} pending)`,
  },
  { path: '/allStudent', who: 'hod', minPerformance: null, label: '/allStudent (HOD)' },
];
const TARGETS = { tbtMs: 200, cls: 0.05, accessibility: 100, bestPractices: 100 };

const EMAILS: Record<Exclude<Who, 'anonymous'>, { email: string; staff: boolean }> = {
  student: { email: 'student@demo.test', staff: false },
  faculty: { email: 'faculty@demo.test', staff: true },
  hod: { email: 'hod@demo.test', staff: true },
};

const base = `http://localhost:${PORT}`;

function ensureBuilt() {
  const web = path.join(root, 'apps/web/dist/index.html');
  const server = path.join(root, 'apps/server/dist/main.js');
  if (existsSync(web) && existsSync(server)) return;
  console.log('no build found: npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

async function api<T>(method: string, url: string, cookie: string | null, body?: unknown, key?: string) {
  const headers: Record<string, string> = { origin: base, accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 429 && attempt < 20) {
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return { json: (await response.json()) as T, response };
  }
}

async function signIn(who: Exclude<Who, 'anonymous'>): Promise<string> {
  const { email, staff } = EMAILS[who];
  const { response } = await api('POST', staff ? '/auth/staff-login' : '/auth/login', null, {
    email,
    password: DEMO_PASSWORD,
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pgel_session='));
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return cookie.split(';')[0] ?? '';
}

/** Runs `task` over `items` with `width` at a time. */
async function pool<T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        out[index] = await task(items[index] as T, index);
      }
    }),
  );
  return out;
}

type Refs = { teacherId: string; competencyId: string; skillId: string };

/** The student's procedure entries through the API (as the form sends them), most then verified. */
async function seedEntries(refs: Refs, cookies: Record<Exclude<Who, 'anonymous'>, string>) {
  const started = Date.now();
  const roles = ['Observed', 'Assisted', 'Performed with Guide', 'Performed Independently'];
  const today = new Date();
  const ids = await pool(
    Array.from({ length: ENTRIES }, (_, i) => i),
    6,
    async (i) => {
      const day = new Date(today.getTime() - Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
      const { json } = await api<{ record: { id: string } }>(
        'POST',
        '/records',
        cookies.student,
        {
          kind: 'procedure',
          teacherId: refs.teacherId,
          studentRemark: `Procedure ${i + 1} under supervision on the ward; tolerated well.`,
          details: {
            ipddDate: day,
            competency: refs.competencyId,
            skills: refs.skillId,
            patient: `Patient ${String.fromCharCode(65 + (i % 26))}${i}`,
            ipd: `IPD-${100000 + i}`,
            role: roles[i % roles.length],
          },
        },
        `audit-phone-${i}`,
      );
      return json.record.id;
    },
  );
  // The oldest ones are verified; the newest PENDING wait for the faculty member.
  await api('POST', '/records/bulk-verification', cookies.faculty, {
    status: 'approved',
    remark: 'Well done.',
    score: 3,
    recordIds: ids.slice(PENDING),
  });
  console.log(
    `seeded ${ENTRIES} procedure entries (${ENTRIES - PENDING} verified, ${PENDING} pending) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function startApp(): Promise<{ app: ChildProcess; dataDir: string; refs: Refs }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-audit-phone-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await seedDemo(database.db);
  const [faculty] = await database.db.select().from(users).where(eq(users.email, 'faculty@demo.test'));
  const [competency] = await database.db
    .select()
    .from(competencies)
    .where(eq(competencies.title, 'Lumbar puncture'));
  const [skill] = await database.db.select().from(skills).where(eq(skills.title, 'CSF collection'));
  await database.close();
  if (!faculty || !competency || !skill) throw new Error('the demo data lacks the faculty or LP');
  const app = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_URL: base,
      LOG_LEVEL: 'warn',
      ...(WEB_DIST ? { WEB_DIST } : {}),
    },
  });
  await waitForHealth(base, app);
  return { app, dataDir, refs: { teacherId: faculty.id, competencyId: competency.id, skillId: skill.id } };
}

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
};

/** axe-core at 390 px on every page; returns the number of violations. */
async function runAxe(cookies: Record<Exclude<Who, 'anonymous'>, string>): Promise<number> {
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const axeVersion = (require('axe-core/package.json') as { version: string }).version;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  let total = 0;
  try {
    console.log(`\naxe-core ${axeVersion} at 390 x 844 px`);
    for (const page of PAGES) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      if (page.who !== 'anonymous') {
        const [name, value] = cookies[page.who].split('=') as [string, string];
        await context.addCookies([{ name, value, url: base }]);
      }
      const tab = await context.newPage();
      await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
      await tab.locator('main, form').first().waitFor();
      await tab.waitForTimeout(300);
      if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.label}: landed on ${tab.url()}`);
      // Evaluated through the debugging protocol: the app's CSP would block a script tag.
      await tab.evaluate(axeSource);
      const violations = await tab.evaluate(async () => {
        // In the page (bench's types have no DOM): axe and the document from the global scope.
        const scope = globalThis as unknown as {
          document: unknown;
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
        };
        // The default rules, plus 2.5.3 "label in name", which axe keeps out of its defaults.
        const result = await scope.axe.run(scope.document, {
          rules: { 'label-content-name-mismatch': { enabled: true } },
        });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes }));
      });
      total += violations.length;
      console.log(
        `${page.label.padEnd(34)} ${violations.length === 0 ? 'no violations' : `${violations.length} violation(s)`}`,
      );
      for (const v of violations) {
        const where = v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(', ');
        const more = v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : '';
        console.log(`  ${v.impact}: ${v.id} (${v.help}) at ${where}${more}`);
        console.log(`    first: ${v.nodes[0]?.html.slice(0, 200)}`);
        console.log(`    ${v.nodes[0]?.failureSummary?.replaceAll('\n', ' ').slice(0, 300)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return total;
}

type LhFigures = {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  requests: number;
  scripts: number;
  failing: string[];
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Lighthouse's mobile preset (its default config: Moto G Power, simulated slow 4G, 4x CPU). */
async function runLighthouse(cookies: Record<Exclude<Who, 'anonymous'>, string>): Promise<number> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const lhVersion = (require('lighthouse/package.json') as { version: string }).version;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  let failures = 0;
  const rows: Array<{ page: Page; figures: LhFigures }> = [];
  try {
    for (const page of PAGES.filter((p) => p.minPerformance !== null && (!ONLY || p.path === ONLY))) {
      const runs: LhFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A trace Chromium failed to record (NO_NAVSTART on a busy machine) is run again.
        let lhr: Awaited<ReturnType<typeof lighthouse>> extends infer R
          ? R extends { lhr: infer L }
            ? L | undefined
            : never
          : never;
        for (let attempt = 1; ; attempt += 1) {
          const result = await lighthouse(
            `${base}${page.path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
              extraHeaders: page.who === 'anonymous' ? undefined : { Cookie: cookies[page.who] },
            },
            undefined,
          );
          lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gave no result for ${page.label}`);
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`${page.label}: ${lhr.runtimeError.message}`);
          console.log(`  ${page.label}: ${lhr.runtimeError.code}, once more`);
        }
        if (reportsDir) {
          writeFileSync(
            path.join(reportsDir, `${page.who}${page.path.replaceAll('/', '_')}-${run + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page.path) throw new Error(`${page.label}: Lighthouse landed on ${finalPath}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const items = (
          lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string }> }
        )?.items;
        const failing = ['accessibility', 'best-practices'].flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
        );
        runs.push({
          performance: score('performance'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          requests: items?.length ?? 0,
          scripts: items?.filter((i) => i.resourceType === 'Script').length ?? 0,
          failing,
        });
      }
      const m = (key: keyof Omit<LhFigures, 'failing'>) => median(runs.map((r) => r[key]));
      rows.push({
        page,
        figures: {
          performance: m('performance'),
          lcp: m('lcp'),
          tbt: m('tbt'),
          cls: m('cls'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          requests: m('requests'),
          scripts: m('scripts'),
          failing: [...new Set(runs.flatMap((r) => r.failing))],
        },
      });
      console.log(`  ${page.label}: ${runs.map((r) => r.performance).join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  console.log(
    `\nLighthouse ${lhVersion}, mobile preset (simulated throttling), median of ${RUNS} run(s) a page; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${'page'.padEnd(36)} perf    LCP     TBT    CLS   a11y  best-pr  requests (scripts)`);
  for (const { page, figures: f } of rows) {
    const misses: string[] = [];
    if (f.performance < (page.minPerformance ?? 0)) misses.push(`performance < ${page.minPerformance}`);
    if (!(f.tbt < TARGETS.tbtMs)) misses.push(`TBT >= ${TARGETS.tbtMs} ms`);
    if (!(f.cls < TARGETS.cls)) misses.push(`CLS >= ${TARGETS.cls}`);
    if (f.accessibility < TARGETS.accessibility) misses.push('accessibility < 100');
    if (f.bestPractices < TARGETS.bestPractices) misses.push('best practices < 100');
    failures += misses.length;
    console.log(
      `${page.label.padEnd(36)} ${String(f.performance).padStart(4)} ${(f.lcp / 1000).toFixed(1).padStart(5)} s ${String(Math.round(f.tbt)).padStart(5)} ms ${f.cls.toFixed(3)} ${String(f.accessibility).padStart(5)} ${String(f.bestPractices).padStart(7)}  ${String(f.requests).padStart(8)} (${f.scripts})${misses.length ? `  BELOW: ${misses.join(', ')}` : ''}${f.failing.length ? `  [failing audits: ${f.failing.join(', ')}]` : ''}`,
    );
  }
  return failures;
}

async function main() {
  if (!WEB_DIST) ensureBuilt();
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const { app, dataDir, refs } = await startApp();
  try {
    const cookies = {
      student: await signIn('student'),
      faculty: await signIn('faculty'),
      hod: await signIn('hod'),
    };
    await seedEntries(refs, cookies);
    if (serveOnly) {
      console.log(`serving ${base} until Ctrl-C; session cookies:`);
      for (const [who, cookie] of Object.entries(cookies)) console.log(`  ${who}: ${cookie}`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
      return;
    }
    const violations = await runAxe(cookies);
    const misses = axeOnly ? 0 : await runLighthouse(cookies);
    console.log(
      `\n${violations} axe violation(s)${axeOnly ? '' : `, ${misses} Lighthouse target(s) missed`}: ${
        violations + misses === 0 ? 'all targets met' : 'BELOW the targets'
      }`,
    );
    if (violations + misses > 0) process.exitCode = 1;
  } finally {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
