import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const smtpPort = 2526;
const mailHttpPort = 2580;
const ports = { pglite: 3025, postgres: 3026 } as const;
// A third app, with a launch password, for the launch-gate journey only.
const launchGatePort = 3027;
const LAUNCH_SPEC = /launch-gate\.spec\.ts/;
// Every journey runs on the embedded database. On PostgreSQL only the journeys whose writes the
// database shapes (the record engine, verification, payments, print and PDF) run again: the API
// suite already runs every route on both databases, and a second pass of every journey would
// take CI past its time budget on 2 cores.
const POSTGRES_SPECS = /(records|logbook-approval|commerce|reports|login)\.spec\.ts/;

// The journeys run against the built app (npm run build) on the embedded database, and again on
// PostgreSQL when DATABASE_URL is set; each app starts on a fresh database with the demo data.
const databases = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const appServers: NonNullable<PlaywrightTestConfig['webServer']> = databases.map((db) => ({
  command: `npx tsx support/start-app.ts ${db} ${ports[db]}`,
  cwd: here,
  url: `http://localhost:${ports[db]}/api/v1/health`,
  env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'pipe' as const,
}));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Recording a trace costs about a third of the run on 2 cores; CI only keeps the log, so a
    // trace is asked for when debugging one journey: npx playwright test … --trace on.
    trace: 'off',
    // The app's service worker precaches the whole app in the background of every signed-in
    // page (issue 29): on 2 cores that slows every journey. Only pwa.spec.ts, in its own browser
    // profile, lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    ...databases.map((db) => ({
      name: db,
      testIgnore: LAUNCH_SPEC,
      ...(db === 'postgres' ? { testMatch: POSTGRES_SPECS } : {}),
      use: { browserName: 'chromium' as const, baseURL: `http://localhost:${ports[db]}` },
    })),
    {
      name: 'launch-gate',
      testMatch: LAUNCH_SPEC,
      use: { browserName: 'chromium' as const, baseURL: `http://localhost:${launchGatePort}` },
    },
  ],
  webServer: [
    {
      command: 'npx tsx support/mail-catcher.ts',
      cwd: here,
      url: `http://127.0.0.1:${mailHttpPort}/messages`,
      env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(mailHttpPort) },
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    ...appServers,
    {
      command: `npx tsx support/start-app.ts launch-gate ${launchGatePort}`,
      cwd: here,
      url: `http://localhost:${launchGatePort}/api/v1/health`,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LAUNCH_PASSWORD: 'open-sesame-2026' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
