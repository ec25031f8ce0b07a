import { DRPC_REMARK_LABEL } from '@pgel/shared/drp/coordinator-dashboard';
import type { RecordDetail, RecordListItem } from '@pgel/shared/records/api';
import { drpActivity, drpUpload } from '@pgel/shared/records/kinds';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { RecordDetailModal } from '../../records/components/record-detail-modal';
import { fakeApi, labelled, PATIENTLY, withModals } from '../../records/components/test-support';
import { VerifyModal } from '../../records/components/verify-modal';

// Issue 28: the DRP coordinator's remark was labelled 'HOD / Unit Head Feedback'.

const ID = '00000000-0000-4000-8000-0000000000d7';

const coordinator = sessionUser({
  id: '00000000-0000-4000-8000-0000000000e9',
  name: 'Dr. Bora',
  role: 'drp_coordinator',
  college: null,
  department: null,
});
const faculty = sessionUser({ id: '00000000-0000-4000-8000-0000000000e8', role: 'professor' });

function activity(changes: Partial<RecordListItem> = {}): RecordListItem {
  return {
    id: ID,
    kind: drpActivity.id,
    studentId: '00000000-0000-4000-8000-0000000000f1',
    studentName: 'Asha Nair',
    date: '2026-03-10',
    teacherId: null,
    teacherName: null,
    status: 'approved',
    studentRemark: 'Saw 30 mothers',
    verifierRemark: 'Well done.',
    score: null,
    verifiedByName: 'Dr. Bora',
    verifiedAt: '2026-03-11T10:00:00.000Z',
    everVerified: true,
    confirmedRole: null,
    amendedAt: null,
    flags: [],
    certificate: null,
    details: {
      activity: 'Antenatal clinic',
      activityType: 'Team Work',
      level: 'Observation',
      institution: 'District Hospital Tezpur',
      state: 'Assam',
    },
    createdAt: '2026-03-10T10:00:00.000Z',
    ...changes,
  };
}

function detail(item: RecordListItem): RecordDetail {
  return {
    ...item,
    canVerify: false,
    canDelete: false,
    history: [
      {
        event: 'verification',
        status: 'approved',
        score: null,
        remark: 'Well done.',
        confirmedRole: null,
        byName: 'Dr. Bora',
        at: '2026-03-11T10:00:00.000Z',
      },
    ],
  };
}

function signIn(who: SessionUser, item: RecordListItem) {
  storeUser(who);
  fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
    [`GET /records/${ID}`]: { status: 200, body: detail(item) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the DRP coordinator remark is the DRPC Remark', () => {
  it('in the Verification dialog the coordinator fills in a DRPC Remark, not Feedback', async () => {
    signIn(coordinator, activity({ status: 'pending', verifierRemark: null }));
    withModals(
      <VerifyModal
        kind={drpActivity}
        record={activity({ status: 'pending', verifierRemark: null })}
        onClose={vi.fn()}
      />,
    );
    const modal = await screen.findByRole('dialog', { name: 'Verification' }, PATIENTLY);
    expect(within(modal).getByLabelText(labelled(DRPC_REMARK_LABEL), { selector: 'textarea' })).toBeTruthy();
    expect(within(modal).queryByLabelText(labelled('Feedback'), { selector: 'textarea' })).toBeNull();
  });

  it("the entry's detail and history call it DRPC Remark, never HOD / Unit Head Feedback", async () => {
    signIn(faculty, activity());
    withModals(<RecordDetailModal kind={drpActivity} recordId={ID} onClose={vi.fn()} showStudent />);
    const modal = await screen.findByRole('dialog', { name: 'Task Detail' }, PATIENTLY);
    await within(modal).findByText('Antenatal clinic', {}, PATIENTLY);
    expect(within(modal).getByText(DRPC_REMARK_LABEL)).toBeTruthy();
    expect(within(modal).getByText('DRPC Remark: Well done.')).toBeTruthy();
    expect(within(modal).queryByText('HOD / Unit Head Feedback')).toBeNull();
  });

  it('a DRP logbook upload: the coordinator reads DRPC Remark, the department reads Feedback', async () => {
    const upload = activity({ kind: drpUpload.id, details: { institution: 'District Hospital Tezpur' } });
    signIn(coordinator, upload);
    withModals(<RecordDetailModal kind={drpUpload} recordId={ID} onClose={vi.fn()} showStudent />);
    const modal = await screen.findByRole('dialog', { name: 'Task Detail' }, PATIENTLY);
    await within(modal).findByText(DRPC_REMARK_LABEL, {}, PATIENTLY);
    expect(within(modal).queryByText('HOD / Unit Head Feedback')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();

    // Either may have verified it: to the department it is Feedback, as its list column says.
    signIn(faculty, upload);
    withModals(<RecordDetailModal kind={drpUpload} recordId={ID} onClose={vi.fn()} showStudent />);
    const theirs = await screen.findByRole('dialog', { name: 'Task Detail' }, PATIENTLY);
    await within(theirs).findByText('Feedback', {}, PATIENTLY);
    expect(within(theirs).queryByText(DRPC_REMARK_LABEL)).toBeNull();
    expect(within(theirs).queryByText('HOD / Unit Head Feedback')).toBeNull();
  });
});
