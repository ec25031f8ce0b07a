import { ModalsProvider } from '@mantine/modals';
import type { Profile } from '@pgel/shared/schemas/profile';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { sessionUser } from '../../../test/session-user';
import { ProfilePage } from './profile-page';

const USER = sessionUser({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dr. Asha Rao',
  email: 'asha@example.org',
  phone: '9876543210',
  role: 'professor',
  referralId: 'PGR7KQ2X',
  paid: false,
  college: null,
  department: null,
});

const PROFILE: Profile & Record<string, unknown> = {
  name: USER.name,
  dob: null,
  bloodGroup: null,
  vaccinationStatus: null,
  registrationNumber: null,
  medicalCouncil: null,
  validUpto: null,
  address: null,
  joiningDate: null,
  regDate: null,
  university: null,
  universityRollNo: null,
  collegeRollNo: null,
  fatherName: null,
  motherName: null,
  unitHeadId: null,
  email: USER.email,
  phone: USER.phone,
  role: USER.role,
  referralId: USER.referralId,
  verifyByHod: true,
  collegeName: 'North Medical College',
  departmentName: 'Medicine',
  courseTitle: null,
  profilePic: null,
  idProof: null,
  verificationMail: 'digest',
};

// happy-dom has no document.fonts, which the form's growing text area listens to.
beforeAll(() => {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
beforeEach(() => {
  storeUser(USER);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url)
        .replace(/^\/api\/v1/, '')
        .split('?')[0];
      const body =
        path === '/profile' ? { profile: PROFILE } : path === '/auth/me' ? { user: USER } : { items: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ProfilePage', () => {
  it("shows the user's own referral id", async () => {
    renderWithApp(
      <ModalsProvider>
        <ProfilePage />
      </ModalsProvider>,
      { initialUrl: '/profile' },
    );
    const referral = await screen.findByLabelText('Referral ID');
    expect(referral.textContent).toBe('PGR7KQ2X');
  });
});
