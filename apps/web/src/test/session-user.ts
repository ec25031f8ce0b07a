import type { SessionUser } from '@pgel/shared/schemas/session-user';

/** A signed-in student, approved by the HOD, paid and placed in a college and department; `overrides` replaces any field. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    name: 'Asha Nair',
    email: 'asha@example.test',
    phone: null,
    role: null,
    referralId: 'R1',
    profilePic: null,
    certified: true,
    verifyByHod: true,
    paid: true,
    confirmation: 'confirmed',
    mustChangePassword: false,
    waitsFor: null,
    joiningDate: null,
    dob: null,
    address: null,
    fatherName: null,
    motherName: null,
    collegeRollNo: null,
    universityRollNo: null,
    hod: null,
    unitHead: null,
    course: null,
    college: {
      id: '00000000-0000-4000-8000-0000000000c1',
      name: 'GMC',
      logo: null,
      state: 'KA',
      address: 'x',
    },
    department: {
      id: '00000000-0000-4000-8000-0000000000c2',
      name: 'Medicine',
      url: null,
      refNo: null,
      refDate: null,
    },
    ...overrides,
  };
}
