import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const appPort = Number(process.env.E2E_APP_PORT ?? 3025);
const smtpPort = 2526;
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2580);
const dataDir = path.join(here, '.data');
export const baseURL = `http://localhost:${appPort}`;

/**
 * Runs against the built app (npm run build) with a fresh embedded database holding the demo
 * data, real SMTP to a local catcher, and Debian's Chromium (no browser download).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'npx tsx support/mail-catcher.ts',
      cwd: here,
      url: `http://127.0.0.1:${mailHttpPort}/messages`,
      env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(mailHttpPort) },
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `rm -rf "${dataDir}" && npm run seed:demo --silent && node apps/server/dist/main.js`,
      cwd: root,
      url: `${baseURL}/api/v1/health`,
      env: {
        PORT: String(appPort),
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
