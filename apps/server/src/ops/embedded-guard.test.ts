import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkEmbeddedFolder,
  EmbeddedDatabaseError,
  lockEmbeddedFolder,
  markEmbeddedFolder,
} from './embedded-guard';

describe('embedded database folder guard', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-guard-'));
    dirs.push(dataDir);
    return path.join(dataDir, 'pglite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('allows a first start, refuses a folder that lost its database, allows it to a restore', () => {
    const dir = folder();
    expect(() => checkEmbeddedFolder(dir)).not.toThrow();
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    markEmbeddedFolder(dir);
    expect(() => checkEmbeddedFolder(dir)).not.toThrow();
    rmSync(path.join(dir, 'PG_VERSION'));
    expect(() => checkEmbeddedFolder(dir)).toThrow(/damaged[\s\S]*npm run restore -- <backup>/);
    rmSync(dir, { recursive: true });
    expect(() => checkEmbeddedFolder(dir)).toThrow(/damaged[\s\S]*npm run restore -- <backup>/);
    expect(() => checkEmbeddedFolder(dir, { fresh: true })).not.toThrow();
  });

  it('lets one process at a time use the folder; a lock left by a dead process is taken over', async () => {
    const dir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    const gone = new Promise((resolve) => other.on('exit', resolve));
    try {
      writeFileSync(`${dir}.lock`, `${other.pid}\n`);
      let refusal: unknown;
      try {
        lockEmbeddedFolder(dir);
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(EmbeddedDatabaseError);
      expect((refusal as EmbeddedDatabaseError).reason).toBe('in-use');
      expect((refusal as Error).message).toContain(`in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await gone;
    }
    const release = lockEmbeddedFolder(dir);
    release();
    const again = lockEmbeddedFolder(dir);
    again();
  });

  it('breaks a stale lock whose breaker died too, once the takeover is old', async () => {
    const dir = folder();
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(`${dir}.lock`, `${dead.pid}\n`);
    writeFileSync(`${dir}.lock.takeover`, `${dead.pid}\n`);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(`${dir}.lock.takeover`, longAgo, longAgo);
    const release = lockEmbeddedFolder(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    expect(existsSync(`${dir}.lock.takeover`)).toBe(false);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('gives a stale lock to exactly one of several processes taking it over at once', async () => {
    const dir = folder();
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(`${dir}.lock`, `${dead.pid}\n`);
    const guard = pathToFileURL(path.join(import.meta.dirname, 'embedded-guard.ts')).href;
    // Each process locks at the same moment and holds what it got until its stdin closes.
    const startAt = Date.now() + 1500;
    const script = `
      const { lockEmbeddedFolder } = await import(${JSON.stringify(guard)});
      while (Date.now() < ${startAt}) {}
      let outcome = 'locked';
      try { lockEmbeddedFolder(${JSON.stringify(dir)}); } catch (err) { outcome = err.reason ?? String(err); }
      process.stdout.write(outcome + '\\n');
      process.stdin.resume();
      process.stdin.on('end', () => process.exit(0));`;
    const children = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const outcomes = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
              if (out.includes('\n')) resolve(out.trim());
            });
            child.on('exit', () => resolve(out.trim() || 'exited'));
          }),
      ),
    );
    await Promise.all(
      children.map((child) => {
        const gone = new Promise((resolve) => child.on('exit', resolve));
        child.stdin.end();
        return gone;
      }),
    );
    expect(outcomes.sort()).toEqual(['in-use', 'in-use', 'in-use', 'in-use', 'in-use', 'locked']);
  }, 30_000);
});
