import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
});
