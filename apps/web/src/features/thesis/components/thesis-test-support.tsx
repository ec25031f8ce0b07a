import type { Thesis, ThesisStage } from '@pgel/shared/academic/thesis';
import type { RecordListItem } from '@pgel/shared/records/api';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { type FakeRoute, fakeApi, STUDENT_ID, withModals } from '../../records/components/test-support';
import { ThesisPage } from './thesis-page';

/** Test helpers of the thesis pages (not shipped: only the tests import this file). */

export const COLLEGE_ID = '00000000-0000-4000-8000-0000000000c1';
export const STAFF_ID = '00000000-0000-4000-8000-0000000000f2';
export const GUIDE_ID = '00000000-0000-4000-8000-0000000000d1';

export const student = (changes: Partial<SessionUser> = {}) => sessionUser({ id: STUDENT_ID, ...changes });
export const professor = () =>
  sessionUser({ id: STAFF_ID, name: 'Dr. Rao', email: 'rao@example.test', role: 'professor' });

/** A record of the stage with `changes`; the title only unless told otherwise. */
export function thesisOf(stage: ThesisStage, changes: Partial<Thesis> = {}): Thesis {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    stage,
    student: { id: STUDENT_ID, name: 'Asha Nair' },
    title: 'Outcomes of early mobilisation',
    guide: null,
    coGuides: [],
    certificate: null,
    acceptanceDate: null,
    nextStep: 'guide',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...changes,
  };
}

export const certificateFile = {
  id: '00000000-0000-4000-8000-0000000000b9',
  url: '/api/v1/files/00000000-0000-4000-8000-0000000000b9',
  originalName: 'iec-clearance.png',
  contentType: 'image/png',
};

export const list = (items: RecordListItem[]): FakeRoute => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});

export const uploadsPath = (stage: ThesisStage, studentId?: string) =>
  `GET /records?page=1&pageSize=10&sort=date&order=desc&kind=${stage}-upload${studentId ? `&studentId=${studentId}` : ''}`;

/** The lists every student page asks for besides its record. */
export function studentRoutes(stage: ThesisStage): Record<string, FakeRoute> {
  return {
    [uploadsPath(stage)]: list([]),
    'GET /records/options/teachers': {
      status: 200,
      body: { items: [{ id: GUIDE_ID, title: 'Dr. Mehta' }] },
    },
    [`GET /colleges/${COLLEGE_ID}/departments`]: {
      status: 200,
      body: {
        items: [
          { id: '00000000-0000-4000-8000-0000000000c2', name: 'Medicine' },
          { id: '00000000-0000-4000-8000-0000000000c3', name: 'Surgery' },
        ],
      },
    },
  };
}

/** Renders the stage's page for `who` over a fake API; returns the calls it made. */
export function renderThesisPage(
  who: SessionUser,
  stage: ThesisStage,
  routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>,
  initialUrl = '/',
) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  const view = withModals(<ThesisPage stage={stage} />, { initialUrl });
  return { sent, ...view };
}
