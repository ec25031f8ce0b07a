import { VIDEO_MESSAGES } from '@pgel/shared/schemas/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../../db/schema/index';
import { buildTestApp, createUser, get, login, put, type TestApp } from '../../test/helpers';

describe('settings: the landing page video (Master)', () => {
  let t: TestApp;
  let master: string;
  let hod: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const m = await createUser(t.db, { role: 'master' });
    const h = await createUser(t.db, { role: 'hod' });
    master = await login(t.app, m.email, m.password, 'staff');
    hod = await login(t.app, h.email, h.password, 'staff');
  });
  afterAll(async () => {
    await t?.close();
  });

  const publicVideo = async () => (await get(t.app, '/api/v1/settings/public')).json.videoUrl;
  const storedVideo = async () =>
    (await t.db.select().from(settings).where(eq(settings.key, 'videoUrl')))[0]?.value ?? null;

  it('has no video until one is set', async () => {
    expect(await publicVideo()).toBeNull();
  });

  it('lets only Master set it', async () => {
    const url = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    expect((await put(t.app, '/api/v1/settings/video', url)).statusCode).toBe(401);
    expect((await put(t.app, '/api/v1/settings/video', url, { cookie: hod })).statusCode).toBe(403);
    expect(await storedVideo()).toBeNull();
  });

  it('turns YouTube and Vimeo page links into embed addresses, stores them and audits the change', async () => {
    const cases = [
      [
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      ],
      ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://youtube.com/shorts/aBcD_12345x', 'https://www.youtube-nocookie.com/embed/aBcD_12345x'],
      ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
      ['  https://media.example.org/intro.mp4  ', 'https://media.example.org/intro.mp4'],
    ] as const;
    for (const [given, embed] of cases) {
      const res = await put(t.app, '/api/v1/settings/video', { url: given }, { cookie: master });
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: VIDEO_MESSAGES.saved, videoUrl: embed });
      expect(await storedVideo()).toBe(embed);
      expect(await publicVideo()).toBe(embed);
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.video'));
    expect(audits).toHaveLength(cases.length);
    expect(audits.at(-1)?.after).toEqual({ videoUrl: 'https://media.example.org/intro.mp4' });
  });

  it('refuses what cannot be embedded with a clear message, keeping the stored video', async () => {
    const before = await storedVideo();
    for (const url of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'not a url',
      'https://www.youtube.com/@somechannel',
      'https://vimeo.com/channels/staffpicks',
      `https://example.org/${'a'.repeat(600)}`,
    ]) {
      const res = await put(t.app, '/api/v1/settings/video', { url }, { cookie: master });
      expect(res.statusCode).toBe(400);
      expect(res.json.message).toBe(VIDEO_MESSAGES.invalid);
    }
    expect(await storedVideo()).toBe(before);
  });

  it('removes the video with an empty address, so the public settings say null again', async () => {
    const res = await put(t.app, '/api/v1/settings/video', { url: '' }, { cookie: master });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: VIDEO_MESSAGES.cleared, videoUrl: null });
    expect(await storedVideo()).toBeNull();
    expect(await publicVideo()).toBeNull();
  });
});
