import {
  type Actor,
  canPrintLogbookOf,
  canPrintLogbooks,
  isInstitutionWide,
  isStudent,
} from '@pgel/shared/auth/policies';
import {
  PRINT_ANNEXURE,
  PRINT_ANNEXURE_KINDS,
  PRINT_MESSAGES,
  PRINT_PICKER_LIMIT,
  PRINT_SECTION_KINDS,
  PRINT_SECTIONS,
  type PrintBlock,
  type PrintLogbook,
  type PrintSection,
  type PrintSectionKey,
  type PrintStudentsQuery,
  type PrintStudentsResponse,
} from '@pgel/shared/reports/print';
import { printDate, printText } from '@pgel/shared/reports/print-format';
import { isUuid } from '@pgel/shared/schemas/common';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import { authenticatedMonths } from '../monthly-authentication/authenticated-months';
import * as repo from './print.repository';
import { aetcomBlocks, appraisalBlocks, memoBlocks, thesisFields } from './print-academic';
import {
  bonafideBlocks,
  coverBlocks,
  guidelineBlocks,
  proformaBlocks,
  trainingPeriod,
} from './print-profile';
import { groupByKind, hasAnnexureRecords, PRINTED_KIND_IDS, recordTables } from './print-records';

/** A department's whole roll fits in the picker; this only bounds a runaway answer. */
const DEPARTMENT_PICKER_LIMIT = 1000;

/** The printable logbook's data (issue 14): the 22 sections of one student, formatted. */
export class PrintService {
  constructor(readonly deps: { db: Database; now?: () => Date }) {}

  /** The logbook of `studentId` as `actor` may print it (404 when out of scope). */
  async load(actor: Actor, studentId: string): Promise<PrintLogbook> {
    if (!canPrintLogbooks(actor)) throw AppError.forbidden(PRINT_MESSAGES.notAllowed);
    const { db } = this.deps;
    const student = isUuid(studentId) ? await repo.findPrintStudent(db, studentId) : undefined;
    if (!student || !canPrintLogbookOf(actor, student))
      throw AppError.notFound(PRINT_MESSAGES.studentNotFound);

    const generatedAt = (this.deps.now?.() ?? new Date()).toISOString();
    // Independent reads: one query each, records all at once (no query per row or per kind).
    const [hodName, recordRows, theses, aetcom, appraisals, memos, months] = await Promise.all([
      student.collegeId && student.departmentId
        ? repo.findHodName(db, student.collegeId, student.departmentId)
        : Promise.resolve(null),
      repo.listPrintRecords(db, student.id, PRINTED_KIND_IDS),
      repo.listTheses(db, student.id),
      repo.listAetcom(db, student.id),
      repo.listAppraisals(db, student.id),
      repo.listMemos(db, student.id),
      authenticatedMonths(db, student.id),
    ]);
    const byKind = groupByKind(recordRows);
    const synopsis = theses.find((row) => row.stage === 'synopsis');
    const thesis = theses.find((row) => row.stage === 'thesis');

    const kindTables = (key: PrintSectionKey) => recordTables(PRINT_SECTION_KINDS[key] ?? [], byKind);
    const blocksOf = (key: PrintSectionKey): PrintBlock[] => {
      switch (key) {
        case 'cover':
          return coverBlocks(student);
        case 'guidelines':
          return guidelineBlocks();
        case 'bonafide':
          return bonafideBlocks(student, hodName);
        case 'proforma':
          return proformaBlocks(student);
        case 'synopsis':
          return [thesisFields('synopsis', synopsis), ...kindTables(key)];
        case 'thesis-review':
          return [thesisFields('thesis', thesis), ...kindTables(key)];
        case 'aetcom':
          return aetcomBlocks(aetcom);
        case 'appraisal':
          return appraisalBlocks(appraisals);
        case 'memos':
          return memoBlocks(memos);
        default:
          return kindTables(key);
      }
    };
    const sections: PrintSection[] = PRINT_SECTIONS.map(({ key, title }) => ({
      key,
      title,
      blocks: blocksOf(key),
    }));
    if (hasAnnexureRecords(byKind)) {
      sections.push({
        key: PRINT_ANNEXURE.key,
        title: PRINT_ANNEXURE.title,
        blocks: recordTables(PRINT_ANNEXURE_KINDS, byKind, { onlyWithRecords: true }),
      });
    }

    const period = trainingPeriod(student);
    return {
      student: {
        id: student.id,
        name: student.name,
        fatherName: printText(student.fatherName),
        motherName: printText(student.motherName),
        departmentName: printText(student.departmentName),
        courseTitle: printText(student.courseTitle),
        hodName: printText(hodName),
        joiningDate: printDate(period.from),
        periodTo: printDate(period.to),
        certified: student.certified,
      },
      college: {
        name: printText(student.collegeName),
        address: printText(student.collegeAddress),
        state: printText(student.collegeState),
        logoUrl: student.collegeLogoFileId ? fileUrl(student.collegeLogoFileId) : null,
      },
      generatedAt,
      sections,
      authenticatedMonths: months,
    };
  }

  /**
   * The staff picker: students of the actor's department (Master and Admin: anyone, the first 50
   * by name unless searched). A student gets only themselves.
   */
  async students(actor: Actor, query: PrintStudentsQuery): Promise<PrintStudentsResponse> {
    if (!canPrintLogbooks(actor)) throw AppError.forbidden(PRINT_MESSAGES.notAllowed);
    const { db } = this.deps;
    const toOption = (row: Awaited<ReturnType<typeof repo.listPrintableStudents>>[number]) => ({
      id: row.id,
      name: row.name,
      departmentName: printText(row.departmentName),
      collegeName: printText(row.collegeName),
    });
    if (isStudent(actor)) {
      const self = await repo.findPrintStudent(db, actor.id);
      if (!self) return { items: [] };
      return { items: [toOption(self)] };
    }
    const search = (query.search ?? '').trim();
    let scope: repo.PickerScope;
    if (isInstitutionWide(actor)) scope = { kind: 'all' };
    else if (actor.collegeId && actor.departmentId) {
      scope = { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
    } else return { items: [] };
    const limit = scope.kind === 'all' ? PRINT_PICKER_LIMIT : DEPARTMENT_PICKER_LIMIT;
    const rows = await repo.listPrintableStudents(db, scope, search, limit);
    return { items: rows.map(toOption) };
  }
}
