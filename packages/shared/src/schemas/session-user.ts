import { z } from 'zod';
import { STAFF_ROLES } from '../roles';
import { STAFF_CONFIRMATIONS } from './staff-confirmation';

/**
 * The signed-in user as `GET /api/v1/auth/me` returns it (spec 01 section 3, "Session user"),
 * with our own field names (DESIGN.md section 5). Nothing secret: the page may keep it in
 * session storage.
 */
export const SessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES).nullable(),
  referralId: z.string(),
  /** The photo's authorised URL (`/api/v1/files/{id}`), usable as an <img src>; null when none. */
  profilePic: z.string().nullable(),
  certified: z.boolean(),
  verifyByHod: z.boolean(),
  paid: z.boolean(),
  /** Staff: whether a student-made account is confirmed yet (issue 27); always 'confirmed' for students. */
  confirmation: z.enum(STAFF_CONFIRMATIONS),
  /** The password is one someone else chose: the account chooses its own before anything else. */
  mustChangePassword: z.boolean(),
  /** An awaiting account: whom it waits for, in words; null otherwise. */
  waitsFor: z.string().nullable(),
  joiningDate: z.string().nullable(),
  dob: z.string().nullable(),
  address: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherName: z.string().nullable(),
  collegeRollNo: z.string().nullable(),
  universityRollNo: z.string().nullable(),
  hod: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  unitHead: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  course: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  college: z
    .object({
      id: z.uuid(),
      name: z.string(),
      logo: z.string().nullable(),
      state: z.string(),
      address: z.string(),
    })
    .nullable(),
  department: z
    .object({
      id: z.uuid(),
      name: z.string(),
      url: z.string().nullable(),
      refNo: z.string().nullable(),
      refDate: z.string().nullable(),
    })
    .nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionUserResponseSchema = z.object({ user: SessionUserSchema });
