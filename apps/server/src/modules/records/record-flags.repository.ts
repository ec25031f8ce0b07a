import { FLAG_RULES } from '@pgel/shared/records/flags';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { executeNamed } from '../../db/prepared';

/**
 * The queries behind the doubtful-entry flags (issue 27; the rules are record-flags.ts's). Each is
 * set-based: one statement for a page's records, one per department and kind for the usual most
 * a day, one for a department's counts per student. The thresholds come from FLAG_RULES, written
 * into the SQL as numbers: they are constants, and a statement's text stays fixed.
 */

/** A day in India of an instant: the product's calendar (India keeps UTC+05:30 all year). */
const indiaDay = (column: string) => `((${column} at time zone 'UTC') + interval '330 minutes')::date`;

/** An approved leave's last day as text (YYYY-MM-DD compares as the calendar does). */
const leaveTo = (alias: string) => `(${alias}.details ->> 'toDate')`;

/**
 * The longest leave the on-leave rule reads, in days from its first: no leave of the product's
 * types runs a year (maternity leave is six months), and the bound lets a record's probe stop a
 * year back instead of reading every earlier leave of the resident.
 */
const LEAVE_SPAN_DAYS = 366;

/** A clinical case's Patient ID as compared: trimmed, any case. Never selected, only compared. */
const patientOf = (alias: string) => `lower(btrim(${alias}.details ->> 'patientId'))`;

/** What the rules need of one record, read for a page of them. */
export type FlagFacts = {
  id: string;
  kind: string;
  collegeId: string;
  departmentId: string;
  /** The activity date, YYYY-MM-DD (null for an undated record). */
  date: string | null;
  /** Days from the activity date to the India day the record was entered. */
  enteredAfter: number | null;
  joiningDate: string | null;
  /** The student's live records of this kind on this date, this one included. */
  sameDay: number;
  /** An approved leave of the student covering the date (not for a leave itself). */
  leaveFrom: string | null;
  leaveTo: string | null;
  /** Another clinical case of the student with the same Patient ID within the window: its date. */
  repeatOn: string | null;
};

type FactsRow = {
  id: string;
  kind: string;
  college_id: string;
  department_id: string;
  date: string | null;
  entered_after: number | string | null;
  joining_date: string | null;
  same_day: number | string;
  leave_from: string | null;
  leave_to: string | null;
  repeat_on: string | null;
};

/**
 * The facts of some records in one statement, by primary key. Each fact is a probe of the
 * student's own records on records_student_kind_date_idx (the same day's entries of the kind, an
 * approved leave up to the date, a clinical case within the window), so a page of 20 costs 20
 * small index reads per fact, whatever the size of the table. The ids travel as one array: the
 * statement is named once and planned once per connection.
 */
export async function flagFacts(db: Executor, ids: readonly string[]): Promise<FlagFacts[]> {
  if (ids.length === 0) return [];
  const window = FLAG_RULES.repeatPatientDays;
  const rows = await executeNamed<FactsRow>(
    db,
    'record-flag-facts',
    () => sql`select r.id::text as id, r.kind, r.college_id::text as college_id,
        r.department_id::text as department_id, to_char(r.date, 'YYYY-MM-DD') as date,
        (${sql.raw(indiaDay('r.created_at'))} - r.date) as entered_after,
        to_char(u.joining_date, 'YYYY-MM-DD') as joining_date,
        (select count(*) from records d where d.student_id = r.student_id and d.kind = r.kind
          and d.date = r.date and d.deleted_at is null) as same_day,
        leave.leave_from, leave.leave_to, twin.repeat_on
      from records r
      join users u on u.id = r.student_id
      left join lateral (
        select to_char(l.date, 'YYYY-MM-DD') as leave_from, ${sql.raw(leaveTo('l'))} as leave_to
        from records l
        where r.kind <> 'leave' and l.student_id = r.student_id and l.kind = 'leave'
          and l.status = 'approved' and l.deleted_at is null and l.date <= r.date
          and l.date >= r.date - ${sql.raw(String(LEAVE_SPAN_DAYS))}
          and ${sql.raw(leaveTo('l'))} >= to_char(r.date, 'YYYY-MM-DD')
        order by l.date desc limit 1
      ) leave on true
      left join lateral (
        select to_char(c.date, 'YYYY-MM-DD') as repeat_on
        from records c
        where r.kind = 'clinical-case' and c.student_id = r.student_id and c.kind = 'clinical-case'
          and c.id <> r.id and c.deleted_at is null
          and c.date between r.date - ${sql.raw(String(window))} and r.date + ${sql.raw(String(window))}
          and btrim(coalesce(r.details ->> 'patientId', '')) <> ''
          and ${sql.raw(patientOf('c'))} = ${sql.raw(patientOf('r'))}
        order by abs(c.date - r.date), c.date limit 1
      ) twin on true
      where r.id = any(${sql.placeholder('ids')}::uuid[])`,
    { ids: [...ids] },
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    collegeId: row.college_id,
    departmentId: row.department_id,
    date: row.date,
    enteredAfter: row.entered_after === null ? null : Number(row.entered_after),
    joiningDate: row.joining_date,
    sameDay: Number(row.same_day),
    leaveFrom: row.leave_from,
    leaveTo: row.leave_to,
    repeatOn: row.repeat_on,
  }));
}

/**
 * The department's usual most of one kind a day: the 95th percentile of its live records of the
 * kind per student and day (records_scope_kind_date_idx), 0 when it has none.
 */
export async function dailyPercentile(
  db: Executor,
  scope: { collegeId: string; departmentId: string; kind: string },
): Promise<number> {
  const rows = await executeNamed<{ percentile: number | string | null }>(
    db,
    'record-flag-percentile',
    () => sql`select percentile_cont(${sql.raw(String(FLAG_RULES.highVolumePercentile))})
        within group (order by n) as percentile
      from (select count(*) as n from records
        where college_id = ${sql.placeholder('collegeId')} and department_id = ${sql.placeholder('departmentId')}
          and kind = ${sql.placeholder('kind')} and deleted_at is null and date is not null
        group by student_id, date) per_day`,
    scope,
  );
  return Number(rows[0]?.percentile ?? 0);
}

export type FlagCountRow = {
  studentId: string;
  studentName: string;
  backdated: number;
  onLeave: number;
  highVolume: number;
  repeatPatient: number;
  beforeJoining: number;
  total: number;
};

/**
 * Every live record of a department with each rule's verdict, counted per (live) student, in one
 * statement: the same rules as a page's flags, set-based. Leaves are expanded into their days and
 * the busy days found from the department's own percentiles, so each rule is a hash join, not a
 * probe per record. Students with no flagged record are left out.
 */
export async function countFlagsPerStudent(
  db: Executor,
  scope: { collegeId: string; departmentId: string },
): Promise<FlagCountRow[]> {
  // The department's own rows on the scope indexes; the same two values fill every alias's test.
  const where = (alias: string): SQL =>
    sql`${sql.raw(alias)}.college_id = ${sql.placeholder('collegeId')}
      and ${sql.raw(alias)}.department_id = ${sql.placeholder('departmentId')}
      and ${sql.raw(alias)}.deleted_at is null`;
  const rows = await executeNamed<Record<string, string | number>>(
    db,
    'record-flag-counts',
    () => {
      return sql`with dept as (
          select r.id, r.student_id, r.kind, r.date, r.created_at from records r where ${where('r')}
        ),
        leave_days as (
          select distinct l.student_id, g.day::date as day
          from records l,
            generate_series(l.date, least((${sql.raw(leaveTo('l'))})::date, l.date + ${sql.raw(String(LEAVE_SPAN_DAYS))}),
              interval '1 day') as g(day)
          where ${where('l')} and l.kind = 'leave' and l.status = 'approved'
            and ${sql.raw(leaveTo('l'))} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
            and ${sql.raw(leaveTo('l'))} >= to_char(l.date, 'YYYY-MM-DD')
        ),
        cases as (
          select c.id, c.student_id, c.date, ${sql.raw(patientOf('c'))} as patient
          from records c
          where ${where('c')} and c.kind = 'clinical-case' and c.date is not null
            and btrim(coalesce(c.details ->> 'patientId', '')) <> ''
        ),
        repeats as (
          select distinct a.id from cases a
          join cases b on b.student_id = a.student_id and b.patient = a.patient and b.id <> a.id
          where abs(b.date - a.date) <= ${sql.raw(String(FLAG_RULES.repeatPatientDays))}
        ),
        per_day as (
          select student_id, kind, date, count(*) as n from dept where date is not null
          group by student_id, kind, date
        ),
        usual as (
          select kind, percentile_cont(${sql.raw(String(FLAG_RULES.highVolumePercentile))})
            within group (order by n) as most
          from per_day group by kind
        ),
        busy as (
          select p.student_id, p.kind, p.date from per_day p join usual on usual.kind = p.kind
          where p.n > ${sql.raw(String(FLAG_RULES.highVolumeFactor))} * usual.most
        ),
        -- Each record's verdicts once (materialized: the counts below read them, not the rules),
        -- every rule a hash join on what it found.
        verdicts as materialized (
          select r.student_id,
            coalesce(${sql.raw(indiaDay('r.created_at'))} - r.date > ${sql.raw(String(FLAG_RULES.backdatedDays))}, false) as backdated,
            (r.kind <> 'leave' and ld.student_id is not null) as on_leave,
            b.student_id is not null as high_volume,
            x.id is not null as repeat_patient,
            coalesce(r.date < u.joining_date, false) as before_joining
          from dept r
          join users u on u.id = r.student_id and u.deleted_at is null
          left join leave_days ld on ld.student_id = r.student_id and ld.day = r.date
          left join busy b on b.student_id = r.student_id and b.kind = r.kind and b.date = r.date
          left join repeats x on x.id = r.id
        ),
        counted as (
          select student_id,
            count(*) filter (where backdated) as backdated,
            count(*) filter (where on_leave) as on_leave,
            count(*) filter (where high_volume) as high_volume,
            count(*) filter (where repeat_patient) as repeat_patient,
            count(*) filter (where before_joining) as before_joining,
            count(*) filter (where backdated or on_leave or high_volume or repeat_patient or before_joining) as total
          from verdicts group by student_id
        )
        select c.student_id::text as student_id, u.name as student_name, c.backdated, c.on_leave,
          c.high_volume, c.repeat_patient, c.before_joining, c.total
        from counted c join users u on u.id = c.student_id
        where c.total > 0
        order by c.total desc, u.name, c.student_id`;
    },
    scope,
  );
  return rows.map((row) => ({
    studentId: String(row.student_id),
    studentName: String(row.student_name),
    backdated: Number(row.backdated),
    onLeave: Number(row.on_leave),
    highVolume: Number(row.high_volume),
    repeatPatient: Number(row.repeat_patient),
    beforeJoining: Number(row.before_joining),
    total: Number(row.total),
  }));
}
