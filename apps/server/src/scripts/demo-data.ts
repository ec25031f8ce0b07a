import { and, count, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  collegeDepartments,
  colleges,
  competencies,
  courses,
  departments,
  institutions,
  skills,
  specialities,
  users,
} from '../db/schema/index';
import { hashPassword, newReferralId } from '../platform/secrets';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  { email: 'master@demo.test', name: 'Demo Master', role: 'master', label: 'Master' },
  { email: 'hod@demo.test', name: 'Dr. Demo HOD', role: 'hod', label: 'HOD, General Medicine' },
  {
    email: 'faculty@demo.test',
    name: 'Dr. Demo Professor',
    role: 'professor',
    label: 'Professor, General Medicine',
  },
  { email: 'student@demo.test', name: 'Demo Student', role: null, label: 'Student, General Medicine' },
  {
    email: 'forensic.hod@demo.test',
    name: 'Dr. Demo Forensic HOD',
    role: 'hod',
    label: 'HOD, Forensic Medicine',
  },
] as const;

export class NotEmptyError extends Error {}

async function catalogueDepartment(tx: Tx, name: string) {
  const [department] = await tx.select().from(departments).where(eq(departments.name, name)).limit(1);
  if (!department) throw new Error(`demo seed: the catalogue lacks ${name}`);
  return department;
}

/**
 * Fills an empty database with the demo college, its two departments, five accounts (all
 * with DEMO_PASSWORD) and a little reference data (General Medicine's competencies, skills and
 * specialities; two institutions in Delhi). Refuses to touch a database that already has users, so it can never mix
 * demo accounts into real data.
 */
export async function seedDemo(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    throw new NotEmptyError('The database already has users; seed:demo only fills an empty database.');
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [college] = await tx
      .insert(colleges)
      .values({
        name: 'Demo Medical College',
        state: 'Delhi',
        address: 'Ring Road, New Delhi',
        phone: '1123456789',
        email: 'office@demo.test',
      })
      .returning();
    // Both departments and their MD courses come with the catalogue (migration 0010).
    const medicine = await catalogueDepartment(tx, 'General Medicine');
    const forensic = await catalogueDepartment(tx, 'Forensic Medicine');
    const [mdMedicine] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.departmentId, medicine.id), eq(courses.title, 'MD General Medicine')))
      .limit(1);
    const [mdForensic] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.departmentId, forensic.id), eq(courses.title, 'MD Forensic Medicine')))
      .limit(1);
    if (!college || !mdMedicine || !mdForensic)
      throw new Error('demo seed: the catalogue lacks an MD course');
    await tx.insert(collegeDepartments).values([
      { collegeId: college.id, departmentId: medicine.id, refNo: 'DMC/GM/2024/01', refDate: '2024-07-01' },
      { collegeId: college.id, departmentId: forensic.id, refNo: 'DMC/FM/2024/01', refDate: '2024-07-01' },
    ]);
    const verifiedAt = new Date();
    const common = { passwordHash, emailVerifiedAt: verifiedAt };
    const [master, , faculty] = await tx
      .insert(users)
      .values([
        {
          ...common,
          name: 'Demo Master',
          email: 'master@demo.test',
          role: 'master',
          referralId: newReferralId(),
        },
        {
          ...common,
          name: 'Dr. Demo HOD',
          email: 'hod@demo.test',
          phone: '9810000001',
          role: 'hod',
          referralId: newReferralId(),
          collegeId: college.id,
          departmentId: medicine.id,
          courseId: mdMedicine.id,
        },
        {
          ...common,
          name: 'Dr. Demo Professor',
          email: 'faculty@demo.test',
          phone: '9810000002',
          role: 'professor',
          referralId: newReferralId(),
          collegeId: college.id,
          departmentId: medicine.id,
          courseId: mdMedicine.id,
        },
        {
          ...common,
          name: 'Dr. Demo Forensic HOD',
          email: 'forensic.hod@demo.test',
          phone: '9810000004',
          role: 'hod',
          referralId: newReferralId(),
          collegeId: college.id,
          departmentId: forensic.id,
          courseId: mdForensic.id,
        },
      ])
      .returning({ id: users.id });
    await seedReferenceData(tx, {
      departmentId: medicine.id,
      collegeId: college.id,
      masterId: master?.id ?? null,
    });
    await tx.insert(users).values({
      ...common,
      name: 'Demo Student',
      email: 'student@demo.test',
      phone: '9810000003',
      role: null,
      referralId: newReferralId(),
      collegeId: college.id,
      departmentId: medicine.id,
      courseId: mdMedicine.id,
      unitHeadId: faculty?.id ?? null,
      verifyByHod: true,
      paid: true,
      joiningDate: '2025-07-01',
    });
  });
}

/** A few competencies, skills and specialities of General Medicine and two Delhi institutions. */
async function seedReferenceData(
  tx: Tx,
  ids: { departmentId: string; collegeId: string; masterId: string | null },
): Promise<void> {
  const addedBy = ids.masterId;
  const [ecg, lumbarPuncture] = await tx
    .insert(competencies)
    .values([
      { title: 'ECG interpretation', type: 'diag', departmentId: ids.departmentId, addedBy },
      { title: 'Lumbar puncture', type: 'proc', departmentId: ids.departmentId, addedBy },
      { title: 'Chest X-ray reading', type: 'diag', departmentId: ids.departmentId, addedBy },
    ])
    .returning();
  if (!ecg || !lumbarPuncture) throw new Error('demo seed: insert returned no row');
  await tx.insert(skills).values([
    { title: 'Rhythm strips', competencyId: ecg.id, addedBy },
    { title: 'Axis calculation', competencyId: ecg.id, addedBy },
    { title: 'CSF collection', competencyId: lumbarPuncture.id, addedBy },
  ]);
  await tx.insert(specialities).values([
    { title: 'Cardiology', departmentId: ids.departmentId, addedBy },
    { title: 'Nephrology', departmentId: ids.departmentId, addedBy },
    { title: 'Neurology', departmentId: ids.departmentId, addedBy },
  ]);
  await tx.insert(institutions).values([
    { name: 'AIIMS New Delhi', state: 'Delhi', collegeId: null, addedBy },
    { name: 'Safdarjung Hospital', state: 'Delhi', collegeId: ids.collegeId, addedBy },
  ]);
}
