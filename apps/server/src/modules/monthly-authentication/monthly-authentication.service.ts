import {
  type Actor,
  canAuthenticateAnyMonths,
  canAuthenticateMonths,
  canSeeMonthAuthentications,
  type MonthSigners,
} from '@pgel/shared/auth/policies';
import { recordPagePath } from '@pgel/shared/records/paths';
import { printDate } from '@pgel/shared/reports/print-format';
import { isUuid } from '@pgel/shared/schemas/common';
import {
  type AuthenticateMonthInput,
  type AuthenticateMonthResponse,
  MONTH_AUTHENTICATION_MESSAGES as M,
  type MonthDetail,
  MonthSchema,
  monthAuthenticationPath,
  type ResidentsToAuthenticate,
  type ResidentToAuthenticate,
  type StudentAuthentications,
} from '@pgel/shared/supervision/month-authentication';
import {
  addMonths,
  indiaMonth,
  monthLabel,
  monthOfDate,
  monthRange,
  monthState,
} from '@pgel/shared/supervision/months';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import type { SessionActor } from '../../platform/session';
import type { PasswordConfirmation } from '../auth/password-confirmation.service';
import { markSubjectsRead, notify } from '../people/notifications.service';
import { monthEvidence } from '../reports/month-evidence';
import { kindCounts, kindTitle, logbookMonth, logbookMonths } from './logbook-months';
import { changedMail } from './monthly-authentication.notify';
import * as repo from './monthly-authentication.repository';
import { monthGuides, monthsToAuthenticate } from './months-to-authenticate';

type Meta = { ip: string };

export type MonthlyAuthenticationDeps = {
  db: Database;
  /** The sign-in throttle's check of the guide's password (auth module). */
  passwords: PasswordConfirmation;
  appUrl: string;
  /** Called after a commit that queued mail. */
  onQueued?: () => void;
  /** The clock; tests pass their own `now`. */
  now?: () => Date;
};

/** A resident with whoever may sign their months. */
type Resident = repo.ResidentRow & {
  signers: MonthSigners;
  guide: StudentAuthentications['guide'];
};

/**
 * Monthly authentication (issue 30): the months of a resident with their entries and states,
 * the guide's signature of one month, and the faculty dashboard's residents to sign for. The
 * access check is the first step of each method, on the loaded resident.
 */
export class MonthlyAuthenticationService {
  constructor(private readonly deps: MonthlyAuthenticationDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The resident (404 unless a live student) and who signs for them. */
  private async resident(db: Executor, studentId: string): Promise<Resident> {
    const row = isUuid(studentId) ? await repo.findResident(db, studentId.toLowerCase()) : undefined;
    if (!row) throw AppError.notFound(M.studentNotFound);
    const guide = (await monthGuides(db, [row])).get(row.id) ?? null;
    return {
      ...row,
      signers: {
        studentId: row.id,
        collegeId: row.collegeId,
        departmentId: row.departmentId,
        thesisGuideId: guide?.source === 'thesis' ? guide.id : null,
        unitHeadId: row.unitHeadId,
      },
      guide,
    };
  }

  private async residentToSee(actor: Actor, studentId: string): Promise<Resident> {
    const resident = await this.resident(this.deps.db, studentId);
    if (!canSeeMonthAuthentications(actor, resident)) throw AppError.forbidden(M.notAllowedToSee);
    return resident;
  }

  /**
   * `GET /students/{id}/authentications`: the resident's months (the course's from joining, or
   * from the first entry) with entries by kind and status, state and signature. The resident,
   * the staff of their department, Master and Admin read it.
   */
  async list(actor: Actor, studentId: string): Promise<StudentAuthentications> {
    const resident = await this.residentToSee(actor, studentId);
    const [counts, signatures] = await Promise.all([
      repo.countByMonth(this.deps.db, resident.id),
      repo.liveSignatures(this.deps.db, [resident.id]),
    ]);
    return {
      student: {
        id: resident.id,
        name: resident.name,
        collegeId: resident.collegeId,
        departmentId: resident.departmentId,
        departmentName: resident.departmentName,
        joiningDate: resident.joiningDate,
      },
      guide: resident.guide,
      signers: { thesisGuideId: resident.signers.thesisGuideId, unitHeadId: resident.signers.unitHeadId },
      months: logbookMonths(resident.joiningDate, counts, signatures, this.now()),
    };
  }

  /** One month and its entries (kind, date, status, summary; never patient identifiers). */
  async detail(actor: Actor, studentId: string, rawMonth: string): Promise<MonthDetail> {
    const month = MonthSchema.safeParse(rawMonth);
    if (!month.success) throw AppError.validation(M.badMonth, { month: M.badMonth });
    const resident = await this.residentToSee(actor, studentId);
    const entries = await repo.listMonthEntries(this.deps.db, resident.id, monthRange(month.data));
    return {
      month: await this.monthNow(this.deps.db, resident.id, month.data),
      entries: entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        kindTitle: kindTitle(entry.kind),
        date: entry.date,
        status: entry.status === 'approved' || entry.status === 'rejected' ? entry.status : 'pending',
        summary: entry.summary,
        path: recordPagePath(entry.kind, entry.id),
      })),
    };
  }

  /** One month as it stands now (counts, signature, state). */
  private async monthNow(db: Executor, studentId: string, month: string) {
    const [counts, signature] = await Promise.all([
      repo.countByMonth(db, studentId, monthRange(month)),
      repo.findLiveSignature(db, studentId, month),
    ]);
    return logbookMonth(month, kindCounts(counts), signature, this.now());
  }

  /**
   * `POST /students/{id}/authentications`: the guide (or unit head, or the department's HOD)
   * signs one month, in one action, with their password again:
   * - 403 for anyone else (the resident included), 404 for no such resident;
   * - 400 for a month not begun yet;
   * - the password through the sign-in throttle: 429 when throttled, 401 when wrong;
   * - 409 while any entry of the month is pending (naming how many, of which kinds), and for a
   *   month already signed and unchanged since (two signatures at once: one wins, the other 409).
   * A month changed after its signature may be signed again: the new signature replaces it.
   * Kept: who, when, the fingerprint of the month's verified entries; audited.
   */
  async authenticate(
    actor: SessionActor,
    studentId: string,
    input: AuthenticateMonthInput,
    meta: Meta,
  ): Promise<AuthenticateMonthResponse> {
    if (!canAuthenticateAnyMonths(actor)) throw AppError.forbidden(M.notAllowed);
    const { db } = this.deps;
    const resident = await this.resident(db, studentId);
    if (!canAuthenticateMonths(actor, resident.signers) || !resident.collegeId || !resident.departmentId) {
      throw AppError.forbidden(M.notAllowed);
    }
    const { month } = input;
    const now = this.now();
    if (month > indiaMonth(now)) throw AppError.validation(M.futureMonth, { month: M.futureMonth });
    await this.deps.passwords.confirm(
      actor,
      input.password,
      meta,
      { wrongPassword: M.wrongPassword, tooManyAttempts: M.tooManyAttempts },
      'month.authenticate',
    );

    const placement = { collegeId: resident.collegeId, departmentId: resident.departmentId };
    try {
      await db.transaction(async (tx) => {
        if (!(await repo.lockResident(tx, resident.id))) throw AppError.notFound(M.studentNotFound);
        const live = await repo.findLiveSignature(tx, resident.id, month);
        if (live && !live.changedAt) {
          throw AppError.conflict(
            M.already(monthLabel(month), live.authenticatedByName, printDate(live.authenticatedAt)),
          );
        }
        const entries = await repo.lockMonthEntries(tx, resident.id, monthRange(month));
        const pending = kindCounts(
          entries.filter((e) => e.status === 'pending').map((e) => ({ ...e, total: 1 })),
        ).map((k) => ({ title: k.title, count: k.pending }));
        const pendingTotal = pending.reduce((sum, k) => sum + k.count, 0);
        if (pendingTotal > 0) throw AppError.conflict(M.pending(pendingTotal, pending));

        const evidence = await monthEvidence(tx, resident.id, month);
        if (live) {
          await repo.supersede(tx, live.id, now);
          // The notices that the month changed are answered by this signature.
          await markSubjectsRead(tx, [live.id]);
        }
        const row = await repo.insertSignature(tx, {
          studentId: resident.id,
          ...placement,
          month,
          authenticatedById: actor.id,
          authenticatedAt: now,
          fingerprint: evidence.fingerprint,
          sectionCounts: evidence.sections,
          verifiedEntries: evidence.verified,
        });
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'month.authenticate',
          entity: 'month_authentication',
          entityId: row.id,
          collegeId: placement.collegeId,
          ip: meta.ip,
          before: live ? { id: live.id, fingerprint: live.fingerprint, changedAt: live.changedAt } : null,
          after: {
            studentId: resident.id,
            month,
            fingerprint: evidence.fingerprint,
            verified: evidence.verified,
          },
        });
      });
    } catch (err) {
      // The live index's backstop: a signature that committed between our read and our insert.
      if (!isUniqueViolation(err, 'month_authentications_live_idx')) throw err;
      const winner = await repo.findLiveSignature(db, resident.id, month);
      throw AppError.conflict(
        M.already(
          monthLabel(month),
          winner?.authenticatedByName ?? actor.name,
          printDate(winner?.authenticatedAt ?? now),
        ),
      );
    }
    return {
      message: M.authenticated(monthLabel(month)),
      month: await this.monthNow(db, resident.id, month),
    };
  }

  /**
   * The faculty dashboard's card: the residents whose months the caller signs (unit head, thesis
   * guide; the HOD every resident of the department) with the ended months not signed yet (due,
   * overdue) and those changed after their signature; only residents with something to sign, most
   * overdue first, at most `limit`.
   */
  async residents(actor: Actor, limit = 20): Promise<ResidentsToAuthenticate> {
    if (!canAuthenticateAnyMonths(actor) || !actor.collegeId || !actor.departmentId) {
      return { items: [], more: 0 };
    }
    const { db } = this.deps;
    const placed = { id: actor.id, collegeId: actor.collegeId, departmentId: actor.departmentId };
    const residents = await repo.residentsOf(db, placed, actor.role === 'hod');
    const ids = residents.map((r) => r.id);
    const [firsts, signed] = await Promise.all([repo.firstEntryDates(db, ids), repo.signedMonths(db, ids)]);
    const firstOf = new Map(firsts.map((row) => [row.studentId, row.first]));
    const signedOf = new Map<string, Map<string, boolean>>();
    for (const row of signed) {
      const months = signedOf.get(row.studentId) ?? new Map<string, boolean>();
      months.set(row.month, row.changedAt !== null);
      signedOf.set(row.studentId, months);
    }
    const now = this.now();
    const lastEnded = addMonths(indiaMonth(now), -1);
    const items: ResidentToAuthenticate[] = [];
    for (const resident of residents) {
      const months = signedOf.get(resident.id) ?? new Map<string, boolean>();
      let due = 0;
      let overdue = 0;
      for (const month of monthsToAuthenticate(
        resident.joiningDate,
        firstOf.get(resident.id) ?? null,
        lastEnded,
      )) {
        if (months.has(month)) continue;
        if (monthState(month, false, now) === 'overdue') overdue += 1;
        else due += 1;
      }
      const changed = [...months.values()].filter(Boolean).length;
      if (due + overdue + changed === 0) continue;
      const relation = resident.isGuided ? 'guide' : resident.unitHeadId === actor.id ? 'unit-head' : 'hod';
      items.push({ student: { id: resident.id, name: resident.name }, relation, due, overdue, changed });
    }
    items.sort((a, b) => b.overdue - a.overdue || b.changed - a.changed || b.due - a.due);
    return { items: items.slice(0, limit), more: Math.max(0, items.length - limit) };
  }
}

/** One change of an entry: its resident and its date (null: an entry without a date). */
export type ChangedEntry = { studentId: string; date: string | null };

/**
 * Call in the transaction of every change to entries (create, delete, verify, reset): a month
 * authenticated and unchanged until now, that holds one of them, is marked changed after
 * authentication, and its signer and the resident's guide are told in the app and by mail.
 * Answers whether mail was queued (the caller kicks the outbox after its commit).
 */
export async function noteEntriesChanged(
  tx: Executor,
  change: { entries: readonly ChangedEntry[]; appUrl: string; at: Date },
): Promise<boolean> {
  const seen = new Set<string>();
  const pairs: Array<{ studentId: string; month: string }> = [];
  for (const entry of change.entries) {
    if (!entry.date) continue;
    const pair = { studentId: entry.studentId, month: monthOfDate(entry.date) };
    const key = `${pair.studentId}:${pair.month}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push(pair);
  }
  const marked = await repo.markChanged(tx, pairs, change.at);
  if (marked.length === 0) return false;

  const studentIds = [...new Set(marked.map((m) => m.studentId))];
  const students = new Map((await repo.findPeople(tx, studentIds)).map((p) => [p.id, p]));
  const guides = await monthGuides(
    tx,
    studentIds.map((id) => ({ id, unitHeadId: students.get(id)?.unitHeadId ?? null })),
  );
  const told = (m: (typeof marked)[number]) => {
    const guideId = guides.get(m.studentId)?.id;
    return [...new Set([m.authenticatedById, ...(guideId ? [guideId] : [])])];
  };
  const people = new Map(
    (await repo.findPeople(tx, [...new Set(marked.flatMap(told))])).map((p) => [p.id, p]),
  );
  for (const m of marked) {
    const student = students.get(m.studentId);
    const studentName = student?.name ?? 'A resident';
    for (const id of told(m)) {
      const person = people.get(id);
      if (!person) continue;
      await notify(tx, {
        toId: person.id,
        description: M.changedNotice(studentName, monthLabel(m.month)),
        url: monthAuthenticationPath(m.studentId, m.month),
        collegeId: person.collegeId,
        subjectId: m.id,
      });
      await enqueueMail(
        tx,
        changedMail({
          to: person,
          studentName,
          studentId: m.studentId,
          month: m.month,
          appUrl: change.appUrl,
        }),
      );
    }
  }
  return true;
}
