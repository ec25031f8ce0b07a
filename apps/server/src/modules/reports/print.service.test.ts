import { AETCOM_SKILL_COUNT, AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import { APPRAISAL_PARTICULARS } from '@pgel/shared/academic/appraisal';
import {
  APPRAISAL_REMEDIATION_NOTE,
  PRINT_ANNEXURE,
  PRINT_GUIDELINES,
  PRINT_SECTIONS,
  type PrintBlock,
  type PrintLogbook,
  PrintLogbookSchema,
} from '@pgel/shared/reports/print';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aetcomRecords, appraisals, memos, users } from '../../db/schema/index';
import { type AcademicWorld, withAcademicWorld } from '../../test/academic-world';
import { createRecordRows, get, type TestApp } from '../../test/helpers';

type TableBlock = Extract<PrintBlock, { type: 'table' }>;

const LONG_SKILL = 'Central venous catheterisation under ultrasound guidance';
const PATIENT = {
  name: 'Zephyrine Quillfeather',
  contactNumber: '9123456780',
  address: '42 Hidden Lane, Kochi',
};

function section(logbook: PrintLogbook, key: string) {
  const found = logbook.sections.find((s) => s.key === key);
  if (!found) throw new Error(`no section ${key}`);
  return found;
}
const tables = (logbook: PrintLogbook, key: string) =>
  section(logbook, key).blocks.filter((b): b is TableBlock => b.type === 'table');

describe('print logbook: what the 22 sections hold', () => {
  let t: TestApp;
  let w: AcademicWorld;
  let logbook: PrintLogbook;
  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  beforeAll(async () => {
    const student = w.actors.student;
    await t.db
      .update(users)
      .set({ fatherName: 'Ravi Menon', joiningDate: '2024-08-05', dob: null, collegeRollNo: '  ' })
      .where(eq(users.id, student.id));
    const placement = w.medicine;
    const verified = { status: 'approved' as const, verifiedById: w.actors.faculty.id };
    const procedure = (status: 'approved' | 'pending' | 'rejected', patient: string) => ({
      kind: 'procedure',
      studentId: student.id,
      placement,
      status,
      date: '2024-08-05',
      teacherId: w.actors.faculty.id,
      ...(status === 'approved' ? verified : {}),
      details: {
        ipddDate: '2024-08-05',
        competency: { id: w.refs.proc.competencyId, title: 'Vascular access' },
        skills: { id: w.refs.proc.skillId, title: LONG_SKILL },
        patient,
        ipd: 'IPD/2024/56789',
        role: 'Performed',
      },
    });
    await createRecordRows(t.db, [
      { ...procedure('approved', 'Procedure Patient A'), verifiedAt: new Date('2024-09-01T10:00:00Z') },
      procedure('pending', 'Procedure Patient B'),
      procedure('rejected', 'Procedure Patient C'),
      {
        kind: 'clinical-case',
        studentId: student.id,
        placement,
        ...verified,
        date: '2024-12-25',
        teacherId: w.actors.faculty.id,
        details: { patientId: 'PID-0042', provisionalDiagnosis: 'Dengue fever', time: '10:30' },
        sensitiveDetails: PATIENT,
      },
      // The other student's DRP activity: their logbook gets the annexure, this one's does not.
      {
        kind: 'drp-activity',
        studentId: w.actors.otherStudent.id,
        placement,
        date: '2024-10-01',
        details: { activity: 'Immunisation camp' },
      },
    ]);
    const scoredById = w.actors.hod.id;
    const common = {
      studentId: student.id,
      collegeId: placement.college.id,
      departmentId: placement.department.id,
    };
    await t.db.insert(aetcomRecords).values({
      ...common,
      year: 1,
      fromDate: '2024-08-05',
      toDate: '2025-08-05',
      scores: Object.fromEntries(AETCOM_SKILLS.map((s) => [s.key, 7])),
      scoredById,
    });
    await t.db.insert(appraisals).values({
      ...common,
      fromDate: '2024-08-05',
      toDate: '2024-11-03',
      rows: APPRAISAL_PARTICULARS.map((particular, i) => ({
        particular,
        score: i === 0 ? 3 : 6,
        evaluation: i === 0 ? 'Not Satisfactory' : 'Satisfactory',
        remark: i === 0 ? 'Read more journals' : '',
      })),
      appraisedById: scoredById,
    });
    await t.db.insert(memos).values({
      ...common,
      issuedById: scoredById,
      sequence: 1,
      memoNumber: 'MEMO/2024/1',
      date: '2024-11-11',
      reason: 'Absent from duty',
    });
    const response = await get(t.app, `/api/v1/print-logbook/${student.id}`, { cookie: student.cookie });
    expect(response.statusCode, response.body).toBe(200);
    logbook = PrintLogbookSchema.parse(response.json);
  });

  it('prints the 22 sections in order and no annexure without DRP or forensic records', () => {
    expect(logbook.sections).toHaveLength(22);
    expect(logbook.sections.map((s) => [s.key, s.title])).toEqual(
      PRINT_SECTIONS.map((s) => [s.key, s.title]),
    );
  });

  it('adds the annexure after the 22 sections when the student has DRP records', async () => {
    const other = await get(t.app, `/api/v1/print-logbook/${w.actors.otherStudent.id}`, {
      cookie: w.actors.hod.cookie,
    });
    expect(other.statusCode).toBe(200);
    const sections = PrintLogbookSchema.parse(other.json).sections;
    expect(sections).toHaveLength(23);
    expect(sections[22]?.key).toBe(PRINT_ANNEXURE.key);
    const [drp] = sections[22]?.blocks ?? [];
    expect(drp?.type === 'table' && drp.unverified.length).toBe(1);
  });

  it('splits approved records from pending and rejected ones', () => {
    const [procedures, surgical] = tables(logbook, 'procedures');
    expect(procedures?.heading).toBe('Procedures');
    expect(surgical?.verified).toEqual([]);
    expect(procedures?.verified.map((r) => r.status)).toEqual(['approved']);
    expect(procedures?.unverified.map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
  });

  it('prints long-month dates, cuts skill titles to 20 characters and fills gaps with N/A', () => {
    const [procedures] = tables(logbook, 'procedures');
    const columns = procedures?.columns ?? [];
    const row = procedures?.verified[0]?.cells ?? [];
    expect(row[columns.indexOf('Date')]).toBe('5 August 2024');
    expect(row[columns.indexOf('Skills')]).toBe(LONG_SKILL.slice(0, 20));
    // The hospital number prints as its last 3 characters (issue 28), never whole.
    expect(row[columns.indexOf('OPD/IPD No.')]).toBe('•••789');
    expect(JSON.stringify(logbook)).not.toContain('IPD/2024/56789');
    expect(row[columns.indexOf('Verified By / Verified On')]).toBe(
      `${w.actors.faculty.name} / 1 September 2024`,
    );
    const fields = Object.fromEntries(
      section(logbook, 'proforma')
        .blocks.flatMap((b) => (b.type === 'fields' ? b.fields : []))
        .map((f) => [f.label, f.value]),
    );
    expect(fields['Date of Birth']).toBe('N/A');
    expect(fields['College Roll No.']).toBe('N/A');
    expect(fields['Joining Date']).toBe('5 August 2024');
    expect(logbook.student).toMatchObject({ joiningDate: '5 August 2024', periodTo: '5 August 2027' });
  });

  it('writes the cover, the guidelines and the bonafide certificate', () => {
    const [cover] = section(logbook, 'cover').blocks;
    expect(cover?.type === 'fields' && cover.fields.find((f) => f.label === 'Period')?.value).toBe(
      '5 August 2024 - 5 August 2027',
    );
    expect(section(logbook, 'guidelines').blocks).toEqual([
      { type: 'paragraphs', paragraphs: [...PRINT_GUIDELINES] },
    ]);
    const [bonafide, signature] = section(logbook, 'bonafide').blocks;
    expect(bonafide?.type === 'paragraphs' && bonafide.paragraphs[0]).toBe(
      `This is to certify that ${w.actors.student.name}, child of Ravi Menon, is a bona fide postgraduate student of the Department of ${w.medicine.department.name}, ${w.medicine.college.name}, for the period 5 August 2024 to 5 August 2027.`,
    );
    expect(signature?.type === 'fields' && signature.fields[0]?.value).toBe(w.actors.hod.name);
  });

  it('prints AETCOM, the appraisal with its remediation note, and memos', () => {
    const [aetcom] = tables(logbook, 'aetcom');
    expect(aetcom?.heading).toBe('Year 1: 5 August 2024 - 5 August 2025');
    expect(aetcom?.verified).toHaveLength(AETCOM_SKILL_COUNT);
    expect(aetcom?.verified[0]?.cells).toEqual([AETCOM_SKILLS[0]?.group, AETCOM_SKILLS[0]?.skill, '7']);
    const appraisal = section(logbook, 'appraisal').blocks;
    const [grid] = tables(logbook, 'appraisal');
    expect(grid?.verified).toHaveLength(8);
    expect(grid?.verified[0]?.cells).toEqual([
      APPRAISAL_PARTICULARS[0],
      '5 August 2024',
      '3 November 2024',
      '3',
      'Not Satisfactory',
      'Read more journals',
    ]);
    expect(grid?.verified[1]?.cells[5]).toBe('N/A');
    expect(appraisal.at(-1)).toEqual({ type: 'paragraphs', paragraphs: [APPRAISAL_REMEDIATION_NOTE] });
    const [memo] = tables(logbook, 'memos');
    expect(memo?.verified[0]?.cells).toEqual([
      'MEMO/2024/1',
      '11 November 2024',
      'Absent from duty',
      'N/A',
      'N/A',
      'Issued',
    ]);
  });

  it('prints no patient identifiers: neither sensitive details nor the patient id', async () => {
    const [cases] = tables(logbook, 'clinical-cases');
    expect(cases?.verified).toHaveLength(1);
    expect(cases?.columns).not.toContain('Patient ID');
    const text = JSON.stringify(logbook);
    expect(text).not.toContain('PID-0042');
    for (const value of Object.values(PATIENT)) expect(text).not.toContain(value);
    // Not even to staff who may open the record's detail.
    const hod = await get(t.app, `/api/v1/print-logbook/${w.actors.student.id}`, {
      cookie: w.actors.hod.cookie,
    });
    for (const value of Object.values(PATIENT)) expect(hod.body).not.toContain(value);
  });
});
