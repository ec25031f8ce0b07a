import { addDays } from '@pgel/shared/academic/common';
import { formatMemoNumber, MEMO_MESSAGES as M, MEMO_NOTICES } from '@pgel/shared/academic/memos';
import { todayIso } from '@pgel/shared/schemas/dates';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, memos, notifications, users } from '../../db/schema/index';
import { type AcademicWorld, createAcademicWorld, withAcademicWorld } from '../../test/academic-world';
import {
  APP_URL,
  auditRowsFor,
  buildTestApp,
  createUser,
  freshIp,
  get,
  login,
  post,
  type TestApp,
  unique,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

type Json = Record<string, unknown>;
type MemoJson = {
  id: string;
  memoNumber: string;
  date: string;
  reason: string;
  status: string;
  student: { id: string; name: string };
  issuedBy: { id: string; name: string };
  explanation: string | null;
  explainedAt: string | null;
  remark: string | null;
  closedBy: { id: string; name: string } | null;
  closedAt: string | null;
};

const today = () => todayIso();
const year = (date: string) => Number(date.slice(0, 4));

describe('memos: issued, explained, closed', () => {
  let t: TestApp;
  let w: AcademicWorld;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  const memoRow = async (id: string) => (await t.db.select().from(memos).where(eq(memos.id, id)))[0];
  const memoCount = async () => Number((await t.db.select({ n: count() }).from(memos))[0]?.n ?? 0);
  const mailTo = (to: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
  const notesTo = (toId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.toId, toId))
      .orderBy(asc(notifications.createdAt));

  async function issue(
    body: Json,
    cookie: string = w.actors.hod.cookie,
  ): Promise<{ status: number; json: Json; memo: MemoJson }> {
    const response = await post(t.app, '/api/v1/memos', body, { cookie });
    return { status: response.statusCode, json: response.json, memo: response.json.memo as MemoJson };
  }
  async function issued(
    studentId: string,
    reason = `Reason ${unique()}`,
    date = today(),
    cookie = w.actors.hod.cookie,
  ) {
    const { status, json, memo } = await issue({ studentId, date, reason }, cookie);
    expect(status, JSON.stringify(json)).toBe(201);
    return memo;
  }
  const explain = (id: string, body: Json, cookie = w.actors.student.cookie) =>
    post(t.app, `/api/v1/memos/${id}/explanation`, body, { cookie });
  const close = (id: string, body: Json, cookie = w.actors.hod.cookie) =>
    post(t.app, `/api/v1/memos/${id}/close`, body, { cookie });
  const list = (query: string, cookie: string) => get(t.app, `/api/v1/memos?${query}`, { cookie });
  const itemsOf = (response: { json: Json }) => response.json.items as MemoJson[];

  it('a memo goes from Issued to Explained to Closed, each step stored, audited and told', async () => {
    const student = w.actors.student;
    const hod = w.actors.hod;
    const reason = `Absent from the ward round without leave ${unique()}`;
    const date = addDays(today(), -3);

    // The HOD issues it.
    const created = await issue({ studentId: student.id, date, reason: `  ${reason}  ` });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.message).toBe(M.created);
    const memo = created.memo;
    expect(memo).toMatchObject({
      date,
      reason,
      status: 'issued',
      student: { id: student.id, name: student.name },
      issuedBy: { id: hod.id, name: hod.name },
      explanation: null,
      explainedAt: null,
      remark: null,
      closedBy: null,
      closedAt: null,
    });
    expect(memo.memoNumber).toMatch(new RegExp(`^MEMO/${year(date)}/\\d{3}$`));
    const stored = await memoRow(memo.id);
    expect(stored).toMatchObject({
      collegeId: w.medicine.college.id,
      departmentId: w.medicine.department.id,
      studentId: student.id,
      issuedById: hod.id,
      memoNumber: memo.memoNumber,
      date,
      reason,
      status: 'issued',
      explanation: null,
      closedById: null,
    });
    expect(memo.memoNumber).toBe(formatMemoNumber(year(date), stored?.sequence ?? -1));

    const [issuedNote] = (await notesTo(student.id)).filter((n) => n.description.includes(memo.memoNumber));
    expect(issuedNote).toMatchObject({
      fromId: hod.id,
      description: MEMO_NOTICES.issued(memo.memoNumber, hod.name),
      // The notice opens the memo itself (issue 28).
      url: `/memo?student=${student.id}&entry=${memo.id}`,
      subjectId: memo.id,
      readAt: null,
      collegeId: w.medicine.college.id,
    });
    const [issuedMail, ...moreIssued] = (await mailTo(student.email)).filter((m) =>
      m.subject.includes(memo.memoNumber),
    );
    expect(moreIssued).toHaveLength(0);
    expect(issuedMail?.subject).toBe(MEMO_NOTICES.issuedSubject(memo.memoNumber));
    expect(issuedMail?.text).toContain(MEMO_NOTICES.issued(memo.memoNumber, hod.name));
    // The mail says a memo was issued and links to it; its reason stays behind the sign-in (issue 28).
    expect(issuedMail?.text).not.toContain(reason);
    expect(issuedMail?.text).toContain(`${APP_URL}/memo`);

    // The student sees it in their list and explains it.
    expect(itemsOf(await list('pageSize=20', student.cookie)).map((i) => i.id)).toContain(memo.id);
    const explanation = 'My mother was admitted to hospital that morning.';
    const explained = await explain(memo.id, { explanation: `\n${explanation} ` });
    expect(explained.statusCode, explained.body).toBe(200);
    expect(explained.json.message).toBe(M.explained);
    expect(explained.json.memo).toMatchObject({ id: memo.id, status: 'explained', explanation });
    const afterExplain = await memoRow(memo.id);
    expect(afterExplain).toMatchObject({ status: 'explained', explanation });
    expect(afterExplain?.explainedAt).toBeInstanceOf(Date);
    expect((explained.json.memo as MemoJson).explainedAt).toBe(afterExplain?.explainedAt?.toISOString());

    const [explainedNote] = (await notesTo(hod.id)).filter((n) => n.description.includes(memo.memoNumber));
    expect(explainedNote).toMatchObject({
      fromId: student.id,
      description: MEMO_NOTICES.explained(memo.memoNumber, student.name),
      url: `/memo?student=${student.id}&entry=${memo.id}`,
      readAt: null,
    });
    // Explained: the student's notice of the memo is read (issue 28).
    const [issuedRead] = (await notesTo(student.id)).filter((n) => n.id === issuedNote?.id);
    expect(issuedRead?.readAt).toBeInstanceOf(Date);
    const [explainedMail] = (await mailTo(hod.email)).filter((mail) =>
      mail.subject.includes(memo.memoNumber),
    );
    expect(explainedMail?.subject).toBe(MEMO_NOTICES.explainedSubject(memo.memoNumber));
    expect(explainedMail?.text).toContain(MEMO_NOTICES.explained(memo.memoNumber, student.name));
    expect(explainedMail?.text).not.toContain(explanation);
    expect(explainedMail?.text).not.toContain(reason);
    expect(explainedMail?.text).toContain(`${APP_URL}/memo`);

    // Once only.
    const again = await explain(memo.id, { explanation: 'Another try' });
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe(M.alreadyExplained);
    expect((await memoRow(memo.id))?.explanation).toBe(explanation);

    // The HOD closes it.
    const remark = 'Explanation accepted. Inform the unit next time.';
    const closed = await close(memo.id, { remark: ` ${remark}` });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json.message).toBe(M.closed);
    expect(closed.json.memo).toMatchObject({
      id: memo.id,
      status: 'closed',
      explanation,
      remark,
      closedBy: { id: hod.id, name: hod.name },
    });
    const afterClose = await memoRow(memo.id);
    expect(afterClose).toMatchObject({ status: 'closed', remark, closedById: hod.id, explanation });
    expect(afterClose?.closedAt).toBeInstanceOf(Date);

    const [closedNote] = (await notesTo(student.id)).filter(
      (n) => n.description === MEMO_NOTICES.closed(memo.memoNumber, hod.name),
    );
    expect(closedNote).toMatchObject({ fromId: hod.id, url: `/memo?student=${student.id}&entry=${memo.id}` });
    // Closed: the HOD's notice of the explanation is read (issue 28).
    const [explainedRead] = (await notesTo(hod.id)).filter((n) => n.id === explainedNote?.id);
    expect(explainedRead?.readAt).toBeInstanceOf(Date);
    const studentMail = (await mailTo(student.email)).filter((mail) =>
      mail.subject.includes(memo.memoNumber),
    );
    expect(studentMail.map((mail) => mail.subject)).toEqual([
      MEMO_NOTICES.issuedSubject(memo.memoNumber),
      MEMO_NOTICES.closedSubject(memo.memoNumber),
    ]);
    expect(studentMail[1]?.text).not.toContain(remark);
    expect(studentMail[1]?.text).not.toContain(explanation);
    expect(studentMail[1]?.text).toContain(`${APP_URL}/memo`);

    const closedAgain = await close(memo.id, { remark: 'Again' });
    expect(closedAgain.statusCode).toBe(409);
    expect(closedAgain.json.message).toBe(M.alreadyClosed);
    const explainClosed = await explain(memo.id, { explanation: 'Late' });
    expect(explainClosed.statusCode).toBe(409);
    expect(explainClosed.json.message).toBe(M.alreadyExplained);
    expect(await memoRow(memo.id)).toEqual(afterClose);

    const audit = await auditRowsFor(t.db, 'memo', memo.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['memo.issue', hod.id],
      ['memo.explain', student.id],
      ['memo.close', hod.id],
    ]);
    expect(audit[0]?.after).toMatchObject({ memoNumber: memo.memoNumber, status: 'issued', reason });
    expect(audit[1]?.before).toMatchObject({ status: 'issued', explanation: null });
    expect(audit[1]?.after).toMatchObject({ status: 'explained', explanation });
    expect(audit[2]?.after).toMatchObject({ status: 'closed', remark, closedById: hod.id });
    expect(audit.every((row) => row.collegeId === w.medicine.college.id)).toBe(true);
  });

  describe('issuing: every message, nothing stored', () => {
    it.each([
      ['no student', () => ({ date: today(), reason: 'Late' }), 400, M.fillAll],
      ['no date', () => ({ studentId: w.actors.student.id, reason: 'Late' }), 400, M.fillAll],
      ['an empty date', () => ({ studentId: w.actors.student.id, date: '', reason: 'Late' }), 400, M.fillAll],
      ['no reason', () => ({ studentId: w.actors.student.id, date: today() }), 400, M.fillAll],
      [
        'a blank reason',
        () => ({ studentId: w.actors.student.id, date: today(), reason: ' \n\t ' }),
        400,
        M.fillAll,
      ],
      ['a blank student', () => ({ studentId: '  ', date: today(), reason: 'Late' }), 400, M.fillAll],
      ['an empty body', () => ({}), 400, M.fillAll],
      [
        'a date not on the calendar',
        () => ({ studentId: w.actors.student.id, date: '2025-02-30', reason: 'Late' }),
        400,
        M.fillAll,
      ],
      [
        'a date in another format',
        () => ({ studentId: w.actors.student.id, date: '12-01-2025', reason: 'Late' }),
        400,
        M.fillAll,
      ],
      [
        'tomorrow',
        () => ({ studentId: w.actors.student.id, date: addDays(today(), 1), reason: 'Late' }),
        400,
        M.futureDate,
      ],
      [
        'a student of another department',
        () => ({ studentId: w.surgeryStudent.id, date: today(), reason: 'Late' }),
        404,
        M.studentNotInDepartment,
      ],
      [
        'a student of another college',
        () => ({ studentId: w.otherCollegeStudent.id, date: today(), reason: 'Late' }),
        404,
        M.studentNotInDepartment,
      ],
      [
        'a member of staff of the department',
        () => ({ studentId: w.actors.faculty.id, date: today(), reason: 'Late' }),
        404,
        M.studentNotInDepartment,
      ],
      [
        'an id of nobody',
        () => ({ studentId: '00000000-0000-4000-8000-000000000000', date: today(), reason: 'Late' }),
        404,
        M.studentNotInDepartment,
      ],
      [
        'a malformed id',
        () => ({ studentId: 'not-an-id', date: today(), reason: 'Late' }),
        404,
        M.studentNotInDepartment,
      ],
    ])('%s', async (_label, body, status, message) => {
      const before = await memoCount();
      const outbox = (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n;
      const response = await issue(body());
      expect(response.status).toBe(status);
      expect(response.json.message).toBe(message);
      expect(await memoCount()).toBe(before);
      expect((await t.db.select({ n: count() }).from(mailOutbox))[0]?.n).toBe(outbox);
    });

    it('today is a valid memo date, and so is an earlier year (its year numbers the memo)', async () => {
      const memo = await issued(w.actors.otherStudent.id, 'Late to theatre', today());
      expect(memo.date).toBe(today());
      const old = await issued(w.actors.otherStudent.id, 'Missed the audit', '2024-12-31');
      expect(old.memoNumber).toMatch(/^MEMO\/2024\/\d{3}$/);
    });
  });

  describe('explaining and closing: every message', () => {
    it('an explanation is required; a blank one changes nothing', async () => {
      const memo = await issued(w.actors.student.id);
      const before = await memoRow(memo.id);
      for (const body of [{}, { explanation: '' }, { explanation: '  \n ' }]) {
        const response = await explain(memo.id, body);
        expect(response.statusCode).toBe(400);
        expect(response.json.message).toBe(M.explanationRequired);
      }
      expect(await memoRow(memo.id)).toEqual(before);
    });

    it('an issued memo cannot be closed; a remark is required', async () => {
      const memo = await issued(w.actors.student.id);
      const early = await close(memo.id, { remark: 'Closing' });
      expect(early.statusCode).toBe(409);
      expect(early.json.message).toBe(M.notExplained);
      expect((await explain(memo.id, { explanation: 'Sorry' })).statusCode).toBe(200);
      const before = await memoRow(memo.id);
      for (const body of [{}, { remark: '' }, { remark: '   ' }]) {
        const response = await close(memo.id, body);
        expect(response.statusCode).toBe(400);
        expect(response.json.message).toBe(M.remarkRequired);
      }
      expect(await memoRow(memo.id)).toEqual(before);
    });

    it.each([
      ['an unknown id', '00000000-0000-4000-8000-000000000000'],
      ['a malformed id', 'memo-1'],
    ])('%s is not found', async (_label, id) => {
      const explained = await explain(id, { explanation: 'Sorry' });
      expect(explained.statusCode).toBe(404);
      expect(explained.json.message).toBe(M.notFound);
      const closed = await close(id, { remark: 'Done' });
      expect(closed.statusCode).toBe(404);
      expect(closed.json.message).toBe(M.notFound);
    });

    it('a student whose approval was withdrawn still explains their memo', async () => {
      const memo = await issued(w.actors.student.id);
      await t.db.update(users).set({ verifyByHod: false }).where(eq(users.id, w.actors.student.id));
      try {
        const response = await explain(memo.id, { explanation: 'I was on duty elsewhere.' });
        expect(response.statusCode, response.body).toBe(200);
        expect((await memoRow(memo.id))?.status).toBe('explained');
      } finally {
        await t.db.update(users).set({ verifyByHod: true }).where(eq(users.id, w.actors.student.id));
      }
    });

    it("an explanation reaches the issuer and the department's HOD now, once each", async () => {
      const memo = await issued(w.actors.student.id);
      const successor = await createUser(t.db, { role: 'hod', placement: w.medicine });
      const text = MEMO_NOTICES.explained(memo.memoNumber, w.actors.student.name);
      expect((await explain(memo.id, { explanation: 'I was in theatre.' })).statusCode).toBe(200);
      for (const hodId of [w.actors.hod.id, successor.id]) {
        const told = (await notesTo(hodId)).filter((n) => n.description === text);
        expect(told, hodId).toHaveLength(1);
      }
      expect(await mailTo(successor.email)).toHaveLength(1);
    });

    it('another HOD of the department may close a memo the first one issued', async () => {
      const memo = await issued(w.actors.student.id);
      expect((await explain(memo.id, { explanation: 'Sorry' })).statusCode).toBe(200);
      const successor = await createUser(t.db, { role: 'hod', placement: w.medicine });
      const cookie = await login(t.app, successor.email, successor.password, 'staff', {
        remoteAddress: freshIp(),
      });
      const response = await close(memo.id, { remark: 'Noted' }, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json.memo).toMatchObject({
        closedBy: { id: successor.id },
        issuedBy: { id: w.actors.hod.id },
      });
    });
  });

  describe('numbering', () => {
    async function sequences(collegeId: string, departmentId: string) {
      const rows = await t.db
        .select({ sequence: memos.sequence, memoNumber: memos.memoNumber, date: memos.date })
        .from(memos)
        .where(and(eq(memos.collegeId, collegeId), eq(memos.departmentId, departmentId)))
        .orderBy(asc(memos.sequence));
      return rows;
    }

    it('runs on per department, one past the highest, whatever the year', async () => {
      const before = await sequences(w.medicine.college.id, w.medicine.department.id);
      const last = before.at(-1)?.sequence ?? 0;
      const first = await issued(w.actors.otherStudent.id, 'First', today());
      const second = await issued(w.actors.student.id, 'Second', '2025-06-01');
      const third = await issued(w.actors.otherStudent.id, 'Third', today());
      expect([first.memoNumber, second.memoNumber, third.memoNumber]).toEqual([
        formatMemoNumber(year(today()), last + 1),
        formatMemoNumber(2025, last + 2),
        formatMemoNumber(year(today()), last + 3),
      ]);
      // The other college's department counts from 1 on its own.
      const south = await issued(w.otherCollegeStudent.id, 'South', today(), w.hodOtherCollege.cookie);
      expect(south.memoNumber).toBe(formatMemoNumber(year(today()), 1));
    });

    it('memos issued at the same moment get distinct, consecutive numbers', async () => {
      const before = await sequences(w.medicine.college.id, w.medicine.department.id);
      const last = before.at(-1)?.sequence ?? 0;
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          issue({
            studentId: i % 2 ? w.actors.student.id : w.actors.otherStudent.id,
            date: today(),
            reason: `At once ${i}`,
          }),
        ),
      );
      for (const response of responses) expect(response.status, JSON.stringify(response.json)).toBe(201);
      const numbers = responses.map((response) => response.memo.memoNumber).sort();
      expect(new Set(numbers).size).toBe(8);
      expect(numbers).toEqual(
        Array.from({ length: 8 }, (_, i) => formatMemoNumber(year(today()), last + 1 + i)).sort(),
      );
      const after = await sequences(w.medicine.college.id, w.medicine.department.id);
      expect(after.map((row) => row.sequence)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    });
  });

  describe('the list', () => {
    it('searches memo number, reason and student name; sorts and filters', async () => {
      const tag = unique('Lst');
      const a = await issued(w.actors.student.id, `${tag} alpha`, '2025-01-10');
      const b = await issued(w.actors.otherStudent.id, `${tag} beta`, '2025-03-10');
      const c = await issued(w.actors.student.id, `${tag} gamma`, '2025-02-10');
      expect((await explain(c.id, { explanation: 'Sorry' })).statusCode).toBe(200);
      const hod = w.actors.hod.cookie;

      // Newest memo date first by default.
      const all = await list(`search=${tag}&pageSize=20`, hod);
      expect(all.statusCode, all.body).toBe(200);
      expect(itemsOf(all).map((i) => i.id)).toEqual([b.id, c.id, a.id]);
      expect(all.json.total).toBe(3);

      const byNumber = await list(`search=${tag}&sort=memoNumber&order=asc`, hod);
      expect(itemsOf(byNumber).map((i) => i.id)).toEqual([a.id, b.id, c.id]);
      const byDateAsc = await list(`search=${tag}&sort=date&order=asc`, hod);
      expect(itemsOf(byDateAsc).map((i) => i.id)).toEqual([a.id, c.id, b.id]);

      const byMemoNumber = await list(`search=${encodeURIComponent(b.memoNumber)}`, hod);
      expect(itemsOf(byMemoNumber).map((i) => i.id)).toEqual([b.id]);
      const byName = await list(`search=${encodeURIComponent(`${w.actors.otherStudent.name} ${tag}`)}`, hod);
      expect(itemsOf(byName).map((i) => i.id)).toEqual([b.id]);

      const explainedOnly = await list(`search=${tag}&status=explained`, hod);
      expect(itemsOf(explainedOnly).map((i) => i.id)).toEqual([c.id]);
      const ofStudent = await list(`search=${tag}&studentId=${w.actors.student.id}`, hod);
      expect(itemsOf(ofStudent).map((i) => i.id)).toEqual([c.id, a.id]);
      const ofNobody = await list(`search=${tag}&studentId=nobody`, hod);
      expect(itemsOf(ofNobody)).toEqual([]);

      // A student's list is their own, whatever studentId they send.
      const own = await list(`search=${tag}&studentId=${w.actors.otherStudent.id}`, w.actors.student.cookie);
      expect(itemsOf(own).map((i) => i.id)).toEqual([c.id, a.id]);

      const paged = await list(`search=${tag}&pageSize=5&page=2`, hod);
      expect(paged.json).toMatchObject({ items: [], total: 3, page: 2, pageSize: 5 });
    });
  });
});

/** The mail leaves through SMTP as well as the outbox says it would. */
describe('memos: the mail reaches the student', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let w: AcademicWorld;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    w = await createAcademicWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('memo mails say issued, explained or closed with a link, never the reason, explanation or remark', async () => {
    const reason = `Unsigned case sheets ${unique()}`;
    const explanation = `Admitted to hospital with dengue ${unique()}`;
    const remark = `Accepted, see the unit head ${unique()}`;
    const response = await post(
      t.app,
      '/api/v1/memos',
      { studentId: w.actors.student.id, date: todayIso(), reason },
      { cookie: w.actors.hod.cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id, memoNumber } = response.json.memo as MemoJson;
    const explained = await post(
      t.app,
      `/api/v1/memos/${id}/explanation`,
      { explanation },
      { cookie: w.actors.student.cookie },
    );
    expect(explained.statusCode, explained.body).toBe(200);
    const closed = await post(
      t.app,
      `/api/v1/memos/${id}/close`,
      { remark },
      { cookie: w.actors.hod.cookie },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    await t.app.outbox.drain();

    const issuedMail = await smtp.waitForMail(w.actors.student.email);
    const explainedMail = await smtp.waitForMail(w.actors.hod.email);
    const closedMail = await smtp.waitForMail(w.actors.student.email);
    expect([issuedMail.subject, explainedMail.subject, closedMail.subject]).toEqual([
      MEMO_NOTICES.issuedSubject(memoNumber),
      MEMO_NOTICES.explainedSubject(memoNumber),
      MEMO_NOTICES.closedSubject(memoNumber),
    ]);
    for (const mail of [issuedMail, explainedMail, closedMail]) {
      expect(mail.text).toContain(`${APP_URL}/memo`);
      for (const secret of [reason, explanation, remark]) expect(mail.text).not.toContain(secret);
    }
  });
});
