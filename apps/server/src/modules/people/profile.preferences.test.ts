import { PROFILE_MESSAGES, ProfileResponseSchema } from '@pgel/shared/schemas/profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import {
  auditRowsFor,
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  inject,
  login,
  type Placement,
  type TestApp,
} from '../../test/helpers';

/** Issue 10: faculty choose on their profile between one verification mail per entry and a daily digest. */
describe('profile: verification e-mail choice', () => {
  let t: TestApp;
  let placement: Placement;

  beforeAll(async () => {
    t = await buildTestApp();
    placement = await createPlacement(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(role: 'professor' | 'master' | null) {
    const user = await createUser(t.db, { role, placement: role === 'master' ? undefined : placement });
    const cookie = await login(t.app, user.email, user.password, role === null ? 'student' : 'staff', {
      remoteAddress: freshIp(),
    });
    return { ...user, cookie };
  }
  const patch = (body: unknown, cookie?: string) =>
    inject(t.app, 'PATCH', '/api/v1/profile', body, cookie ? { cookie } : {});
  const stored = async (id: string) =>
    (await t.db.select({ mode: users.verificationMail }).from(users).where(eq(users.id, id)))[0]?.mode;

  it('faculty read the daily digest by default and switch to one mail per entry and back', async () => {
    const professor = await signedIn('professor');
    const profile = await get(t.app, '/api/v1/profile', { cookie: professor.cookie });
    expect(ProfileResponseSchema.parse(profile.json).profile.verificationMail).toBe('digest');

    const saved = await patch({ verificationMail: 'each' }, professor.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json).toEqual({ message: PROFILE_MESSAGES.verificationMailSaved, verificationMail: 'each' });
    expect(await stored(professor.id)).toBe('each');
    const again = await get(t.app, '/api/v1/profile', { cookie: professor.cookie });
    expect((again.json.profile as { verificationMail: string }).verificationMail).toBe('each');

    expect((await patch({ verificationMail: 'digest' }, professor.cookie)).statusCode).toBe(200);
    expect(await stored(professor.id)).toBe('digest');
    const audit = (await auditRowsFor(t.db, 'user', professor.id)).filter(
      (a) => a.action === 'user.preferences_update',
    );
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ verificationMail: 'digest' }, { verificationMail: 'each' }],
      [{ verificationMail: 'each' }, { verificationMail: 'digest' }],
    ]);
  });

  it('students and Master have no such choice: null on GET, 400 with a message on PATCH', async () => {
    for (const role of [null, 'master'] as const) {
      const user = await signedIn(role);
      const profile = await get(t.app, '/api/v1/profile', { cookie: user.cookie });
      expect((profile.json.profile as { verificationMail: unknown }).verificationMail).toBeNull();
      const refused = await patch({ verificationMail: 'each' }, user.cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json.message).toBe(PROFILE_MESSAGES.verificationMailFacultyOnly);
      expect(await stored(user.id)).toBe('digest');
    }
  });

  it('401 signed out, 400 for a value that is not a choice', async () => {
    expect((await patch({ verificationMail: 'each' })).statusCode).toBe(401);
    const professor = await signedIn('professor');
    expect((await patch({ verificationMail: 'weekly' }, professor.cookie)).statusCode).toBe(400);
    expect((await patch({}, professor.cookie)).statusCode).toBe(400);
    expect(await stored(professor.id)).toBe('digest');
  });
});
