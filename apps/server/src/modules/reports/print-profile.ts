import { addYears } from '@pgel/shared/academic/common';
import {
  BONAFIDE_YEARS,
  PRINT_GUIDELINES,
  PRINT_NOT_AVAILABLE,
  type PrintBlock,
} from '@pgel/shared/reports/print';
import { printDate, printText } from '@pgel/shared/reports/print-format';
import { isCalendarDate } from '@pgel/shared/schemas/dates';
import type { PrintStudentRow } from './print.repository';

/** The student's period of training: joining date to joining date + 3 years (YYYY-MM-DD or null). */
export function trainingPeriod(student: Pick<PrintStudentRow, 'joiningDate'>): {
  from: string | null;
  to: string | null;
} {
  const from = student.joiningDate && isCalendarDate(student.joiningDate) ? student.joiningDate : null;
  return { from, to: from ? addYears(from, BONAFIDE_YEARS) : null };
}

/** 'Dr. Asha Rao' for 'Asha Rao'; a name that already carries the title is left as it is. */
function doctor(name: string): string {
  return /^dr\.?\s/i.test(name.trim()) ? name.trim() : `Dr. ${name.trim()}`;
}

export function coverBlocks(student: PrintStudentRow): PrintBlock[] {
  const period = trainingPeriod(student);
  return [
    {
      type: 'fields',
      fields: [
        { label: 'Student Name', value: printText(student.name) },
        { label: 'Department', value: printText(student.departmentName) },
        { label: 'Course', value: printText(student.courseTitle) },
        { label: 'College', value: printText(student.collegeName) },
        { label: 'College Address', value: printText(student.collegeAddress) },
        { label: 'Period', value: `${printDate(period.from)} - ${printDate(period.to)}` },
      ],
    },
  ];
}

export function guidelineBlocks(): PrintBlock[] {
  return [{ type: 'paragraphs', paragraphs: [...PRINT_GUIDELINES] }];
}

/** The bonafide certificate's text, signed off by the department's HOD. */
export function bonafideBlocks(student: PrintStudentRow, hodName: string | null): PrintBlock[] {
  const period = trainingPeriod(student);
  const father = printText(student.fatherName);
  const parentage = father === PRINT_NOT_AVAILABLE ? '' : `, child of ${father},`;
  const certificate =
    `This is to certify that ${doctor(student.name)}${parentage} is a bona fide postgraduate student ` +
    `of the Department of ${printText(student.departmentName)}, ${printText(student.collegeName)}, ` +
    `for the period ${printDate(period.from)} to ${printDate(period.to)}.`;
  return [
    { type: 'paragraphs', paragraphs: [certificate] },
    {
      type: 'fields',
      fields: [
        { label: 'Head of the Department', value: printText(hodName) },
        { label: 'Department', value: printText(student.departmentName) },
      ],
    },
  ];
}

/** The student proforma: the profile as the student keeps it. */
export function proformaBlocks(student: PrintStudentRow): PrintBlock[] {
  return [
    {
      type: 'fields',
      fields: [
        { label: 'Name', value: printText(student.name) },
        { label: "Father's Name", value: printText(student.fatherName) },
        { label: "Mother's Name", value: printText(student.motherName) },
        { label: 'Date of Birth', value: printDate(student.dob) },
        { label: 'College Roll No.', value: printText(student.collegeRollNo) },
        { label: 'University Roll No.', value: printText(student.universityRollNo) },
        { label: 'Joining Date', value: printDate(student.joiningDate) },
        { label: 'Address', value: printText(student.address) },
        { label: 'Phone', value: printText(student.phone) },
        { label: 'Email', value: printText(student.email) },
        { label: 'Course', value: printText(student.courseTitle) },
        { label: 'Unit Head', value: printText(student.unitHeadName) },
      ],
    },
  ];
}
