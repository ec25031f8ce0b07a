import { addDays } from '@pgel/shared/academic/common';
import { ATTENDANCE_MESSAGES as M } from '@pgel/shared/drp/attendance';
import { DRP_MESSAGES } from '@pgel/shared/drp/postings';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drpAttendance } from '../../db/schema/index';
import { addPosting, type DrpWorld, dayFromToday, withDrpWorld } from '../../test/drp-world';
import { auditRowsFor, del, get, put, type TestApp } from '../../test/helpers';

type Json = Record<string, unknown>;
type DayJson = { date: string; mark: 'present' | 'absent' | null };

describe('DRP attendance', () => {
  let t: TestApp;
  let w: DrpWorld;

  withDrpWorld((app, world) => {
    t = app;
    w = world;
  });

  const mark = (id: string, days: unknown, cookie = w.actors.coordinator.cookie) =>
    put(t.app, `/api/v1/drp/postings/${id}/attendance`, { days }, { cookie });
  const daysOf = (id: string, cookie: string) =>
    get(t.app, `/api/v1/drp/postings/${id}/attendance`, { cookie });
  const stored = (id: string) =>
    t.db
      .select({ day: drpAttendance.day, present: drpAttendance.present, by: drpAttendance.markedById })
      .from(drpAttendance)
      .where(eq(drpAttendance.postingId, id))
      .orderBy(asc(drpAttendance.day));

  /** A posting of the other student under the coordinator, started `daysAgo` days ago. */
  const started = (daysAgo: number) =>
    addPosting(t.db, {
      student: w.actors.otherStudent,
      placement: w.home,
      coordinator: w.actors.coordinator,
      from: dayFromToday(-daysAgo),
    });

  it('the coordinator marks days; a day marked again takes the new mark; the figures follow', async () => {
    const posting = await started(9);
    const [d0, d1, d2] = [0, 1, 2].map((i) => addDays(posting.from, i)) as [string, string, string];
    const saved = await mark(posting.id, [
      { date: d0, mark: 'present' },
      { date: d1, mark: 'absent' },
      { date: d2, mark: 'present' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json.message).toBe(M.saved);
    expect(saved.json.row).toMatchObject({
      postingId: posting.id,
      student: { id: w.actors.otherStudent.id, name: w.actors.otherStudent.name },
      institution: posting.institution.name,
      scheduleFrom: posting.from,
      scheduleTo: posting.to,
      daysSoFar: 10,
      marked: 3,
      present: 2,
      percentage: 66,
      canMark: true,
    });
    const days = saved.json.days as DayJson[];
    expect(days).toHaveLength(10);
    expect(days.slice(0, 4)).toEqual([
      { date: d0, mark: 'present' },
      { date: d1, mark: 'absent' },
      { date: d2, mark: 'present' },
      { date: addDays(posting.from, 3), mark: null },
    ]);
    expect(days.at(-1)?.date).toBe(dayFromToday(0));

    // Marked again (twice in one request: the last mark wins), and today itself.
    const again = await mark(posting.id, [
      { date: d1, mark: 'absent' },
      { date: d1, mark: 'present' },
      { date: dayFromToday(0), mark: 'absent' },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json.row).toMatchObject({ marked: 4, present: 3, percentage: 75 });
    expect(await stored(posting.id)).toEqual([
      { day: d0, present: true, by: w.actors.coordinator.id },
      { day: d1, present: true, by: w.actors.coordinator.id },
      { day: d2, present: true, by: w.actors.coordinator.id },
      { day: dayFromToday(0), present: false, by: w.actors.coordinator.id },
    ]);
    expect((await auditRowsFor(t.db, 'drp_posting', posting.id)).map((a) => a.action)).toEqual([
      'drp.attendance.mark',
      'drp.attendance.mark',
    ]);

    // The resident and their department read the same figures; nobody else may mark.
    for (const reader of [w.actors.otherStudent, w.actors.faculty, w.actors.master]) {
      const read = await daysOf(posting.id, reader.cookie);
      expect(read.statusCode, reader.name).toBe(200);
      expect(read.json.row).toMatchObject({ marked: 4, present: 3, percentage: 75, canMark: false });
      expect(read.json.days).toEqual(again.json.days);
    }
    const list = await get(t.app, '/api/v1/drp/attendance', { cookie: w.actors.otherStudent.cookie });
    expect((list.json.items as Json[]).find((row) => row.postingId === posting.id)).toMatchObject({
      percentage: 75,
      canMark: false,
    });
    // Marked attendance keeps the posting.
    const deleted = await del(t.app, `/api/v1/drp/postings/${posting.id}`, {
      cookie: w.actors.faculty.cookie,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json.message).toBe(DRP_MESSAGES.attendanceMarked);
  });

  it('refuses days outside the posting, days to come, nothing at all, and a posting not started', async () => {
    const posting = await started(3);
    const cases: Array<[string, unknown, number, string]> = [
      ['nothing', [], 400, M.nothingToSave],
      ['no list', undefined, 400, M.nothingToSave],
      ['the day before', [{ date: addDays(posting.from, -1), mark: 'present' }], 400, M.outsidePosting],
      ['after the end', [{ date: addDays(posting.to, 1), mark: 'present' }], 400, M.outsidePosting],
      ['no such day', [{ date: '2030-02-30', mark: 'present' }], 400, M.outsidePosting],
      ['not a date', [{ date: 'yesterday', mark: 'present' }], 400, M.outsidePosting],
      ['tomorrow', [{ date: dayFromToday(1), mark: 'present' }], 400, M.futureDay],
      [
        'a good day with tomorrow',
        [
          { date: posting.from, mark: 'present' },
          { date: dayFromToday(1), mark: 'absent' },
        ],
        400,
        M.futureDay,
      ],
    ];
    for (const [label, days, status, message] of cases) {
      const response = await mark(posting.id, days);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(response.json.message, label).toBe(message);
    }
    expect(await stored(posting.id)).toEqual([]);

    const future = await mark(
      w.futurePosting.id,
      [{ date: w.futurePosting.from, mark: 'present' }],
      w.actors.futureCoordinator.cookie,
    );
    expect(future.statusCode).toBe(409);
    expect(future.json.message).toBe(M.notStarted);
    // Before it starts the posting is not theirs to read either ("during and after").
    expect((await daysOf(w.futurePosting.id, w.actors.futureCoordinator.cookie)).statusCode).toBe(404);
    const malformed = await mark('not-an-id', [{ date: posting.from, mark: 'present' }]);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json.message).toBe(M.postingNotFound);
  });

  it('counts the days so far: none before the start, all 91 once the posting is over', async () => {
    const over = await started(200);
    const before = await daysOf(w.futurePosting.id, w.actors.student.cookie);
    expect(before.json).toMatchObject({ row: { daysSoFar: 0, marked: 0, percentage: null }, days: [] });
    const after = await daysOf(over.id, w.actors.coordinator.cookie);
    expect(after.json.row).toMatchObject({ daysSoFar: 91, canMark: true });
    expect((after.json.days as DayJson[]).at(-1)?.date).toBe(over.to);
    const saved = await mark(over.id, [{ date: over.to, mark: 'present' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json.row).toMatchObject({ marked: 1, present: 1, percentage: 100 });
  });
});
