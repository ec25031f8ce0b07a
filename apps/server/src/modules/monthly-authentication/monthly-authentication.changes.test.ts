import { MONTH_AUTHENTICATION_MESSAGES as M } from '@pgel/shared/supervision/month-authentication';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, del, get, post, type TestApp } from '../../test/helpers';
import {
  authenticate,
  entries,
  type MonthWorld,
  mailTo,
  newResident,
  noticesTo,
  signatureRows,
  withMonthWorld,
} from './monthly-authentication.fixtures';

let t: TestApp;
let w: MonthWorld;
withMonthWorld((app, world) => {
  t = app;
  w = world;
});

type Month = {
  month: string;
  state: string;
  changedAfterAuthentication: boolean;
  authentication: { id: string; changedAt: string | null } | null;
};

async function october(resident: { id: string; cookie: string }): Promise<Month | undefined> {
  const list = await get(t.app, `/api/v1/students/${resident.id}/authentications`, {
    cookie: resident.cookie,
  });
  return (list.json.months as Month[]).find((m) => m.month === '2026-10');
}

const signOctober = (who = w.actors.faculty, studentId = '') =>
  authenticate(t, who, studentId, { month: '2026-10', password: DEFAULT_PASSWORD });

describe('a change after authentication', () => {
  it('a reset marks the month changed, tells the signer and the guide once, in the app and by mail', async () => {
    const resident = await newResident(t, w, { thesisGuideId: w.thesisGuide.id });
    const [first, second] = await entries(t, w, resident.id, [
      ['teaching', 'approved', '2026-10-03'],
      ['teaching', 'approved', '2026-10-09'],
    ]);
    // The HOD signs for the guide.
    expect((await signOctober(w.actors.hod, resident.id)).statusCode).toBe(201);
    expect((await october(resident))?.changedAfterAuthentication).toBe(false);

    const reset = await post(
      t.app,
      `/api/v1/records/${first}/reset`,
      { reason: 'Wrong date' },
      { cookie: w.actors.faculty.cookie },
    );
    expect(reset.statusCode).toBe(200);
    const month = await october(resident);
    expect(month?.state).toBe('authenticated');
    expect(month?.changedAfterAuthentication).toBe(true);
    expect(month?.authentication?.changedAt).not.toBeNull();

    const notice = M.changedNotice(resident.name, 'October 2026');
    for (const person of [w.actors.hod, w.thesisGuide]) {
      const notices = await noticesTo(t, person.id, notice);
      expect(notices, person.name).toHaveLength(1);
      expect(notices[0]?.url).toBe(`/authentication/${resident.id}?month=2026-10`);
      const mail = await mailTo(t, person.email, M.changedSubject('October 2026'));
      expect(mail, person.name).toHaveLength(1);
      expect(mail[0]?.text).toContain(`http://app.test/authentication/${resident.id}?month=2026-10`);
    }
    // The unit head is no longer the guide once a thesis guide is chosen: not told.
    expect(await noticesTo(t, w.actors.faculty.id, notice)).toHaveLength(0);

    // A second change of the marked month tells nobody again.
    const again = await post(
      t.app,
      `/api/v1/records/${second}/reset`,
      { reason: 'Wrong place' },
      { cookie: w.actors.faculty.cookie },
    );
    expect(again.statusCode).toBe(200);
    expect(await noticesTo(t, w.thesisGuide.id, notice)).toHaveLength(1);
  });

  it('once its entries are verified again the guide signs the month again; the old signature is kept', async () => {
    const resident = await newResident(t, w);
    const [id] = await entries(t, w, resident.id, [['teaching', 'approved', '2026-10-03']]);
    expect((await signOctober(w.actors.faculty, resident.id)).statusCode).toBe(201);
    await post(t.app, `/api/v1/records/${id}/reset`, { reason: 'Recheck' }, { cookie: w.actors.hod.cookie });

    // Pending again: refused until verified.
    const pending = await signOctober(w.actors.faculty, resident.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json.message).toContain('1 entry is still pending (1 Teaching Experience)');
    const verified = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: 'Checked', score: 3 },
      { cookie: w.actors.hod.cookie },
    );
    expect(verified.statusCode).toBe(200);

    const again = await signOctober(w.actors.faculty, resident.id);
    expect(again.statusCode).toBe(201);
    expect((again.json.month as Month).changedAfterAuthentication).toBe(false);
    const rows = await signatureRows(t, resident.id, '2026-10');
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.supersededAt === null)).toHaveLength(1);
    // The notice that asked for it is answered.
    const notices = await noticesTo(t, w.actors.faculty.id, M.changedNotice(resident.name, 'October 2026'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.readAt).not.toBeNull();
  });

  it("a new entry dated in the month, or one deleted, marks it changed; another month's does not", async () => {
    const resident = await newResident(t, w);
    await entries(t, w, resident.id, [['teaching', 'approved', '2026-10-03']]);
    expect((await signOctober(w.actors.faculty, resident.id)).statusCode).toBe(201);

    const add = (date: string) =>
      post(
        t.app,
        '/api/v1/records',
        {
          kind: 'teaching',
          teacherId: w.actors.faculty.id,
          studentRemark: 'Taught the batch',
          details: { trainingType: 'Theory Class', topic: 'Fluids', date },
        },
        { cookie: resident.cookie },
      );
    const november = await add('2026-11-02');
    expect(november.statusCode, november.body).toBe(201);
    expect((await october(resident))?.changedAfterAuthentication).toBe(false);

    const late = await add('2026-10-20');
    expect(late.statusCode, late.body).toBe(201);
    expect((await october(resident))?.changedAfterAuthentication).toBe(true);
    expect(
      await noticesTo(t, w.actors.faculty.id, M.changedNotice(resident.name, 'October 2026')),
    ).toHaveLength(1);

    // Deleting it (never verified) is a change too; the month is already marked, nobody is told again.
    const id = (late.json.record as { id: string }).id;
    expect((await del(t.app, `/api/v1/records/${id}`, { cookie: resident.cookie })).statusCode).toBe(200);
    expect(
      await noticesTo(t, w.actors.faculty.id, M.changedNotice(resident.name, 'October 2026')),
    ).toHaveLength(1);
  });
});

describe('where the authenticated months are listed', () => {
  it("the printable logbook and the verifiable PDF's check page list them, marked when changed", async () => {
    const resident = await newResident(t, w);
    const [id] = await entries(t, w, resident.id, [['teaching', 'approved', '2026-10-03']]);
    expect((await signOctober(w.actors.faculty, resident.id)).statusCode).toBe(201);

    const print = await get(t.app, `/api/v1/print-logbook/${resident.id}`, { cookie: resident.cookie });
    expect(print.statusCode).toBe(200);
    expect(print.json.authenticatedMonths).toEqual([
      expect.objectContaining({
        month: '2026-10',
        label: 'October 2026',
        authenticatedBy: w.actors.faculty.name,
        authenticatedOn: '5 November 2026',
        verifiedEntries: 1,
        changedAfterAuthentication: false,
      }),
    ]);

    const pdf = await get(t.app, `/api/v1/print-logbook/${resident.id}/pdf`, { cookie: resident.cookie });
    expect(pdf.statusCode).toBe(200);
    const code = String(pdf.headers['x-document-code']);
    const check = await get(t.app, `/api/v1/check/${code}`);
    expect(check.statusCode).toBe(200);
    expect(check.json.authenticatedMonths).toEqual([
      expect.objectContaining({ month: '2026-10', authenticatedBy: w.actors.faculty.name }),
    ]);

    await post(t.app, `/api/v1/records/${id}/reset`, { reason: 'Recheck' }, { cookie: w.actors.hod.cookie });
    const after = await get(t.app, `/api/v1/check/${code}`);
    expect(after.json.authenticatedMonths).toEqual([
      expect.objectContaining({ month: '2026-10', changedAfterAuthentication: true }),
    ]);
  });
});

describe('GET /authentications/residents', () => {
  it("lists the caller's residents with ended months to sign, most overdue first", async () => {
    const resident = await newResident(t, w, { joiningDate: '2026-09-01' });
    await entries(t, w, resident.id, [['teaching', 'approved', '2026-10-03']]);
    const mine = async (who: { cookie: string }) => {
      const response = await get(t.app, '/api/v1/authentications/residents', { cookie: who.cookie });
      expect(response.statusCode).toBe(200);
      type Item = {
        student: { id: string };
        relation: string;
        due: number;
        overdue: number;
        changed: number;
      };
      return (response.json.items as Item[]).find((item) => item.student.id === resident.id);
    };
    // September is overdue (after 10 October), October due until 10 November; November has not ended.
    expect(await mine(w.actors.faculty)).toEqual(
      expect.objectContaining({ relation: 'unit-head', due: 1, overdue: 1, changed: 0 }),
    );
    expect(await mine(w.actors.hod)).toEqual(
      expect.objectContaining({ relation: 'hod', due: 1, overdue: 1 }),
    );
    expect(await mine(w.colleague)).toBeUndefined();
    expect(await mine(w.hodOtherCollege)).toBeUndefined();

    expect((await signOctober(w.actors.faculty, resident.id)).statusCode).toBe(201);
    expect(await mine(w.actors.faculty)).toEqual(expect.objectContaining({ due: 0, overdue: 1 }));
    // A resident gets nothing: the list is the faculty's.
    const student = await get(t.app, '/api/v1/authentications/residents', { cookie: resident.cookie });
    expect(student.json).toEqual({ items: [], more: 0 });
  });
});
