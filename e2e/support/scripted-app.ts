import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built app for a script (the login budget, the entry benchmark, the phone audit). */

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts the built app on its own fresh embedded database (start-app.ts, named `label`) on
 * `port`, its errors on this process's stderr. Wait for it with waitForHealth.
 */
export function startBuiltApp(label: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(here, 'start-app.ts'), label, String(port)], {
    cwd: path.join(here, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: '' },
  });
}

/**
 * Waits until the app a script started answers `GET /api/v1/health`: at most 2 minutes, and not
 * at all once it has exited.
 */
export async function waitForHealth(base: string, app: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) before it served`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the app did not serve within 2 minutes');
}
