import { type ChildProcess, execFile, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A real server process (`node --import tsx src/main.ts`), for tests that kill and restart it. */
export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>;
};

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts the server on `port` with `env` on top of a minimal environment: API only, warnings
 * and errors logged. Does not wait for it to listen (see `waitUntilServing`).
 */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(os.tmpdir(), 'pgel-test-no-web-dist'),
      ...env,
    },
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** Waits until GET /api/v1/health answers 200; fails if the process exits first or time runs out. */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  let gone: number | string | undefined;
  void server.exited.then((code) => {
    gone = code;
  });
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (gone !== undefined) throw new Error(`server exited (${gone}) before serving:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/v1/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not serve within ${timeoutMs} ms:\n${server.output()}`);
}

/** Stops the process with SIGTERM (a clean shutdown) and waits for it. */
export async function stopServer(server: ServerProcess): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** Runs one of the server's commands (src/scripts/<name>.ts) as `npm run` would; resolves with its output. */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(serverRoot, 'src/scripts', `${name}.ts`), ...args],
      {
        cwd: serverRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
      },
      (err, stdout, stderr) => {
        const code = err ? Number((err as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
