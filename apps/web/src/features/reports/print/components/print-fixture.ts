import {
  PRINT_ANNEXURE,
  PRINT_SECTIONS,
  type PrintLogbook,
  type PrintSection,
} from '@pgel/shared/reports/print';

/** A PrintLogbook as the server sends it, for the print tests (not shipped: only tests import it). */

export const FIXTURE_STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';

function blocksOf(key: string): PrintSection['blocks'] {
  switch (key) {
    case 'guidelines':
      return [
        { type: 'paragraphs', paragraphs: ['Keep the logbook up to date.', 'Ask your guide to verify.'] },
      ];
    case 'proforma':
      return [{ type: 'fields', fields: [{ label: "Father's name", value: 'Ravi Nair' }] }];
    case 'leave':
      return [
        {
          type: 'table',
          columns: ['From', 'To', 'Days', 'Reason'],
          verified: [
            { id: 'l1', status: 'approved', cells: ['1 March 2025', '3 March 2025', '3', 'Wedding'] },
          ],
          unverified: [
            { id: 'l2', status: 'pending', cells: ['10 April 2025', '11 April 2025', '2', 'Fever'] },
            { id: 'l3', status: 'rejected', cells: ['5 May 2025', '5 May 2025', '1', 'Travel'] },
          ],
        },
      ];
    case 'procedures':
      return [
        { type: 'table', heading: 'Procedure', columns: ['Date', 'Skill'], verified: [], unverified: [] },
      ];
    default:
      return [];
  }
}

export function printLogbook({ withAnnexure = false }: { withAnnexure?: boolean } = {}): PrintLogbook {
  const sections: PrintSection[] = PRINT_SECTIONS.map(({ key, title }) => ({
    key,
    title,
    blocks: blocksOf(key),
  }));
  if (withAnnexure) sections.push({ key: PRINT_ANNEXURE.key, title: PRINT_ANNEXURE.title, blocks: [] });
  return {
    student: {
      id: FIXTURE_STUDENT_ID,
      name: 'Asha Nair',
      fatherName: 'Ravi Nair',
      motherName: 'Lata Nair',
      departmentName: 'Medicine',
      courseTitle: 'MD General Medicine',
      hodName: 'Dr. Rao',
      joiningDate: '1 August 2024',
      periodTo: '1 August 2027',
      certified: true,
    },
    college: {
      name: 'GMC',
      address: 'MG Road, Bengaluru',
      state: 'Karnataka',
      logoUrl: '/api/v1/files/logo.png',
    },
    generatedAt: '2026-11-25T00:00:00.000Z',
    sections,
    authenticatedMonths: [
      {
        month: '2026-10',
        label: 'October 2026',
        authenticatedBy: 'Dr. Rao',
        authenticatedOn: '5 November 2026',
        verifiedEntries: 3,
        fingerprint: `v2:${'a'.repeat(64)}`,
        changedAfterAuthentication: true,
      },
    ],
  };
}
