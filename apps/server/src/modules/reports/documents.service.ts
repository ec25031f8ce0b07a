import type { Actor } from '@pgel/shared/auth/policies';
import type { BonafideCheck } from '@pgel/shared/reports/bonafide';
import {
  CHECK_MESSAGES,
  CHECK_THROTTLE,
  CHECK_TOO_MANY,
  checkPath,
  type DocumentCheck,
  DocumentCodeSchema,
} from '@pgel/shared/reports/documents';
import type { PrintLogbook } from '@pgel/shared/reports/print';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { TooManyRequests } from '../../platform/retry-after';
import type { SessionActor } from '../../platform/session';
import { countAttempt } from '../../platform/throttle';
import { bonafideCheck } from '../bonafide/bonafide.service';
import type { FilesService } from '../files/files.service';
import { authenticatedMonths } from '../monthly-authentication/authenticated-months';
import { newDocumentCode } from './document-code';
import * as repo from './documents.repository';
import {
  FINGERPRINT_VERSION,
  type FingerprintVersion,
  fingerprintLogbook,
  fingerprintVersion,
  type SectionCount,
} from './fingerprint';
import { renderLogbookPdf } from './logbook-pdf';
import type { PrintService } from './print.service';

/** Reads the college logo a print names (`/api/v1/files/<id>`): PNG or JPEG bytes, or null. */
export type LogoReader = (logoUrl: string) => Promise<Buffer | null>;

/** Logos larger than this are left off the cover rather than held in memory. */
const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * Reads the college logo through the files store. The logo is the college's, shown on every
 * print, but uploaded by Master: the read is made with Master's scope for this one file, which
 * the print data (built for this actor) named. Any failure leaves the logo off the cover.
 */
export function filesLogoReader(files: FilesService, actor: SessionActor): LogoReader {
  return async (logoUrl) => {
    const id = /\/files\/([0-9a-f-]{36})/i.exec(logoUrl)?.[1];
    if (!id) return null;
    try {
      const { file, stream } = await files.openForRead({ ...actor, role: 'master' }, id);
      if (!LOGO_TYPES.has(file.contentType) || file.size > LOGO_MAX_BYTES) {
        stream.destroy();
        return null;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  };
}

export type IssuedDocument = { code: string; pdf: PDFKit.PDFDocument };

/**
 * The public check reads the logbook as the system, not as the anonymous caller: who may see the
 * check is decided by the code (50 random bits), and the answer holds only counts and hashes.
 * Master's scope is every student, so the current logbook is read exactly as it was issued.
 */
const CHECK_READER: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'master',
  collegeId: null,
  departmentId: null,
};

const SectionCountsSchema = z.array(z.object({ key: z.string(), title: z.string(), verified: z.number() }));

// A clash of two random 10-character codes is rare enough that a second try always succeeds.
const CODE_ATTEMPTS = 3;

/** Verifiable logbook PDFs and their public check (issue 14). */
export class DocumentsService {
  constructor(readonly deps: { db: Database; print: PrintService; appUrl: string }) {}

  /**
   * Issues a PDF of the student's logbook: reads it as the actor may print it (404 out of scope),
   * fingerprints the verified entries, renders the PDF with the new code on every page and keeps
   * the code's row. The row is written after the PDF rendered, so no code points at nothing.
   */
  async issue(
    actor: Actor,
    studentId: string,
    options: { readLogo?: LogoReader; ip?: string } = {},
  ): Promise<IssuedDocument> {
    const print = await this.deps.print.load(actor, studentId);
    const { fingerprint, sections } = fingerprintLogbook(print);
    const logo =
      print.college.logoUrl && options.readLogo ? await options.readLogo(print.college.logoUrl) : null;
    for (let attempt = 1; ; attempt += 1) {
      const code = newDocumentCode();
      const pdf = await renderLogbookPdf(print, { code, checkUrl: this.checkUrl(code), logo });
      try {
        await this.record(actor, print, { code, fingerprint, sections }, options.ip);
        return { code, pdf };
      } catch (err) {
        pdf.destroy();
        if (attempt < CODE_ATTEMPTS && isUniqueViolation(err, 'logbook_documents_code_idx')) continue;
        throw err;
      }
    }
  }

  /**
   * The public check of a code: the names and period as issued, the verified entries per section
   * then and now, and whether the fingerprints still match. Only counts leave the server.
   */
  async check(rawCode: string, meta: { ip: string }): Promise<DocumentCheck | BonafideCheck> {
    const counted = await countAttempt(this.deps.db, `doc-check:ip:${meta.ip}`, CHECK_THROTTLE.windowMs);
    if (counted.attempts > CHECK_THROTTLE.maxPerWindow) {
      throw new TooManyRequests(CHECK_TOO_MANY, counted.retryAfterSeconds);
    }
    const parsed = DocumentCodeSchema.safeParse(rawCode);
    const row = parsed.success ? await repo.findDocumentByCode(this.deps.db, parsed.data) : undefined;
    if (!row) {
      // The same QR check on the Bonafide Certificate (issue 28): genuine or revoked.
      const certificate = parsed.success ? await bonafideCheck(this.deps.db, parsed.data) : undefined;
      if (certificate) return certificate;
      throw AppError.notFound(CHECK_MESSAGES.notFound);
    }

    const issued = SectionCountsSchema.parse(row.sectionCounts);
    // The logbook now, by the formula the document was issued with (older documents keep theirs).
    // A fingerprint of no formula known here cannot match: the logbook's counts, and 'changed'.
    const version = fingerprintVersion(row.fingerprint);
    const current = await this.currentFingerprint(row.studentId, version ?? FINGERPRINT_VERSION);
    const now = new Map(current.sections.map((s) => [s.key, s.verified]));
    const keys = new Set(issued.map((s) => s.key));
    const sections = [
      ...issued.map((s) => ({
        key: s.key,
        title: s.title,
        issued: s.verified,
        current: now.get(s.key) ?? 0,
      })),
      // A section that appeared since (the annexure, once DRP entries exist) counts from zero.
      ...current.sections
        .filter((s) => !keys.has(s.key))
        .map((s) => ({ key: s.key, title: s.title, issued: 0, current: s.verified })),
    ];
    return {
      code: row.code,
      state: version !== null && current.fingerprint === row.fingerprint ? 'genuine' : 'changed',
      studentName: row.studentName,
      collegeName: row.collegeName,
      departmentName: row.departmentName,
      periodFrom: row.periodFrom,
      periodTo: row.periodTo,
      issuedAt: row.createdAt.toISOString(),
      sections,
      fingerprint: row.fingerprint,
      currentFingerprint: current.fingerprint,
      authenticatedMonths: await authenticatedMonths(this.deps.db, row.studentId),
    };
  }

  checkUrl(code: string): string {
    return `${this.deps.appUrl.replace(/\/+$/, '')}${checkPath(code)}`;
  }

  /** The logbook now; a student who is gone has no verified entries left. */
  private async currentFingerprint(
    studentId: string,
    version: FingerprintVersion,
  ): Promise<{ fingerprint: string; sections: SectionCount[] }> {
    try {
      return fingerprintLogbook(await this.deps.print.load(CHECK_READER, studentId), version);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return { fingerprint: '', sections: [] };
      throw err;
    }
  }

  private async record(
    actor: Actor,
    print: PrintLogbook,
    document: { code: string; fingerprint: string; sections: SectionCount[] },
    ip: string | undefined,
  ) {
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.insertDocument(tx, {
        code: document.code,
        studentId: print.student.id,
        issuedById: actor.id,
        fingerprint: document.fingerprint,
        sectionCounts: document.sections,
        studentName: print.student.name,
        collegeName: print.college.name,
        departmentName: print.student.departmentName,
        periodFrom: print.student.joiningDate,
        periodTo: print.student.periodTo,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'logbook_document.issue',
        entity: 'logbook_document',
        entityId: row.id,
        ip: ip ?? null,
        after: { code: row.code, studentId: row.studentId, fingerprint: row.fingerprint },
      });
    });
  }
}
