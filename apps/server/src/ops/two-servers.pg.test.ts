import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { SESSION_CACHE_MS } from '../platform/session';
import { pdfAround } from '../test/files';
import { createPlacement, createUser, multipartBody } from '../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../test/smtp-catcher';
import { freePort, type ServerProcess, startServer, stopServer, waitUntilServing } from './server-process';

// Issue 16: two app servers on one PostgreSQL, as a balancer spreads a user's requests. Each is a
// real process with its own DATA_DIR (like two machines); they share only the database, the data
// key, the object store and the mail relay. A user signs in on one and carries on on the other.

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function scratchDatabase(): Promise<string> {
  const name = `pgel_two_servers_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function objectStore(): Promise<Record<string, string>> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pgel-two-servers-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'pgel' }],
  });
  const address = await server.run();
  cleanups.push(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  return {
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_BUCKET: 'pgel',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

async function appServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pgel-two-servers-'));
  const server = startServer(await freePort(), { ...env, DATA_DIR: dataDir });
  cleanups.push(async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  });
  await waitUntilServing(server, 60_000);
  return server;
}

describe('two app servers on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let mail: SmtpCatcher;
  let student: { email: string; password: string };
  // Separate accounts, so each test's sign-in attempts are its own.
  let guarded: { email: string; password: string };
  let resetter: { email: string };
  let origin: string;

  beforeAll(async () => {
    const databaseUrl = await scratchDatabase();
    const database = await openDatabase({ databaseUrl });
    try {
      const placement = await createPlacement(database.db);
      student = await createUser(database.db, { placement, verifyByHod: true });
      guarded = await createUser(database.db, { placement, verifyByHod: true });
      resetter = await createUser(database.db, { placement, verifyByHod: true });
    } finally {
      await database.close();
    }
    mail = await startSmtpCatcher();
    cleanups.push(() => mail.close());
    // One public address for both, as behind a balancer (the origin check compares with it).
    origin = 'http://pgel.test';
    const shared = {
      DATABASE_URL: databaseUrl,
      DATA_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'PG e-Logbook <no-reply@pgel.test>',
      APP_URL: origin,
      ...(await objectStore()),
    };
    [a, b] = await Promise.all([appServer(shared), appServer(shared)]);
  }, 120_000);

  const signIn = (server: ServerProcess, email: string, password: string) =>
    fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });

  it('a session made on one server is honoured by the other, and a logout on either ends it (on the other within SESSION_CACHE_MS)', async () => {
    const response = await signIn(a, student.email, student.password);
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('pgel_session='))
      ?.split(';')[0] as string;
    const me = await fetch(`${b.url}/api/v1/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(student.email);

    // A file uploaded through B lands in the shared object store and A serves the same bytes.
    const bytes = pdfAround(randomBytes(2000));
    const { body, contentType } = multipartBody({ data: bytes, fileName: 'certificate.pdf' });
    const upload = await fetch(`${b.url}/api/v1/files?purpose=document`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': contentType },
      body,
    });
    expect(upload.status).toBe(201);
    const { file } = (await upload.json()) as { file: { id: string; url: string } };
    const download = await fetch(`${a.url}${file.url}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const logout = await fetch(`${b.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin },
    });
    expect(logout.status).toBe(200);
    // B, which ended it, refuses it at once; A holds looked-up sessions for SESSION_CACHE_MS.
    const at = Date.now();
    expect((await fetch(`${b.url}/api/v1/auth/me`, { headers: { cookie } })).status).toBe(401);
    let onA = (await fetch(`${a.url}/api/v1/auth/me`, { headers: { cookie } })).status;
    while (onA === 200 && Date.now() - at < SESSION_CACHE_MS + 500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      onA = (await fetch(`${a.url}/api/v1/auth/me`, { headers: { cookie } })).status;
    }
    expect(onA).toBe(401);
    expect(Date.now() - at).toBeLessThan(SESSION_CACHE_MS + 500);
  });

  it('sign-in attempts are counted across both servers', async () => {
    const email = guarded.email;
    // Five wrong passwords for one address, spread over both servers...
    for (const server of [a, b, a, b, a])
      expect((await signIn(server, email, 'Wrong-Password-1')).status).toBe(401);
    // ...and the sixth attempt from the same address is refused on either, right password or not.
    expect((await signIn(b, email, guarded.password)).status).toBe(429);
    expect((await signIn(a, email, 'Wrong-Password-1')).status).toBe(429);
  });

  it('a mail queued by one server is sent once, though both run the outbox', async () => {
    const response = await fetch(`${a.url}/api/v1/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: resetter.email }),
    });
    expect(response.status).toBe(200);
    const sent = await mail.waitForMail(resetter.email, 30_000);
    expect(sent.text).toContain(`${origin}/reset-password/`);
    // Both servers poll the outbox every second: give the other one a few turns to send it again.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(mail.messages.filter((m) => m.to.includes(resetter.email))).toHaveLength(1);
  });
});
