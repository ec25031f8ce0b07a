import { RECORD_MESSAGES, RecordDetailSchema } from '@pgel/shared/records/api';
import { SIGN_OFF_MAX, SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notifications, recordScores, sessions } from '../../db/schema/index';
import {
  auditRowsFor,
  createPlacement,
  createRecordRows,
  createUser,
  DEFAULT_PASSWORD,
  freshIp,
  get,
  post,
  recordRow,
  type TestApp,
} from '../../test/helpers';
import { type RecordsWorld, withRecordsWorld } from '../../test/records-world';

const SIGN_OFF = '/api/v1/records/sign-off';
const signOffOne = (id: string) => `/api/v1/records/${id}/sign-off`;
const VERDICT = { status: 'approved', score: 4, remark: 'Seen at the bedside' } as const;

// Issue 30 section 3: the faculty member beside the resident verifies entries on the resident's
// phone with their own e-mail and password; the resident's session gains nothing.
describe('sign-off on the resident’s device', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const resident = () => w.actors.student;
  const asResident = (ip = freshIp()) => ({ cookie: resident().cookie, remoteAddress: ip });
  const facultyCredentials = () => ({ email: w.actors.faculty.email, password: DEFAULT_PASSWORD });
  const pendingOf = async (studentId: string, n = 1) =>
    createRecordRows(
      t.db,
      Array.from({ length: n }, () => ({ kind: 'teaching', studentId, placement: w.medicine })),
    );

  it('verifies one entry as the faculty member: state, score, feedback, history, notices, audit', async () => {
    const [id] = (await pendingOf(resident().id)) as [string];
    const response = await post(t.app, signOffOne(id), { ...facultyCredentials(), ...VERDICT }, asResident());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.message).toBe(SIGN_OFF_MESSAGES.signedOff(w.actors.faculty.name, 'approved', 1));
    expect(response.json.verifierName).toBe(w.actors.faculty.name);
    expect(response.json.updatedCount).toBe(1);
    // Nothing is issued for the faculty member: no cookie of any kind.
    expect(response.cookies).toEqual([]);
    expect(response.headers['set-cookie']).toBeUndefined();

    const record = RecordDetailSchema.parse(response.json.record);
    expect(record).toMatchObject({
      status: 'approved',
      verifiedByName: w.actors.faculty.name,
      verifierRemark: VERDICT.remark,
      score: { value: 4 },
    });
    expect(record.history).toHaveLength(1);
    expect(record.history[0]).toMatchObject({
      event: 'verification',
      status: 'approved',
      byName: w.actors.faculty.name,
      note: SIGN_OFF_MESSAGES.onResidentDevice,
    });
    expect(SIGN_OFF_MESSAGES.onResidentDevice).toBe("signed on the resident's device");

    const stored = await recordRow(t.db, id);
    expect(stored?.verifiedById).toBe(w.actors.faculty.id);
    expect(stored?.everVerified).toBe(true);

    // The same history for the faculty member reading it later, and on the score-history route.
    const asFaculty = await get(t.app, `/api/v1/records/${id}/scores`, { cookie: w.actors.faculty.cookie });
    expect(asFaculty.json.items).toEqual(record.history);

    // Audited as the faculty member's verification, from the resident's device.
    const audit = (await auditRowsFor(t.db, 'record', id)).filter((row) => row.action === 'record.approve');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(w.actors.faculty.id);
    expect(audit[0]?.after).toMatchObject({ status: 'approved', signedOn: 'resident-device' });

    // The resident is told as for any verification, in the app and by mail; the faculty member
    // hears that their password was used on someone else's device.
    const told = await t.db.select().from(notifications).where(eq(notifications.toId, resident().id));
    expect(told.map((n) => n.description)).toContain(
      `${w.actors.faculty.name} marked your Teaching Experience entry Approved`,
    );
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, resident().email));
    expect(mails.some((m) => m.subject === 'Your Teaching Experience entry was approved')).toBe(true);
    const faculty = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.toId, w.actors.faculty.id));
    expect(faculty.map((n) => n.description)).toContain(SIGN_OFF_MESSAGES.facultyNotice(resident().name, 1));
  });

  it('verifies a selection in one transaction, and keeps a normal verification unmarked', async () => {
    const ids = await pendingOf(resident().id, 3);
    const response = await post(
      t.app,
      SIGN_OFF,
      { ...facultyCredentials(), ...VERDICT, status: 'rejected', recordIds: ids },
      asResident(),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json).toEqual({
      message: SIGN_OFF_MESSAGES.signedOff(w.actors.faculty.name, 'rejected', 3),
      verifierName: w.actors.faculty.name,
      updatedCount: 3,
    });
    for (const id of ids) {
      const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: resident().cookie });
      expect(detail.json).toMatchObject({ status: 'rejected', verifiedByName: w.actors.faculty.name });
      expect((detail.json.history as Array<{ note?: string }>)[0]?.note).toBe(
        SIGN_OFF_MESSAGES.onResidentDevice,
      );
    }

    // A verification from the faculty member's own session has no such note.
    const [own] = (await pendingOf(resident().id)) as [string];
    const verified = await post(t.app, `/api/v1/records/${own}/verification`, VERDICT, {
      cookie: w.actors.faculty.cookie,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((verified.json.record as { history: Array<{ note?: string }> }).history[0]).not.toHaveProperty(
      'note',
    );
  });

  it('changes nothing when one entry of the selection cannot be signed off (all or nothing)', async () => {
    const ids = await pendingOf(resident().id, 2);
    const [approved] = await createRecordRows(t.db, [
      {
        kind: 'teaching',
        studentId: resident().id,
        placement: w.medicine,
        status: 'approved',
        score: { value: 3, label: 'Good' },
        verifiedById: w.actors.hod.id,
        verifiedAt: new Date(),
      },
    ]);
    const body = { ...facultyCredentials(), ...VERDICT, recordIds: [...ids, approved] };
    const response = await post(t.app, SIGN_OFF, body, asResident());
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json.message).toBe(RECORD_MESSAGES.alreadyVerified);
    for (const id of ids) expect((await recordRow(t.db, id))?.status).toBe('pending');
    const history = await t.db.select().from(recordScores).where(inArray(recordScores.recordId, ids));
    expect(history).toEqual([]);
  });

  it('refuses entries that are not the signed-in resident’s own, even mixed with their own', async () => {
    const [own] = (await pendingOf(resident().id)) as [string];
    const [other] = (await pendingOf(w.actors.otherStudent.id)) as [string];
    const one = await post(t.app, signOffOne(other), { ...facultyCredentials(), ...VERDICT }, asResident());
    expect(one.statusCode, one.body).toBe(404);
    expect(one.json.message).toBe(RECORD_MESSAGES.notFound);
    const mixed = await post(
      t.app,
      SIGN_OFF,
      { ...facultyCredentials(), ...VERDICT, recordIds: [own, other] },
      asResident(),
    );
    expect(mixed.statusCode, mixed.body).toBe(404);
    expect((await recordRow(t.db, own))?.status).toBe('pending');
    expect((await recordRow(t.db, other))?.status).toBe('pending');
    // A malformed id is simply not found, before any password is checked.
    const malformed = await post(
      t.app,
      signOffOne('nope'),
      { ...facultyCredentials(), ...VERDICT },
      asResident(),
    );
    expect(malformed.statusCode).toBe(404);
  });

  it(`refuses more than ${SIGN_OFF_MAX} entries with a clear 400, and bad input with 4xx, never 500`, async () => {
    const ids = await pendingOf(resident().id, SIGN_OFF_MAX + 1);
    const tooMany = await post(
      t.app,
      SIGN_OFF,
      { ...facultyCredentials(), ...VERDICT, recordIds: ids },
      asResident(),
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json.message).toBe(SIGN_OFF_MESSAGES.tooMany);
    expect(SIGN_OFF_MESSAGES.tooMany).toContain(String(SIGN_OFF_MAX));
    for (const id of ids) expect((await recordRow(t.db, id))?.status).toBe('pending');

    const [id] = ids as [string];
    const cases: Array<[unknown, string]> = [
      [{ ...VERDICT, password: DEFAULT_PASSWORD }, SIGN_OFF_MESSAGES.emailRequired],
      [{ ...VERDICT, email: 'not-an-address', password: 'x' }, SIGN_OFF_MESSAGES.emailInvalid],
      [{ ...VERDICT, email: w.actors.faculty.email }, SIGN_OFF_MESSAGES.passwordRequired],
      [{ ...facultyCredentials(), status: 'approved', score: 4 }, RECORD_MESSAGES.verifyAllFields],
      [{ ...facultyCredentials(), ...VERDICT, status: 'pending' }, RECORD_MESSAGES.verdictRequired],
    ];
    for (const [body, message] of cases) {
      const response = await post(t.app, signOffOne(id), body, asResident());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json.message).toBe(message);
    }
    const none = await post(
      t.app,
      SIGN_OFF,
      { ...facultyCredentials(), ...VERDICT, recordIds: [] },
      asResident(),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json.message).toBe(SIGN_OFF_MESSAGES.selectRecords);
    // A score the kind does not offer is the verification's own 400.
    const badScore = await post(
      t.app,
      signOffOne(id),
      { ...facultyCredentials(), ...VERDICT, score: 9 },
      asResident(),
    );
    expect(badScore.statusCode).toBe(400);
  });

  it('answers 401 to wrong credentials, audits them without the password, and throttles as sign-in', async () => {
    const faculty = await createUser(t.db, { role: 'professor', placement: w.medicine });
    const [id] = (await pendingOf(resident().id)) as [string];
    const ip = freshIp();
    const wrongPassword = 'Wrong-Horse-1';
    for (let i = 0; i < 5; i += 1) {
      const response = await post(
        t.app,
        signOffOne(id),
        { email: faculty.email, password: `${wrongPassword}${i}`, ...VERDICT },
        asResident(ip),
      );
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json.message).toBe(LOGIN_MESSAGES.wrongCredentials);
    }
    // The 6th attempt from the same IP is refused even with the right password: the sign-in limit.
    const sixth = await post(
      t.app,
      signOffOne(id),
      { email: faculty.email, password: faculty.password, ...VERDICT },
      asResident(ip),
    );
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(sixth.json.message).toBe(SIGN_OFF_MESSAGES.tooManyAttempts);
    // The same counters as the login page: the address is refused there too from this IP.
    const login = await post(
      t.app,
      '/api/v1/auth/staff-login',
      { email: faculty.email, password: faculty.password },
      { remoteAddress: ip },
    );
    expect(login.statusCode).toBe(429);
    expect((await recordRow(t.db, id))?.status).toBe('pending');

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_off_failed'), eq(auditLog.subject, faculty.email)));
    const reasonOf = (row: (typeof audit)[number]) => (row.after as { reason: string }).reason;
    expect(audit.map(reasonOf).sort()).toEqual(['throttled', ...Array(5).fill('wrong_credentials')]);
    expect(audit.every((row) => row.ip === ip)).toBe(true);
    // A wrong password names the account tried; a throttled attempt checks none.
    const wrong = audit.filter((row) => reasonOf(row) === 'wrong_credentials');
    expect(wrong.map((row) => row.entityId)).toEqual(Array(5).fill(faculty.id));
    expect(audit[0]?.after).toMatchObject({ deviceOwnerId: resident().id });
    // No password in any audit row or mail, ever.
    const [leaks] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        sql`${auditLog.after}::text like ${`%${wrongPassword}%`} or ${auditLog.after}::text like ${`%${faculty.password}%`}`,
      );
    expect(leaks?.n).toBe(0);
    const [mailed] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.text} like ${`%${DEFAULT_PASSWORD}%`}`);
    expect(mailed?.n).toBe(0);

    // An unknown address is the same 401.
    const unknown = await post(
      t.app,
      signOffOne(id),
      { email: 'nobody@example.org', password: 'whatever', ...VERDICT },
      asResident(),
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json.message).toBe(LOGIN_MESSAGES.wrongCredentials);
  });

  it('refuses staff who may not verify the entry: another department (403), another college, Admin', async () => {
    const [id] = (await pendingOf(resident().id)) as [string];
    const surgeon = await post(
      t.app,
      signOffOne(id),
      { email: w.actors.facultyOtherDepartment.email, password: DEFAULT_PASSWORD, ...VERDICT },
      asResident(),
    );
    expect(surgeon.statusCode, surgeon.body).toBe(403);
    expect(surgeon.json.message).toBe(SIGN_OFF_MESSAGES.mayNotVerify);

    const elsewhere = await createPlacement(t.db);
    const otherCollege = await createUser(t.db, { role: 'professor', placement: elsewhere });
    const foreign = await post(
      t.app,
      signOffOne(id),
      { email: otherCollege.email, password: otherCollege.password, ...VERDICT },
      asResident(),
    );
    expect(foreign.statusCode, foreign.body).toBe(403);
    expect(foreign.json.message).toBe(SIGN_OFF_MESSAGES.mayNotVerify);

    // Admin and Master verify nothing (the same rule as the verification route).
    for (const staff of [w.actors.admin, w.actors.master]) {
      const response = await post(
        t.app,
        signOffOne(id),
        { email: staff.email, password: DEFAULT_PASSWORD, ...VERDICT },
        asResident(),
      );
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json.message).toBe(SIGN_OFF_MESSAGES.notVerifier);
    }
    expect((await recordRow(t.db, id))?.status).toBe('pending');
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_off_failed'), eq(auditLog.subject, w.actors.admin.email)));
    expect(refused.map((row) => (row.after as { reason: string }).reason)).toEqual(['not_verifier']);
  });

  it('refuses a student’s credentials, the resident’s own included', async () => {
    const [id] = (await pendingOf(resident().id)) as [string];
    for (const student of [w.actors.otherStudent, resident()]) {
      const response = await post(
        t.app,
        signOffOne(id),
        { email: student.email, password: DEFAULT_PASSWORD, ...VERDICT },
        asResident(),
      );
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json.message).toBe(SIGN_OFF_MESSAGES.notVerifier);
    }
    const blocked = await createUser(t.db, { role: 'professor', placement: w.medicine, blocked: true });
    const answer = await post(
      t.app,
      signOffOne(id),
      { email: blocked.email, password: blocked.password, ...VERDICT },
      asResident(),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json.message).toBe(SIGN_OFF_MESSAGES.blocked);
    expect((await recordRow(t.db, id))?.status).toBe('pending');
  });

  it('is only for a signed-in resident: staff sessions and no session are refused', async () => {
    const [id] = (await pendingOf(resident().id)) as [string];
    const body = { ...facultyCredentials(), ...VERDICT };
    expect((await post(t.app, signOffOne(id), body, { remoteAddress: freshIp() })).statusCode).toBe(401);
    const asFaculty = await post(t.app, signOffOne(id), body, {
      cookie: w.actors.faculty.cookie,
      remoteAddress: freshIp(),
    });
    expect(asFaculty.statusCode).toBe(403);
    expect((await recordRow(t.db, id))?.status).toBe('pending');
  });

  it('leaves the resident’s session as it was: the next request has no faculty rights', async () => {
    const [signed, other] = (await pendingOf(resident().id, 2)) as [string, string];
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, w.actors.faculty.id));
    const response = await post(
      t.app,
      signOffOne(signed),
      { ...facultyCredentials(), ...VERDICT },
      asResident(),
    );
    expect(response.statusCode, response.body).toBe(200);
    // No session was made for the faculty member.
    const after = await t.db.select().from(sessions).where(eq(sessions.userId, w.actors.faculty.id));
    expect(after.map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());

    const cookie = resident().cookie;
    const me = await get(t.app, '/api/v1/auth/me', { cookie });
    expect(me.json.user).toMatchObject({ id: resident().id, role: null });
    expect((await get(t.app, '/api/v1/records/pending', { cookie })).statusCode).toBe(403);
    const verify = await post(t.app, `/api/v1/records/${other}/verification`, VERDICT, { cookie });
    expect(verify.statusCode).toBe(403);
    const bulk = await post(
      t.app,
      '/api/v1/records/bulk-verification',
      { ...VERDICT, recordIds: [other] },
      { cookie },
    );
    expect(bulk.statusCode).toBe(403);
    expect((await recordRow(t.db, other))?.status).toBe('pending');
  });
});
