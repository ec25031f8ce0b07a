import { describe, expect, it } from 'vitest';
import { ACADEMIC_REPORT_MENUS, academicReportPath } from './activity';

const STUDENT = '00000000-0000-4000-8000-0000000000a1';
const ENTRY = '00000000-0000-4000-8000-0000000000b2';

describe('academicReportPath', () => {
  it('opens each academic entry on its page, with the student picked', () => {
    const paths = Object.fromEntries(
      ACADEMIC_REPORT_MENUS.map(({ id }) => [id, academicReportPath(id, ENTRY, STUDENT)]),
    );
    expect(paths).toEqual({
      synopsis: `/synopsis?student=${STUDENT}`,
      thesis: `/thesisReview?student=${STUDENT}`,
      memo: `/memo?student=${STUDENT}&entry=${ENTRY}`,
      appraisal: `/appeal?student=${STUDENT}&entry=${ENTRY}`,
      aetcom: `/atcom?student=${STUDENT}&entry=${ENTRY}`,
    });
  });
});
