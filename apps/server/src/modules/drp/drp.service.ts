import { canDeleteDrpPosting, canRecordDrpPosting, isStudent } from '@pgel/shared/auth/policies';
import {
  type CreatePostingInput,
  type DrpInstitutionList,
  drpScheduleTo,
  type InstitutionCoordinator,
  type ListPostingsQuery,
  DRP_MESSAGES as M,
  type Posting,
  type PostingList,
  type PostingSaved,
} from '@pgel/shared/drp/postings';
import { isUuid } from '@pgel/shared/schemas/common';
import { todayIso } from '@pgel/shared/schemas/dates';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { drpPostings } from '../../db/schema/index';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import { listPage } from '../../platform/list';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import type { FilesService } from '../files/files.service';
import { findInstitution } from '../reference/reference-admin.repository';
import * as repo from './drp.repository';
import {
  coordinatorFor,
  planCoordinator,
  prepareSecrets,
  tellCoordinator,
  tenDigitsOf,
} from './drp-coordinator';
import { postingScopeFor } from './drp-scope';
import { checkPostingForm, type PostingFields } from './posting-form';

export type DrpDeps = QueueingDeps & { files: FilesService; now?: () => Date };

type Meta = { ip: string };

/** Text a user typed, trimmed; empty when missing. */
const typed = (value: string | undefined) => (value ?? '').trim();

export function toPosting(actor: SessionActor, row: repo.PostingRow): Posting {
  return {
    id: row.id,
    student: { id: row.studentId, name: row.studentName },
    studentCollege: row.studentCollege,
    institution: { id: row.institutionId, name: row.institutionName },
    state: row.state,
    coordinator: {
      id: row.coordinatorId,
      name: row.coordinatorName,
      email: row.coordinatorEmail,
      phone: row.coordinatorPhone,
    },
    scheduleFrom: row.scheduleFrom,
    scheduleTo: row.scheduleTo,
    notice:
      row.noticeId && row.noticeName && row.noticeType
        ? {
            id: row.noticeId,
            url: fileUrl(row.noticeId),
            originalName: row.noticeName,
            contentType: row.noticeType,
          }
        : null,
    canDelete: canDeleteDrpPosting(actor, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * DRP postings (`/drp/home`, spec 03; docs/decisions/012): a resident's posting at a district
 * institution under a DRP coordinator, recorded by the resident or their department's faculty.
 * The coordinator is a real account, created with the posting when the address is new.
 */
export class DrpService {
  private readonly now: () => Date;

  constructor(readonly deps: DrpDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private today(): string {
    return todayIso(this.now());
  }

  /** The institutions of a state, for the form's select. */
  async institutionsOf(state: string | undefined): Promise<DrpInstitutionList> {
    const wanted = typed(state);
    if (!wanted) return { items: [] };
    return { items: await repo.institutionsOfState(this.deps.db, wanted) };
  }

  /**
   * The coordinator of the institution's latest posting by the caller's college, from their
   * account, to prefill the form.
   */
  async institutionCoordinator(actor: SessionActor, id: string): Promise<InstitutionCoordinator> {
    if (!isUuid(id) || !actor.collegeId) return { coordinator: null };
    const account = await repo.latestCoordinatorOf(this.deps.db, id.toLowerCase(), actor.collegeId);
    if (!account) return { coordinator: null };
    return {
      coordinator: { name: account.name, email: account.email, phone: tenDigitsOf(account.phone) ?? '' },
    };
  }

  /** The DRP Records list in the caller's scope; staff may narrow it to one of their students. */
  async list(actor: SessionActor, query: ListPostingsQuery): Promise<PostingList> {
    const filters: Array<SQL | undefined> = [repo.postingsWhere(postingScopeFor(actor, this.today()))];
    if (query.studentId !== undefined && !isStudent(actor)) {
      filters.push(isUuid(query.studentId) ? eq(drpPostings.studentId, query.studentId) : sql`false`);
    }
    const page = await listPage(query, repo.postingListQueries(this.deps.db), {
      where: and(...filters),
      searchIn: repo.postingListColumns.searchIn,
      sortable: repo.postingListColumns.sortable,
      defaultSort: 'scheduleFrom',
      defaultOrder: 'desc',
      tieBreaker: repo.postingListColumns.tieBreaker,
    });
    return { ...page, items: page.items.map((row) => toPosting(actor, row as repo.PostingRow)) };
  }

  /**
   * Add DRPC: the posting, and with it (one transaction) the coordinator's new account when the
   * address is new, the audit rows and the coordinator's notices. Two postings naming one new
   * address at once: the second finds the account the first created and uses it.
   */
  async create(actor: SessionActor, input: CreatePostingInput, meta: Meta): Promise<PostingSaved> {
    if (!canRecordDrpPosting(actor)) throw AppError.forbidden();
    const fields = checkPostingForm(actor, input);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const posting = await this.createOnce(actor, fields, meta);
        this.deps.onQueued();
        return { message: M.added, posting };
      } catch (err) {
        if (!isUniqueViolation(err, 'users_email_idx')) throw err;
        if (attempt >= 2) throw AppError.conflict(M.emailTaken);
      }
    }
  }

  private async createOnce(actor: SessionActor, fields: PostingFields, meta: Meta): Promise<Posting> {
    const { db } = this.deps;
    const institutionId = fields.institutionId.toLowerCase();
    const validInstitution = isUuid(institutionId);
    // Whether a new account is likely, so its password is hashed before the transaction.
    // The caller's college is the student's (a student's own, or faculty's for their resident).
    const plan =
      validInstitution && actor.collegeId
        ? await planCoordinator(db, institutionId, actor.collegeId, fields.email)
        : undefined;
    const secrets = plan?.kind === 'new' ? await prepareSecrets(db) : undefined;

    return db.transaction(async (tx) => {
      const student = await this.lockStudent(tx, actor, fields.studentId);
      const institution = validInstitution ? await findInstitution(tx, institutionId) : undefined;
      if (!institution) throw AppError.notFound(M.institutionNotFound);
      if (institution.state.trim().toLowerCase() !== fields.state.toLowerCase()) {
        throw AppError.validation(M.stateMismatch, { state: M.stateMismatch });
      }
      const scheduleTo = drpScheduleTo(fields.scheduleFrom);
      if (await repo.hasOverlappingPosting(tx, student.id, fields.scheduleFrom, scheduleTo)) {
        throw AppError.conflict(M.overlapping);
      }
      const notice = fields.noticeFileId ? await this.ownNotice(tx, actor, fields.noticeFileId) : null;
      const posted = {
        student: student.name,
        institution: institution.name,
        scheduleFrom: fields.scheduleFrom,
        scheduleTo,
      };
      const { account, created } = await coordinatorFor(
        tx,
        this.deps,
        actor,
        {
          ...fields,
          institutionId: institution.id,
          collegeId: student.collegeId ?? '',
          departmentId: student.departmentId ?? '',
          posting: posted,
          secrets,
        },
        meta,
      );
      const row = await repo.insertPosting(tx, {
        studentId: student.id,
        collegeId: student.collegeId,
        departmentId: student.departmentId,
        institutionId: institution.id,
        coordinatorId: account.id,
        // The account's details when it existed; what the form gave for a new one.
        coordinatorName: created ? fields.name : account.name,
        coordinatorEmail: created ? fields.email : account.email,
        coordinatorPhone: created ? fields.phone : (tenDigitsOf(account.phone) ?? fields.phone),
        scheduleFrom: fields.scheduleFrom,
        scheduleTo,
        noticeFileId: notice,
        addedById: actor.id,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'drp.posting.create',
        entity: 'drp_posting',
        entityId: row.id,
        collegeId: row.collegeId,
        ip: meta.ip,
        after: auditState(row),
      });
      // A new coordinator's credentials mail already tells of the posting.
      await tellCoordinator(tx, this.deps, actor, account, posted, { mail: !created });
      const saved = await repo.findPosting(tx, sql`true`, row.id);
      if (!saved) throw new Error('drp posting vanished inside its transaction');
      return toPosting(actor, saved);
    });
  }

  /** The posting's student, locked: the caller themself, or a student of the caller's department. */
  private async lockStudent(tx: Tx, actor: SessionActor, studentId: string | null) {
    const notFound = AppError.notFound(M.studentNotFound);
    let row: repo.PersonRow | undefined;
    if (studentId === null) {
      row = await repo.lockStudent(tx, actor.id);
    } else {
      if (!isUuid(studentId) || !actor.collegeId || !actor.departmentId) throw notFound;
      row = await repo.lockStudent(tx, studentId.toLowerCase(), {
        collegeId: actor.collegeId,
        departmentId: actor.departmentId,
      });
    }
    if (!row?.collegeId || !row.departmentId) throw notFound;
    return { ...row, collegeId: row.collegeId, departmentId: row.departmentId };
  }

  /** The notice: a document the caller uploaded ('File not found' for anyone else's). */
  private async ownNotice(tx: Tx, actor: SessionActor, id: string): Promise<string> {
    if (!isUuid(id))
      throw AppError.validation(FILE_MESSAGES.notFound, { noticeFileId: FILE_MESSAGES.notFound });
    const file = await this.deps.files.requireOwnFile(
      tx,
      actor.id,
      id.toLowerCase(),
      'document',
      FILE_MESSAGES.unsupported,
    );
    return file.id;
  }

  /**
   * Deletes a posting in the caller's scope (its student, or faculty of its department) while no
   * day of attendance is marked; the notice file stays (files are never deleted with a row).
   */
  async remove(actor: SessionActor, id: string, meta: Meta): Promise<{ message: string }> {
    if (!canRecordDrpPosting(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.postingNotFound);
    const scope = repo.postingsWhere(postingScopeFor(actor, this.today()));
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosting(tx, scope, id.toLowerCase());
      if (!row) throw AppError.notFound(M.postingNotFound);
      const attendanceMarked = await repo.hasAttendance(tx, row.id);
      if (attendanceMarked) throw AppError.conflict(M.attendanceMarked);
      // Its activities and uploads are evidence of the posting (and its coordinator's to verify).
      const hasRecords = await repo.hasLiveRecords(tx, row.id);
      if (hasRecords) throw AppError.conflict(M.hasRecords);
      if (!canDeleteDrpPosting(actor, { ...row, attendanceMarked, hasRecords })) throw AppError.forbidden();
      await repo.detachDeletedRecords(tx, row.id);
      await repo.deletePosting(tx, row.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'drp.posting.delete',
        entity: 'drp_posting',
        entityId: row.id,
        collegeId: row.collegeId,
        ip: meta.ip,
        before: auditState(row),
      });
    });
    return { message: M.deleted };
  }
}

/** What the audit log keeps of a posting. */
function auditState(row: repo.PostingStateRow) {
  return {
    studentId: row.studentId,
    institutionId: row.institutionId,
    coordinatorId: row.coordinatorId,
    coordinatorName: row.coordinatorName,
    coordinatorEmail: row.coordinatorEmail,
    coordinatorPhone: row.coordinatorPhone,
    scheduleFrom: row.scheduleFrom,
    scheduleTo: row.scheduleTo,
    noticeFileId: row.noticeFileId,
  };
}
