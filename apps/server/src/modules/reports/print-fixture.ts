import { PRINT_ANNEXURE, PRINT_SECTIONS, type PrintLogbook, type PrintRow } from '@pgel/shared/reports/print';

const GUIDELINE =
  'The logbook is a record of the academic and clinical work of the resident. Each entry must be made within a week of the activity, and is evidence only once it has been verified by the supervising faculty.';

/**
 * A hand-built printable logbook for the PDF and fingerprint tests: all 22 sections and the
 * annexure, a profile, and `recordsPerSection` rows in each record section (one in three
 * pending or rejected). Independent of the database, so the renderer is tested on its own.
 */
export function printFixture(
  options: { recordsPerSection?: number; studentName?: string } = {},
): PrintLogbook {
  const perSection = options.recordsPerSection ?? 6;
  const rows = (key: string): PrintRow[] =>
    Array.from({ length: perSection }, (_, i) => ({
      id: `${key}-${i}`,
      status: i % 6 === 2 ? 'pending' : i % 6 === 5 ? 'rejected' : 'approved',
      cells: [
        `${(i % 28) + 1} August 2024`,
        `Entry ${i + 1} of ${key}`,
        i % 4 === 0
          ? 'A longer description that has to wrap over more than one line of its cell, to test row heights.'
          : 'Done under supervision',
        i % 2 ? 'Dr. Meera Iyer' : 'N/A',
        'OPD',
      ],
    }));
  const sections = [...PRINT_SECTIONS, PRINT_ANNEXURE].map(({ key, title }) => {
    if (key === 'cover' || key === 'proforma' || key === 'bonafide') {
      return {
        key,
        title,
        blocks: [
          {
            type: 'fields' as const,
            fields: [
              { label: 'Name', value: options.studentName ?? 'Anaya Sharma' },
              { label: 'Department', value: 'General Medicine' },
              { label: 'Course', value: 'MD General Medicine' },
              { label: 'Period', value: '1 August 2024 to 31 July 2027' },
            ],
          },
        ],
      };
    }
    if (key === 'guidelines' || key === 'memos') {
      return {
        key,
        title,
        blocks: [
          {
            type: 'paragraphs' as const,
            heading: 'About this section',
            paragraphs: [
              'Entries are recorded by the student and verified by the guide or the HOD.',
              // Long enough to run over a page: the footer is drawn in the middle of it.
              ...(key === 'guidelines' ? Array.from({ length: 40 }, (_, i) => `${i + 1}. ${GUIDELINE}`) : []),
            ],
          },
        ],
      };
    }
    const all = rows(key);
    return {
      key,
      title,
      blocks: [
        {
          type: 'table' as const,
          heading: `${title} entries`,
          columns: ['Date', 'Title', 'Description', 'Verified by', 'Place'],
          verified: all.filter((r) => r.status === 'approved'),
          unverified: all.filter((r) => r.status !== 'approved'),
        },
      ],
    };
  });
  return {
    student: {
      id: '00000000-0000-4000-8000-000000000001',
      name: options.studentName ?? 'Anaya Sharma',
      fatherName: 'Rohan Sharma',
      motherName: 'Priya Sharma',
      departmentName: 'General Medicine',
      courseTitle: 'MD General Medicine',
      hodName: 'Dr. Meera Iyer',
      joiningDate: '1 August 2024',
      periodTo: '31 July 2027',
      certified: false,
    },
    college: { name: 'Government Medical College', address: 'Civil Lines', state: 'Kerala', logoUrl: null },
    generatedAt: '2026-11-25T00:00:00.000Z',
    sections,
    authenticatedMonths: [
      {
        month: '2026-10',
        label: 'October 2026',
        authenticatedBy: 'Dr. Meera Iyer',
        authenticatedOn: '5 November 2026',
        verifiedEntries: 3,
        fingerprint: `v2:${'a'.repeat(64)}`,
        changedAfterAuthentication: false,
      },
    ],
  };
}
