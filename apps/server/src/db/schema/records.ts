import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { drpPostings } from './drp';
import { files } from './files';
import { timeOrderedUuid } from './ids';
import { colleges, departments } from './reference';
import { users } from './users';

/**
 * Logbook records of every kind (DESIGN.md section 3, records contract): one row per entry. The
 * common fields have their own columns; the kind's other fields live in `details`, its patient-
 * identifying ones in `sensitive_details`, which list queries never select. Remote selects are
 * stored in `details` as `{ id, title }` (the title as it was when the entry was made), so lists
 * need no join per field. `summary` is the kind's summary field as text, for the Pending
 * Verifications table and the search box.
 */
export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    /** A RecordKind id (RECORD_KINDS). */
    kind: text('kind').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** The student's college and department when the record was made: who may see and verify it. */
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    /** The value of the kind's `dateField` (the activity date; leave and checklist: from date). */
    date: date('date', { mode: 'string' }),
    teacherId: uuid('teacher_id').references(() => users.id),
    /** 'pending' | 'approved' | 'rejected' (RECORD_STATUSES). */
    status: text('status').notNull().default('pending'),
    studentRemark: text('student_remark'),
    verifierRemark: text('verifier_remark'),
    /** The latest score (ScoreSchema); every scoring is kept in record_scores. */
    score: jsonb('score'),
    verifiedById: uuid('verified_by_id').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * Set by the first verification and never cleared (a reset only returns the record to
     * Pending): verified evidence cannot be deleted by anyone (docs/decisions/004).
     */
    everVerified: boolean('ever_verified').notNull().default(false),
    certificateFileId: uuid('certificate_file_id').references(() => files.id),
    /**
     * The DRP posting a DRP activity or logbook upload belongs to (issue 12): its coordinator is
     * the one who sees and verifies it, and the posting cannot be deleted while it has records.
     */
    drpPostingId: uuid('drp_posting_id').references((): AnyPgColumn => drpPostings.id),
    summary: text('summary'),
    /**
     * What the report search box looks in: the text of every column the kind shows, lower-cased,
     * never patient identifiers (`recordSearchText`). Trigram-indexed, so a word anywhere in it
     * is found without reading the table.
     */
    searchText: text('search_text'),
    details: jsonb('details').notNull().default({}),
    /**
     * The kind's patient identifiers (its `sensitive` fields) as JSON sealed with the data key
     * (AES-256-GCM, `sealSecret` in platform/data-key.ts, issue 15): never plaintext at rest, never
     * selected by a list query unless the kind shows them (masked) in its list.
     */
    sensitiveDetails: text('sensitive_details'),
    /**
     * The role the verifier confirmed (issue 27) for kinds whose entries carry the resident's role
     * (procedures, surgical and diagnostic skills): set by each verification, the logged role when
     * the verifier left it as it was; null while pending and for other kinds. `details.role` keeps
     * what the resident logged.
     */
    confirmedRole: text('confirmed_role'),
    /**
     * When a verified entry was last reset to Pending (with a reason, kept in record_scores): the
     * printable logbook and the PDF mark the entry "amended" with this date (issue 27).
     */
    amendedAt: timestamp('amended_at', { withTimezone: true }),
    /** When the retention command removed the patient identifiers (issue 15); null while kept. */
    identifiersPurgedAt: timestamp('identifiers_purged_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A student's report page and dashboard counts.
    index('records_student_kind_date_idx').on(t.studentId, t.kind, t.date).where(sql`${t.deletedAt} is null`),
    // Pending Verifications searched by student name: the matching students' pending records,
    // counted without reading the table.
    index('records_student_status_idx')
      .on(t.studentId, t.status, t.collegeId, t.departmentId)
      .where(sql`${t.deletedAt} is null`),
    // The faculty's Pending Verifications (newest activity first) and status filters; the
    // department's /reports reads and counts its rows from this index alone (issue 16): the
    // trailing columns are what the report reads of each row, so no row is fetched from the
    // table (drizzle has no INCLUDE, hence keys).
    index('records_scope_status_idx')
      .on(t.collegeId, t.departmentId, t.status, t.date, t.createdAt, t.id, t.studentId, t.kind)
      .where(sql`${t.deletedAt} is null`),
    // Pending Verifications, the longest waiting first (issue 30): a department's pending records
    // in the order they began to wait (their last reset to Pending, else their submission), and
    // every department's for Master. Pending records only, so both stay a fraction of the table.
    index('records_pending_wait_idx')
      .on(t.collegeId, t.departmentId, sql`coalesce(${t.amendedAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.status} = 'pending' and ${t.deletedAt} is null`),
    index('records_pending_wait_all_idx')
      .on(sql`coalesce(${t.amendedAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.status} = 'pending' and ${t.deletedAt} is null`),
    // The report search: any part of a word, in any column the kind shows.
    index('records_search_text_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    // Rows still without search text (written before issue 10): empty once the backfill is done,
    // so the start-up check `search_text is null limit 1` reads this, not the whole table.
    index('records_search_text_missing_idx').on(t.id).where(sql`${t.searchText} is null`),
    // The faculty's report page of one kind.
    index('records_scope_kind_date_idx')
      .on(t.collegeId, t.departmentId, t.kind, t.date)
      .where(sql`${t.deletedAt} is null`),
    // Master's /reports over every department, newest first: dated records in the report's order
    // (date, created_at, id), and the undated ones (dated by their creation day) by created_at.
    index('records_day_idx')
      .on(t.date, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.date} is not null`),
    index('records_undated_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.date} is null`),
    // When a resident saved entries (issue 30): the weekly pass asks, per resident, whether one was
    // saved in last week; the HOD's view reads the weeks of the last two months.
    index('records_student_created_idx').on(t.studentId, t.createdAt).where(sql`${t.deletedAt} is null`),
    // A coordinator's records: those of their postings.
    index('records_drp_posting_idx')
      .on(t.drpPostingId, t.date)
      .where(sql`${t.drpPostingId} is not null and ${t.deletedAt} is null`),
  ],
);

/** Every verification and reset of a record, kept (the score history). */
export const recordScores = pgTable(
  'record_scores',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id),
    status: text('status').notNull(),
    score: jsonb('score'),
    /** The verifier's remark; on a reset, the reason it was reset. */
    remark: text('remark'),
    /** The role the verification confirmed (records.confirmed_role), for kinds that log one. */
    confirmedRole: text('confirmed_role'),
    byId: uuid('by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_scores_record_idx').on(t.recordId, t.createdAt)],
);
