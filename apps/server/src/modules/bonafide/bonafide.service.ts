import { addYears } from '@pgel/shared/academic/common';
import { type Actor, canCertifyStudent, canCertifyStudents, isStudent } from '@pgel/shared/auth/policies';
import {
  BONAFIDE_FIELD_LABELS,
  BONAFIDE_PAGE,
  BONAFIDE_REFERENCE_PREFIX,
  BONAFIDE_SIGNATURE_TITLE,
  type BonafideCheck,
  bonafideMissingFields,
  financialYearOf,
  formatBonafideDate,
  formatBonafideReference,
  BONAFIDE_MESSAGES as M,
  type SetCertifiedInput,
  type SetCertifiedResponse,
} from '@pgel/shared/reports/bonafide';
import { checkPath, DocumentCodeSchema } from '@pgel/shared/reports/documents';
import { BONAFIDE_YEARS } from '@pgel/shared/reports/print';
import { isUuid } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail, type MailMessage } from '../../platform/mail';
import type { SessionActor } from '../../platform/session';
// The certificate prints the student as the session user shows them (HOD included).
import { loadSessionUser } from '../auth/auth.repository';
import { notify } from '../people/notifications.service';
import { newDocumentCode } from '../reports/document-code';
import { scopeFor } from '../students/students.service';
import * as repo from './bonafide.repository';
import { type BonafideContent, renderBonafidePdf } from './bonafide-pdf';

type Meta = { ip: string };

/**
 * What a certificate row keeps of what it printed (bonafide_certificates.content): the values
 * as they were when it was issued, so a later profile change does not change an issued
 * certificate. Dates are YYYY-MM-DD.
 */
const SnapshotSchema = z.object({
  studentName: z.string(),
  parentKind: z.enum(["father's", "mother's"]),
  parentName: z.string(),
  departmentName: z.string(),
  collegeName: z.string(),
  collegeAddress: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  issuedOn: z.string(),
  hodName: z.string(),
  hodDesignation: z.string(),
});
export type BonafideSnapshot = z.infer<typeof SnapshotSchema>;

/** India keeps UTC+05:30 all year: the issue date is India's date of the moment. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
export function indiaDate(now: Date): string {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

const trimmed = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The certificate's values from the student's profile and the signing HOD, or the labels of
 * what the profile lacks (the certificate is never printed with 'N/A' in it).
 */
export function bonafideSnapshot(
  user: SessionUser,
  signer: { name: string } | null,
  issuedOn: string,
): { snapshot: BonafideSnapshot } | { missing: string[] } {
  const father = trimmed(user.fatherName);
  const mother = trimmed(user.motherName);
  const missing = bonafideMissingFields({
    fatherName: father,
    motherName: mother,
    joiningDate: user.joiningDate,
    departmentName: user.department?.name ?? null,
    collegeName: user.college?.name ?? null,
  });
  if (!signer) missing.push(BONAFIDE_FIELD_LABELS.hod);
  if (missing.length > 0 || !user.joiningDate || !user.department || !user.college || !signer) {
    return { missing };
  }
  return {
    snapshot: {
      studentName: user.name,
      parentKind: father ? "father's" : "mother's",
      parentName: (father ?? mother) as string,
      departmentName: user.department.name,
      collegeName: user.college.name,
      collegeAddress: trimmed(user.college.address),
      periodFrom: user.joiningDate,
      periodTo: addYears(user.joiningDate, BONAFIDE_YEARS),
      issuedOn,
      hodName: signer.name,
      hodDesignation: BONAFIDE_SIGNATURE_TITLE,
    },
  };
}

/** The printed values of a certificate row: long-month dates, its reference and check code. */
export function printedContent(row: repo.CertificateRow, checkUrl: string): BonafideContent {
  const s = SnapshotSchema.parse(row.content);
  return {
    collegeName: s.collegeName,
    collegeAddress: s.collegeAddress,
    studentName: s.studentName,
    parentKind: s.parentKind,
    parentName: s.parentName,
    departmentName: s.departmentName,
    periodFrom: formatBonafideDate(s.periodFrom),
    periodTo: formatBonafideDate(s.periodTo),
    issuedOn: formatBonafideDate(s.issuedOn),
    hodName: s.hodName,
    hodDesignation: s.hodDesignation,
    reference: row.reference,
    code: row.code,
    checkUrl,
  };
}

/** The student's mail when the certificate becomes available: only that, and where to get it. */
export function availableMail(input: { to: { name: string; email: string }; appUrl: string }): MailMessage {
  return {
    to: input.to.email,
    subject: M.availableSubject,
    text: [
      `Dear ${input.to.name},`,
      '',
      M.availableNotice,
      '',
      `Download it here: ${input.appUrl.replace(/\/+$/, '')}${BONAFIDE_PAGE}`,
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}

/** The public check of a certificate code; undefined when no certificate has it. */
export async function bonafideCheck(db: Executor, rawCode: string): Promise<BonafideCheck | undefined> {
  const parsed = DocumentCodeSchema.safeParse(rawCode);
  const row = parsed.success ? await repo.findCertificateByCode(db, parsed.data) : undefined;
  if (!row) return undefined;
  const s = SnapshotSchema.parse(row.content);
  return {
    kind: 'bonafide',
    code: row.code,
    state: row.revokedAt ? 'revoked' : 'genuine',
    reference: row.reference,
    studentName: s.studentName,
    collegeName: s.collegeName,
    departmentName: s.departmentName,
    issuedOn: formatBonafideDate(s.issuedOn),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

// A clash of two random 10-character codes is rare enough that a few tries always succeed.
const CODE_ATTEMPTS = 5;

/** Certified students and their Bonafide Certificate PDF (spec 01 section 2.11, issues 14 and 28). */
export class BonafideService {
  constructor(readonly deps: { db: Database; appUrl: string; onQueued?: () => void; now?: () => Date }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  checkUrl(code: string): string {
    return `${this.deps.appUrl.replace(/\/+$/, '')}${checkPath(code)}`;
  }

  /**
   * The HOD of the student's department, or Master, marks a student certified or not. Anyone
   * outside the caller's scope, deleted, or staff answers 404, as on the rest of /allStudent.
   * Certifying issues the certificate (reference, check code, what it prints) and tells the
   * student; it is refused (409, naming them) while the profile lacks what the certificate
   * prints. Uncertifying withdraws the certificate: its check then says revoked.
   */
  async setCertified(
    actor: SessionActor,
    studentId: string,
    input: SetCertifiedInput,
    meta: Meta,
  ): Promise<SetCertifiedResponse> {
    if (!canCertifyStudents(actor)) throw AppError.forbidden();
    if (!isUuid(studentId)) throw AppError.notFound(STUDENT_ADMIN_MESSAGES.notFound);
    const reference = await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockCertifiableStudent(tx, scopeFor(actor), studentId);
      if (!before || !canCertifyStudent(actor, before)) {
        throw AppError.notFound(STUDENT_ADMIN_MESSAGES.notFound);
      }
      if (before.certified === input.certified) {
        return input.certified ? ((await repo.findLiveCertificate(tx, before.id))?.reference ?? null) : null;
      }
      let issued: repo.CertificateRow | null = null;
      let revoked: string[] = [];
      if (input.certified) {
        // The HOD who certifies signs; Master certifies for the department's HOD.
        const user = await loadSessionUser(tx, before.id);
        const signer = actor.role === 'hod' ? { id: actor.id, name: actor.name } : (user?.hod ?? null);
        if (!user) throw AppError.notFound(STUDENT_ADMIN_MESSAGES.notFound);
        issued = await this.issue(tx, user, signer, actor.id);
      } else {
        revoked = await repo.revokeCertificates(tx, before.id, this.now());
      }
      await repo.setCertified(tx, before.id, input.certified);
      await writeAudit(tx, {
        actorId: actor.id,
        action: input.certified ? 'student.certify' : 'student.uncertify',
        entity: 'user',
        entityId: before.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: { id: before.id, name: before.name, certified: before.certified },
        after: {
          id: before.id,
          name: before.name,
          certified: input.certified,
          ...(issued ? { reference: issued.reference, code: issued.code } : { revoked }),
        },
      });
      if (issued) {
        await notify(tx, {
          toId: before.id,
          fromId: actor.id,
          description: M.availableNotice,
          url: BONAFIDE_PAGE,
          collegeId: before.collegeId,
        });
        await enqueueMail(tx, availableMail({ to: before, appUrl: this.deps.appUrl }));
      }
      return issued?.reference ?? null;
    });
    if (reference && input.certified) this.deps.onQueued?.();
    return {
      message: input.certified ? M.certified : M.uncertified,
      certified: input.certified,
      reference,
    };
  }

  /**
   * Issues a certificate row: refused (409, naming the fields) while the profile lacks what it
   * prints; the reference is the next of the financial year's series.
   */
  private async issue(
    tx: Executor,
    user: SessionUser,
    signer: { id: string; name: string } | null,
    issuedById: string,
  ): Promise<repo.CertificateRow> {
    const now = this.now();
    const built = bonafideSnapshot(user, signer, indiaDate(now));
    if ('missing' in built) throw AppError.conflict(M.missing(built.missing));
    const prefix = `${BONAFIDE_REFERENCE_PREFIX}/${financialYearOf(built.snapshot.issuedOn)}`;
    const sequence = await repo.nextSequence(tx, prefix);
    let code = newDocumentCode();
    for (let attempt = 1; attempt < CODE_ATTEMPTS && (await repo.codeTaken(tx, code)); attempt += 1) {
      code = newDocumentCode();
    }
    return repo.insertCertificate(tx, {
      reference: formatBonafideReference(prefix.slice(BONAFIDE_REFERENCE_PREFIX.length + 1), sequence),
      code,
      studentId: user.id,
      issuedById,
      content: built.snapshot,
      issuedAt: now,
    });
  }

  /**
   * The signed-in student's certificate; 403 until their HOD (or Master) has certified them. A
   * student certified before certificates had numbers (issue 28) gets theirs issued now, signed
   * by the department's HOD, once the profile holds what it prints.
   */
  async certificatePdf(actor: Actor): Promise<Buffer> {
    if (!isStudent(actor)) throw AppError.forbidden(M.notCertified);
    // A live certificate means a certified student: uncertifying withdraws it in the same write.
    const row =
      (await repo.findLiveCertificate(this.deps.db, actor.id)) ??
      (await this.deps.db.transaction(async (tx) => {
        const student = await repo.lockCertifiableStudent(tx, { kind: 'all' }, actor.id);
        if (!student?.certified) throw AppError.forbidden(M.notCertified);
        const live = await repo.findLiveCertificate(tx, student.id);
        if (live) return live;
        const user = await loadSessionUser(tx, student.id);
        if (!user) throw AppError.forbidden(M.notCertified);
        const built = bonafideSnapshot(user, user.hod, indiaDate(this.now()));
        if ('missing' in built || !user.hod) {
          throw AppError.forbidden(M.cannotIssue('missing' in built ? built.missing : []));
        }
        return this.issue(tx, user, user.hod, user.hod.id);
      }));
    return renderBonafidePdf(printedContent(row, this.checkUrl(row.code)));
  }
}
