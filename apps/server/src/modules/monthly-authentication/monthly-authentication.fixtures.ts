import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { mailOutbox, monthAuthentications, notifications, theses, users } from '../../db/schema/index';
import { type AcademicWorld, createAcademicWorld } from '../../test/academic-world';
import {
  buildTestApp,
  createRecordRows,
  createUser,
  freshIp,
  login,
  post,
  type TestApp,
  unique,
} from '../../test/helpers';
import type { RecordActor } from '../../test/records-world';

/**
 * The test clock: 5 November 2026, noon in India. October 2026 has ended and is due until the
 * 10th; September 2026 is overdue. Tests move it and put it back.
 */
export const NOW = new Date('2026-11-05T06:30:00Z');
export const clock = { now: NOW };

/**
 * The academic world (Medicine of North college; Surgery; South college's HOD) plus, in
 * Medicine, a second professor who guides nobody and a thesis guide.
 */
export type MonthWorld = AcademicWorld & {
  colleague: RecordActor;
  thesisGuide: RecordActor;
};

async function staff(t: TestApp, w: AcademicWorld, label: string): Promise<RecordActor> {
  const name = `Dr. ${w.tag} ${label}`;
  const user = await createUser(t.db, { role: 'professor', placement: w.medicine, name });
  const cookie = await login(t.app, user.email, user.password, 'staff', { remoteAddress: freshIp() });
  return { id: user.id, name, email: user.email, cookie, role: 'professor' };
}

/** A test file's app (on the test clock) and month world. */
export function withMonthWorld(ready: (t: TestApp, w: MonthWorld) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    clock.now = NOW;
    t = await buildTestApp({ now: () => clock.now });
    const academic = await createAcademicWorld(t);
    const world: MonthWorld = {
      ...academic,
      colleague: await staff(t, academic, 'Colleague'),
      thesisGuide: await staff(t, academic, 'Thesis Guide'),
    };
    ready(t, world);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/**
 * A resident of Medicine, signed in, whose unit head is the world's faculty member (the guide
 * until a thesis guide is chosen); joined on 14 August 2026 unless told otherwise.
 */
export async function newResident(
  t: TestApp,
  w: MonthWorld,
  options: { joiningDate?: string | null; thesisGuideId?: string } = {},
): Promise<RecordActor> {
  const name = `Dr. ${w.tag} ${unique('Resident')}`;
  const user = await createUser(t.db, {
    placement: w.medicine,
    name,
    verifyByHod: true,
    unitHeadId: w.actors.faculty.id,
    ...(options.joiningDate === null ? {} : { joiningDate: options.joiningDate ?? '2026-08-14' }),
  });
  if (options.thesisGuideId) {
    await t.db.insert(theses).values({
      stage: 'synopsis',
      studentId: user.id,
      collegeId: w.medicine.college.id,
      departmentId: w.medicine.department.id,
      title: 'A thesis',
      guideId: options.thesisGuideId,
      guideAt: new Date(),
    });
  }
  const cookie = await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() });
  return { id: user.id, name, email: user.email, cookie, role: null };
}

/** Entries of the resident written straight into the table: `[kind, status, date]` each. */
export async function entries(
  t: TestApp,
  w: MonthWorld,
  studentId: string,
  rows: ReadonlyArray<[kind: string, status: 'pending' | 'approved' | 'rejected', date: string]>,
): Promise<string[]> {
  return createRecordRows(
    t.db,
    rows.map(([kind, status, date]) => ({
      kind,
      studentId,
      placement: w.medicine,
      status,
      date,
      teacherId: w.actors.faculty.id,
      ...(status === 'pending'
        ? {}
        : {
            verifiedById: w.actors.faculty.id,
            verifiedAt: new Date('2026-10-31T10:00:00Z'),
            score: { value: 3, label: 'Good' },
          }),
    })),
  );
}

/** `POST /students/{id}/authentications` as `who`, from an address of its own. */
export function authenticate(
  t: TestApp,
  who: RecordActor,
  studentId: string,
  body: unknown,
  remoteAddress = freshIp(),
) {
  return post(t.app, `/api/v1/students/${studentId}/authentications`, body, {
    cookie: who.cookie,
    remoteAddress,
  });
}

/** Every signature row (live and superseded) of one resident's month. */
export async function signatureRows(t: TestApp, studentId: string, month: string) {
  return t.db
    .select()
    .from(monthAuthentications)
    .where(and(eq(monthAuthentications.studentId, studentId), eq(monthAuthentications.month, month)));
}

/** The in-app notices of one user whose text mentions `text`. */
export async function noticesTo(t: TestApp, userId: string, text: string) {
  const rows = await t.db.select().from(notifications).where(eq(notifications.toId, userId));
  return rows.filter((row) => row.description.includes(text));
}

/** The mail queued to one address whose subject mentions `text`. */
export async function mailTo(t: TestApp, email: string, text: string) {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.filter((row) => row.subject.includes(text));
}

/** Changes the resident's unit head (a profile edit). */
export async function setUnitHead(t: TestApp, studentId: string, unitHeadId: string | null) {
  await t.db.update(users).set({ unitHeadId }).where(eq(users.id, studentId));
}
