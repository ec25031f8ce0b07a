import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginKind } from '@pgel/shared/auth/policies';
import type { StaffRole } from '@pgel/shared/roles';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';
import {
  auditLog,
  collegeDepartments,
  colleges,
  competencies,
  courses,
  departments,
  institutions,
  messageOutbox,
  records,
  skills,
  specialities,
  staffStudents,
  users,
} from '../db/schema/index';
import { refreshSearchText } from '../modules/records/record-search';
import { dataKeyOf, sealDetails } from '../modules/records/sensitive-details';
import type { FileStore } from '../platform/files';
import { hashPassword, newReferralId } from '../platform/secrets';
import { SESSION_COOKIE } from '../platform/session';

/** The origin every test app is configured with (`APP_URL`). */
export const APP_URL = 'http://app.test';
export const DEFAULT_PASSWORD = 'Correct-Horse-9';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this test run uses; set per Vitest project in vitest.config.ts. */
export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new Error(`TEST_DB must be pglite or postgres, not ${kind}`);
  return kind;
}

/**
 * The name of a scratch PostgreSQL database a test makes (and drops): `<TEST_DB_PREFIX>_<label>_<hex>`,
 * `pgel_test_<hex>` by default, so the databases of one checkout's runs can be told apart (and
 * dropped) on a server others test on too.
 */
export function scratchDatabaseName(label?: string): string {
  const prefix = process.env.TEST_DB_PREFIX || 'pgel_test';
  return [prefix, label, randomBytes(6).toString('hex')].filter(Boolean).join('_');
}

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind() === 'pglite') return openDatabase({ pgliteDir: 'memory://' });

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL (an account that may CREATE DATABASE)');
  const name = scratchDatabaseName();
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  } catch (err) {
    await dropTestDatabase(adminUrl, name);
    throw err;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropTestDatabase(adminUrl, name);
    },
  };
}

/**
 * Drops a test database once its connections have gone. The pool's `end()` resolves before every
 * socket has closed; dropping WITH (FORCE) at once would kill those connections mid-close, and
 * the client reports that as an uncaught error in whichever test file runs next. So wait for them
 * (55006: still in use) and force only as a last resort.
 */
async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006') throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export type TestAppOptions = {
  /** Send mail through this SMTP server (see smtp-catcher.ts); unset keeps mail in the outbox. */
  smtpUrl?: string;
  /** Built web app to serve. Unset points at a folder that does not exist: API only. */
  webDist?: string;
  /** Further environment variables for loadConfig. */
  env?: Record<string, string>;
  /** Replaces the local file store (for a store that fails on purpose). */
  fileStore?: FileStore;
  /** The clock of the services that take one (monthly authentication). */
  now?: () => Date;
};

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  kind: TestDbKind;
  /** This app's own DATA_DIR (uploads land in `files/` below it); removed on close. */
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The whole server on a fresh database, for `app.inject`. The outbox timer is not started:
 * tests call `app.outbox.drain()` after a request that queues mail.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-test-data-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: options.webDist ?? path.join(os.tmpdir(), 'pgel-test-no-web-dist'),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...options.env,
    });
    const app = await buildApp({
      config,
      database,
      logger: false,
      fileStore: options.fileStore,
      now: options.now,
    });
    return {
      app,
      db: database.db,
      kind: database.kind,
      dataDir,
      close: async () => {
        try {
          await app.close();
        } finally {
          await database.close();
          removeDataDir();
        }
      },
    };
  } catch (err) {
    await database.close();
    removeDataDir();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures written straight into the database.

let serial = 0;
/** A short suffix that keeps names and addresses unique within and across test files. */
export function unique(prefix = 'x'): string {
  serial += 1;
  return `${prefix}${serial}${randomBytes(3).toString('hex')}`;
}

/**
 * A 10-digit mobile number no other fixture has (sign-up refuses a number in use). Starts with 7,
 * unlike `createUser`'s default 9876543210.
 */
export function uniquePhone(): string {
  serial += 1;
  return `7${String(serial % 1000).padStart(3, '0')}${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
}

export type Placement = {
  college: { id: string; name: string; state: string };
  department: { id: string; name: string };
  course: { id: string; title: string };
};

/** A college running one department with one course (the link row included). */
export async function createPlacement(
  db: Database,
  options: { collegeName?: string; departmentName?: string; courseTitle?: string; link?: boolean } = {},
): Promise<Placement> {
  const [college] = await db
    .insert(colleges)
    .values({
      name: options.collegeName ?? `College ${unique()}`,
      state: 'Kerala',
      address: '1 Hospital Road',
    })
    .returning({ id: colleges.id, name: colleges.name, state: colleges.state });
  const department = await createDepartment(db, options.departmentName);
  const course = await findOrCreateCourse(db, department.id, options.courseTitle ?? `MD ${department.name}`);
  if (!college) throw new Error('fixture insert returned no row');
  if (options.link !== false) await linkDepartment(db, college.id, department.id);
  return { college, department, course };
}

/**
 * A department by name. The catalogue (migration 0010) already holds the national MD/MS
 * departments ('Anatomy', 'Paediatrics', ...): a name that exists gives that department.
 */
export async function createDepartment(db: Database, name?: string) {
  const [department] = await db
    .insert(departments)
    .values({ name: name ?? `Department ${unique()}` })
    .onConflictDoUpdate({ target: departments.name, set: { name: sql`excluded.name` } })
    .returning({ id: departments.id, name: departments.name });
  if (!department) throw new Error('fixture insert returned no row');
  return department;
}

export async function createCourse(db: Database, departmentId: string, title = `MD ${unique()}`) {
  const [course] = await db
    .insert(courses)
    .values({ departmentId, title })
    .returning({ id: courses.id, title: courses.title });
  if (!course) throw new Error('fixture insert returned no row');
  return course;
}

/** The department's course of this title: the catalogue's when it has one, else a new one. */
async function findOrCreateCourse(db: Database, departmentId: string, title: string) {
  const [existing] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.departmentId, departmentId), eq(courses.title, title)))
    .limit(1);
  return existing ?? createCourse(db, departmentId, title);
}

export async function linkDepartment(
  db: Database,
  collegeId: string,
  departmentId: string,
  extra: { guidelineUrl?: string; refNo?: string; refDate?: string } = {},
) {
  await db.insert(collegeDepartments).values({ collegeId, departmentId, ...extra });
}

// argon2 costs 50-300 ms a hash; fixtures reuse one hash per password.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export type UserFixtureOptions = {
  role?: StaffRole | null;
  name?: string;
  email?: string;
  password?: string;
  phone?: string;
  /** E-mail verified (default true). */
  verified?: boolean;
  blocked?: boolean;
  deleted?: boolean;
  placement?: Placement;
  unitHeadId?: string;
  verifyByHod?: boolean;
  paid?: boolean;
  joiningDate?: string;
};

export type UserFixture = {
  id: string;
  name: string;
  email: string;
  password: string;
  role: StaffRole | null;
  referralId: string;
};

/** A user of any role (null = student) with a known password. */
export async function createUser(db: Database, options: UserFixtureOptions = {}): Promise<UserFixture> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const role = options.role === undefined ? null : options.role;
  const email = (options.email ?? `${unique(role ?? 'student')}@example.org`).toLowerCase();
  const name = options.name ?? `Dr. ${unique('Name')}`;
  const referralId = newReferralId();
  const [row] = await db
    .insert(users)
    .values({
      name,
      email,
      phone: options.phone ?? '9876543210',
      passwordHash: await cachedHash(password),
      role,
      referralId,
      collegeId: options.placement?.college.id ?? null,
      departmentId: options.placement?.department.id ?? null,
      courseId: options.placement?.course.id ?? null,
      unitHeadId: options.unitHeadId ?? null,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      blocked: options.blocked ?? false,
      deletedAt: options.deleted ? new Date() : null,
      verifyByHod: options.verifyByHod ?? false,
      // An approved student has bought a package (issue 13: payment comes before approval);
      // tests of an approved student who has not paid say so.
      paid: options.paid ?? (!options.role && options.verifyByHod === true),
      joiningDate: options.joiningDate ?? null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('fixture insert returned no row');
  return { id: row.id, name, email, password, role, referralId };
}

export async function findUser(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Links a teacher to a student (staff_students), as Assign Students or Add Teacher would. */
export async function linkStaffStudent(
  db: Database,
  staffId: string,
  studentId: string,
  assignedById?: string,
) {
  await db.insert(staffStudents).values({ staffId, studentId, assignedById: assignedById ?? null });
}

/** A competency written straight into the table (college null: every college's). */
export async function createCompetency(
  db: Database,
  options: { departmentId: string; collegeId?: string | null; title?: string; type?: 'diag' | 'proc' },
) {
  const [row] = await db
    .insert(competencies)
    .values({
      departmentId: options.departmentId,
      collegeId: options.collegeId ?? null,
      title: options.title ?? `Competency ${unique()}`,
      type: options.type ?? 'diag',
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function createSkill(db: Database, competencyId: string, title = `Skill ${unique()}`) {
  const [row] = await db.insert(skills).values({ competencyId, title }).returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function createSpeciality(
  db: Database,
  options: { departmentId: string; collegeId?: string | null; title?: string },
) {
  const [row] = await db
    .insert(specialities)
    .values({
      departmentId: options.departmentId,
      collegeId: options.collegeId ?? null,
      title: options.title ?? `Speciality ${unique()}`,
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function createInstitution(
  db: Database,
  options: { collegeId?: string | null; name?: string; state?: string } = {},
) {
  const [row] = await db
    .insert(institutions)
    .values({
      name: options.name ?? `Institution ${unique()}`,
      state: options.state ?? 'Delhi',
      collegeId: options.collegeId ?? null,
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export type RecordRowOptions = {
  kind: string;
  studentId: string;
  placement: Placement;
  status?: 'pending' | 'approved' | 'rejected';
  date?: string | null;
  teacherId?: string | null;
  studentRemark?: string | null;
  summary?: string | null;
  details?: Record<string, unknown>;
  sensitiveDetails?: Record<string, unknown> | null;
  score?: { value: number; label: string } | null;
  verifiedById?: string | null;
  verifiedAt?: Date | null;
  certificateFileId?: string | null;
  /** Leave `search_text` empty, as rows written before issue 10 are (the backfill fills them). */
  withoutSearchText?: boolean;
};

/**
 * Record rows written straight into the table (many at once for bulk tests), ids in order, with
 * the search text the app writes (unless `withoutSearchText`).
 */
export async function createRecordRows(db: Database, rows: RecordRowOptions[]): Promise<string[]> {
  const ids: string[] = [];
  // Patient identifiers are sealed as the app seals them (issue 15), with the test app's key.
  const key = dataKeyOf(db);
  const sealed = (details: Record<string, unknown> | null | undefined) => {
    if (!details) return null;
    if (!key)
      throw new Error('createRecordRows: build the test app first (its data key seals patient details)');
    return sealDetails(key, details);
  };
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(records)
      .values(
        rows.slice(i, i + 500).map((row) => ({
          kind: row.kind,
          studentId: row.studentId,
          collegeId: row.placement.college.id,
          departmentId: row.placement.department.id,
          status: row.status ?? 'pending',
          date: row.date === undefined ? '2024-01-15' : row.date,
          teacherId: row.teacherId ?? null,
          studentRemark: row.studentRemark ?? 'Remark',
          summary: row.summary ?? null,
          details: row.details ?? {},
          sensitiveDetails: sealed(row.sensitiveDetails),
          score: row.score ?? null,
          verifiedById: row.verifiedById ?? null,
          verifiedAt: row.verifiedAt ?? null,
          certificateFileId: row.certificateFileId ?? null,
        })),
      )
      .returning({ id: records.id });
    const chunk = rows.slice(i, i + 500);
    await refreshSearchText(
      db,
      inserted.filter((_, j) => !chunk[j]?.withoutSearchText).map((r) => r.id),
    );
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** One record row (see createRecordRows). */
export async function createRecordRow(db: Database, row: RecordRowOptions): Promise<string> {
  const [id] = await createRecordRows(db, [row]);
  if (!id) throw new Error('fixture insert returned no row');
  return id;
}

/** A record row as stored (tests check what a request changed or left alone). */
export async function recordRow(db: Database, id: string) {
  const [row] = await db.select().from(records).where(eq(records.id, id)).limit(1);
  return row;
}

/** The audit rows about one entity, oldest first. */
export async function auditRowsFor(db: Database, entity: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Requests.

export type InjectOptions = {
  cookie?: string;
  origin?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

type Json = Record<string, unknown>;

/** The parts of a response tests look at, with the body already parsed. */
export type TestResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json: Json;
  cookies: Array<{ name: string; value: string; [key: string]: unknown }>;
};

export async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  options: InjectOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Json }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let json: Json = {};
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('application/json') && response.body) json = JSON.parse(response.body) as Json;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
    json,
    cookies: response.cookies as TestResponse['cookies'],
  };
}

export const get = (app: FastifyInstance, url: string, options?: InjectOptions) =>
  inject(app, 'GET', url, undefined, options);

export const post = (app: FastifyInstance, url: string, body?: unknown, options?: InjectOptions) =>
  inject(app, 'POST', url, body ?? {}, options);

export const del = (app: FastifyInstance, url: string, options?: InjectOptions) =>
  inject(app, 'DELETE', url, undefined, options);

export const put = (app: FastifyInstance, url: string, body?: unknown, options?: InjectOptions) =>
  inject(app, 'PUT', url, body ?? {}, options);

export type UploadPart = {
  data: Buffer;
  fileName: string;
  /** What the client claims; the server must not believe it. Default application/octet-stream. */
  contentType?: string;
  /** The form field; the API reads `file`. */
  field?: string;
};

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(part: UploadPart): { body: Buffer; contentType: string } {
  const boundary = `----pgel${randomBytes(8).toString('hex')}`;
  const head = [
    `--${boundary}`,
    // Browsers send a quote in a file name as %22.
    `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.fileName.replace(/"/g, '%22')}"`,
    `Content-Type: ${part.contentType ?? 'application/octet-stream'}`,
    '',
    '',
  ].join('\r\n');
  const body = Buffer.concat([Buffer.from(head), part.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /api/v1/files?purpose=…` with one file. */
export async function uploadFile(
  app: FastifyInstance,
  purpose: string,
  part: UploadPart,
  options: InjectOptions = {},
): Promise<TestResponse> {
  const { body, contentType } = multipartBody(part);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/files?purpose=${encodeURIComponent(purpose)}`,
    headers: {
      ...options.headers,
      'content-type': contentType,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: body,
  });
  const type = String(response.headers['content-type'] ?? '');
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
    json: type.includes('application/json') && response.body ? (JSON.parse(response.body) as Json) : {},
    cookies: response.cookies as TestResponse['cookies'],
  };
}

/** `pgel_session=<token>` from a response's Set-Cookie, or undefined. */
export function sessionCookieOf(response: TestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** Signs in through the given tab and returns the cookie header value for later requests. */
export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  kind: LoginKind = 'student',
  options: InjectOptions = {},
): Promise<string> {
  const url = kind === 'student' ? '/api/v1/auth/login' : '/api/v1/auth/staff-login';
  const response = await post(app, url, { email, password }, options);
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return cookie;
}

/** A different client address per call, so the per-IP login throttle of one test never leaks into another. */
export function freshIp(): string {
  serial += 1;
  return `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
}

/** The raw token at the end of a mailed link such as `http://app.test/verify/<token>`. */
export function linkFrom(text: string, page: string): { link: string; token: string } {
  const match = new RegExp(`${APP_URL.replace(/\./g, '\\.')}/${page}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in mail text:\n${text}`);
  return { link: match[0], token: match[1] };
}

/** The temporary password of a new staff account's credentials mail. */
export function temporaryPasswordFrom(text: string): string {
  const match = /Temporary password: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no temporary password in mail text:\n${text}`);
  return match[1];
}

/** The messaging-app outbox rows to one (normalised) number, oldest first. */
export async function messagesTo(db: Database, toPhone: string) {
  return db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.toPhone, toPhone))
    .orderBy(asc(messageOutbox.createdAt));
}
