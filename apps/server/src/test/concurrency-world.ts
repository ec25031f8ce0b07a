import type { StaffRole } from '@pgel/shared/roles';
import { inArray } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { createSession, SESSION_COOKIE } from '../platform/session';
import type { ApiActor } from './api-access-table';
import { type ApiAccessWorld, createApiAccessWorld } from './api-access-world';
import { createUser, type TestApp } from './helpers';
import { uploadDocument } from './records-world';

/**
 * The world of the concurrent-writes test (issue 27): the API access matrix's world, plus crowds
 * of eight users of one kind who send a request at the same moment. The students, faculty and
 * HODs are all of the owning student's department (North college, Medicine); Master and DRP
 * coordinators have no department, so their crowds are eight of them. The first of each crowd is
 * the matrix's own actor.
 */
export type CrowdKind = 'anonymous' | 'student' | 'faculty' | 'hod' | 'master' | 'drpCoordinator';

/** One user of a crowd; anonymous members have no id (they differ by client address only). */
export type CrowdMember = { id?: string; email?: string; documentId?: string };

export type ConcurrencyWorld = {
  access: ApiAccessWorld;
  crowds: Record<CrowdKind, CrowdMember[]>;
  /** Every user a request may change, to put back after each route. */
  userIds: string[];
};

export const CROWD_SIZE = 8;

/** The crowd whose members stand in for `actor` when eight users send a request at once. */
export function crowdKindOf(actor: ApiActor): CrowdKind {
  switch (actor) {
    case 'student':
    case 'sameDepartmentStudent':
    case 'otherCollegeStudent':
      return 'student';
    case 'faculty':
    case 'otherDepartmentFaculty':
      return 'faculty';
    case 'hod':
    case 'otherCollegeHod':
      return 'hod';
    case 'anonymous':
    case 'master':
    case 'drpCoordinator':
      return actor;
    default:
      // Any other staff actor of the matrix (an account awaiting confirmation, say).
      return 'faculty';
  }
}

export async function createConcurrencyWorld(t: TestApp): Promise<ConcurrencyWorld> {
  const access = await createApiAccessWorld(t);
  const a = access.academic.actors;
  const place = access.academic.medicine;
  const more = async (role: StaffRole | null, count: number): Promise<CrowdMember[]> => {
    const members: CrowdMember[] = [];
    for (let i = 0; i < count; i += 1) {
      const user = await createUser(t.db, {
        role,
        placement: role === 'master' || role === 'drp_coordinator' ? undefined : place,
        verifyByHod: role === null,
      });
      // Each student has a document of their own, for the bodies that name one.
      const documentId = role === null ? await uploadDocument(t, await sessionCookie(t, user.id)) : undefined;
      members.push({ id: user.id, email: user.email, documentId });
    }
    return members;
  };
  const others = CROWD_SIZE - 1;
  const crowds: Record<CrowdKind, CrowdMember[]> = {
    anonymous: Array.from({ length: CROWD_SIZE }, () => ({})),
    student: [
      { id: a.student.id, email: a.student.email, documentId: access.documentId },
      {
        id: a.otherStudent.id,
        email: a.otherStudent.email,
        documentId: await uploadDocument(t, await sessionCookie(t, a.otherStudent.id)),
      },
      ...(await more(null, others - 1)),
    ],
    faculty: [{ id: a.faculty.id, email: a.faculty.email }, ...(await more('professor', others))],
    hod: [{ id: a.hod.id, email: a.hod.email }, ...(await more('hod', others))],
    master: [{ id: a.master.id, email: a.master.email }, ...(await more('master', others))],
    drpCoordinator: [
      { id: access.coordinator.id, email: access.coordinator.email },
      ...(await more('drp_coordinator', others)),
    ],
  };
  const userIds = [
    ...new Set([
      ...Object.values(access.userIds),
      ...Object.values(crowds).flatMap((crowd) => crowd.flatMap((member) => (member.id ? [member.id] : []))),
    ]),
  ];
  return { access, crowds, userIds };
}

/** A fresh session of the user straight in the database (no argon2 sign-in). */
export async function sessionCookie(t: TestApp, userId: string): Promise<string> {
  const settings = { idleMs: 3_600_000, absoluteMs: 3_600_000, secureCookie: false };
  const { token } = await createSession(t.db, settings, userId, {
    ip: '127.0.0.1',
    userAgent: 'concurrent-writes',
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** The users' rows as they are now, and a function that puts them back (passwords, blocks, moves). */
export async function snapshotUsers(t: TestApp, ids: string[]): Promise<() => Promise<void>> {
  const rows = await t.db.select().from(users).where(inArray(users.id, ids));
  return async () => {
    for (const { id, ...rest } of rows) {
      await t.db
        .update(users)
        .set(rest)
        .where(inArray(users.id, [id]));
    }
  };
}

/**
 * A request text (URL or JSON body) made for one user, rewritten for another of the same crowd:
 * their id, e-mail address and document in place of the first user's.
 */
export function personalise(text: string, from: CrowdMember, to: CrowdMember): string {
  let out = text;
  for (const key of ['id', 'email', 'documentId'] as const) {
    const before = from[key];
    const after = to[key];
    if (before && after && before !== after) out = out.split(before).join(after);
  }
  return out;
}
