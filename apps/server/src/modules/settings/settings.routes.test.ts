import { INQUIRY_MESSAGES, LAUNCH, PublicSettingsSchema } from '@pgel/shared/schemas/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inquiries, mailOutbox, settings } from '../../db/schema/index';
import { buildTestApp, freshIp, get, post, type TestApp, unique } from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { DEFAULT_SETTINGS } from './settings.defaults';

const LAUNCH_PASSWORD = 'Open-Sesame-2025';
const CHAT_SCRIPT = 'https://chat.example.org/widget.js';

describe('settings: public settings and the launch gate', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { LAUNCH_PASSWORD, SUPPORT_CHAT_SCRIPT_URL: CHAT_SCRIPT } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const launchAudits = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.launch'));

  it('gives the defaults with the gate active, and never the password', async () => {
    const response = await get(t.app, '/api/v1/settings/public');
    expect(response.statusCode).toBe(200);
    expect(PublicSettingsSchema.parse(response.json)).toEqual({
      ...DEFAULT_SETTINGS,
      isLaunched: false,
      launchGateActive: true,
      // The package page's chat widget comes from SUPPORT_CHAT_SCRIPT_URL.
      supportChatScriptUrl: CHAT_SCRIPT,
    });
    expect(response.json.launchGuests).toHaveLength(2);
    expect(response.body).not.toContain(LAUNCH_PASSWORD);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('refuses a wrong password with the spec message and leaves the product closed', async () => {
    const ip = freshIp();
    const check = await post(
      t.app,
      '/api/v1/settings/launch/check',
      { password: 'wrong' },
      { remoteAddress: ip },
    );
    expect(check.statusCode).toBe(400);
    expect(check.json).toEqual({ code: 'validation', message: LAUNCH.incorrectPassword });
    const launch = await post(t.app, '/api/v1/settings/launch', { password: 'wrong' }, { remoteAddress: ip });
    expect(launch.statusCode).toBe(400);
    expect(launch.json.message).toBe(LAUNCH.incorrectPassword);
    // The comparison is exact: no trimming, no case folding.
    for (const near of [` ${LAUNCH_PASSWORD}`, LAUNCH_PASSWORD.toLowerCase(), `${LAUNCH_PASSWORD}x`]) {
      const response = await post(
        t.app,
        '/api/v1/settings/launch/check',
        { password: near },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(400);
    }
    expect(await launchAudits()).toHaveLength(0);
    expect((await get(t.app, '/api/v1/settings/public')).json.launchGateActive).toBe(true);
  });

  it('asks for a password when none is given', async () => {
    for (const body of [{}, { password: '' }]) {
      const response = await post(t.app, '/api/v1/settings/launch/check', body, { remoteAddress: freshIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(LAUNCH.passwordRequired);
    }
  });

  it('throttles guesses per address: the 11th in 15 minutes is refused even when right', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const response = await post(
        t.app,
        '/api/v1/settings/launch/check',
        { password: `guess-${i}` },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(400);
    }
    const blocked = await post(
      t.app,
      '/api/v1/settings/launch/check',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json).toEqual({ code: 'too_many_requests', message: LAUNCH.tooManyAttempts });
    const launch = await post(
      t.app,
      '/api/v1/settings/launch',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: ip },
    );
    expect(launch.statusCode).toBe(429);
    // Another address is not affected.
    const other = await post(
      t.app,
      '/api/v1/settings/launch/check',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: freshIp() },
    );
    expect(other.statusCode).toBe(200);
    expect(await launchAudits()).toHaveLength(0);
  });

  it('accepts the right password, then launches once (idempotent) with one audit row', async () => {
    const ip = freshIp();
    const check = await post(
      t.app,
      '/api/v1/settings/launch/check',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: ip },
    );
    expect(check.statusCode).toBe(200);
    expect(check.json).toEqual({ message: LAUNCH.passwordAccepted });
    // Checking does not launch.
    expect((await get(t.app, '/api/v1/settings/public')).json).toMatchObject({
      isLaunched: false,
      launchGateActive: true,
    });

    const launch = await post(
      t.app,
      '/api/v1/settings/launch',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: ip },
    );
    expect(launch.statusCode).toBe(200);
    expect(launch.json).toEqual({ message: LAUNCH.launched });
    const [flag] = await t.db.select().from(settings).where(eq(settings.key, 'launched'));
    expect(flag?.value).toBe(true);
    expect((await get(t.app, '/api/v1/settings/public')).json).toMatchObject({
      isLaunched: true,
      launchGateActive: false,
    });

    const again = await post(
      t.app,
      '/api/v1/settings/launch',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: ip },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json).toEqual({ message: LAUNCH.launched });
    const audits = await launchAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      ip,
      before: { launched: false },
      after: { launched: true },
      actorId: null,
    });
  });

  it('applies stored overrides and ignores a stored value of the wrong shape', async () => {
    await t.db.insert(settings).values([
      { key: 'company', value: { phone: '+91 98100 12345', email: 'office@example.org' } },
      { key: 'videoUrl', value: 'https://www.youtube-nocookie.com/embed/abc123' },
      { key: 'launchGuests', value: [{ name: 'Only a name' }] },
      { key: 'devToolsDetector', value: true },
    ]);
    const response = await get(t.app, '/api/v1/settings/public');
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      company: { ...DEFAULT_SETTINGS.company, phone: '+91 98100 12345', email: 'office@example.org' },
      links: DEFAULT_SETTINGS.links,
      videoUrl: 'https://www.youtube-nocookie.com/embed/abc123',
      launchGuests: DEFAULT_SETTINGS.launchGuests,
      devToolsDetector: true,
    });
    await t.db.delete(settings).where(eq(settings.key, 'company'));
  });
});

describe('settings: without LAUNCH_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no gate, counts as launched and accepts no password', async () => {
    const response = await get(t.app, '/api/v1/settings/public');
    expect(response.json).toMatchObject({ isLaunched: true, launchGateActive: false });
    const check = await post(
      t.app,
      '/api/v1/settings/launch/check',
      { password: 'anything' },
      { remoteAddress: freshIp() },
    );
    expect(check.statusCode).toBe(400);
    expect(check.json.message).toBe(LAUNCH.incorrectPassword);
  });
});

describe('inquiries', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  function inquiry(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Priya Nair',
      phone: '9876543210',
      email: `${unique('visitor')}@example.org`,
      subject: 'Institutional package',
      message: 'We are 40 residents.\nPlease call us about the institutional price.',
      ...overrides,
    };
  }

  it.each([
    [{ name: '' }, INQUIRY_MESSAGES.allFields],
    [{ phone: undefined }, INQUIRY_MESSAGES.allFields],
    [{ subject: '   ' }, INQUIRY_MESSAGES.allFields],
    [{ message: undefined }, INQUIRY_MESSAGES.allFields],
    [{ email: '' }, INQUIRY_MESSAGES.allFields],
    [{ phone: '98765' }, INQUIRY_MESSAGES.invalidPhone],
    [{ phone: '98765432101' }, INQUIRY_MESSAGES.invalidPhone],
    [{ email: 'not-an-address' }, INQUIRY_MESSAGES.invalidEmail],
  ])('refuses %j with %j and stores nothing', async (overrides, message) => {
    const body = inquiry(overrides);
    const response = await post(t.app, '/api/v1/inquiries', body, { remoteAddress: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe(message);
    const rows = await t.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.name, String(body.name ?? '')));
    expect(rows.filter((r) => r.email === body.email)).toHaveLength(0);
  });

  it('stores the inquiry and mails it to the company address with the sender to reply to', async () => {
    const ip = freshIp();
    const body = inquiry({ email: `${unique('Visitor')}@Example.org` });
    const response = await post(t.app, '/api/v1/inquiries', body, { remoteAddress: ip });
    expect(response.statusCode).toBe(201);
    expect(response.json).toEqual({ message: INQUIRY_MESSAGES.success });

    const email = String(body.email).toLowerCase();
    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.email, email));
    expect(row).toMatchObject({
      name: 'Priya Nair',
      phone: '9876543210',
      subject: 'Institutional package',
      message: body.message,
      ip,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inquiry.create'), eq(auditLog.entityId, row?.id ?? '')));
    expect(audit).toMatchObject({ entity: 'inquiry', ip, subject: email });

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(DEFAULT_SETTINGS.company.email);
    expect(mail.subject).toBe('New inquiry: Institutional package - PG e-Logbook');
    expect(mail.text).toContain('Name:    Priya Nair');
    expect(mail.text).toContain('Phone:   9876543210');
    expect(mail.text).toContain('We are 40 residents.\nPlease call us about the institutional price.');
    expect(mail.text).toContain(`Reply to: Priya Nair <${email}>, phone 9876543210`);
    const [outbox] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEFAULT_SETTINGS.company.email));
    expect(outbox?.status).toBe('sent');
  });

  it('mails the address stored in settings, on one line of subject', async () => {
    await t.db.insert(settings).values({ key: 'company', value: { email: 'desk@example.org' } });
    try {
      const response = await post(t.app, '/api/v1/inquiries', inquiry({ subject: 'Two\nlines' }), {
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(201);
      await t.app.outbox.drain();
      const mail = await smtp.waitForMail('desk@example.org');
      expect(mail.subject).toBe('New inquiry: Two lines - PG e-Logbook');
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'company'));
    }
  });

  it('throttles one address to 10 inquiries an hour', async () => {
    const ip = freshIp();
    const marker = unique('Throttle');
    for (let i = 0; i < 10; i += 1) {
      const response = await post(t.app, '/api/v1/inquiries', inquiry({ name: marker }), {
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(201);
    }
    const blocked = await post(t.app, '/api/v1/inquiries', inquiry({ name: marker }), { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json).toEqual({ code: 'too_many_requests', message: INQUIRY_MESSAGES.tooMany });
    expect(await t.db.select().from(inquiries).where(eq(inquiries.name, marker))).toHaveLength(10);
    const other = await post(t.app, '/api/v1/inquiries', inquiry({ name: marker }), {
      remoteAddress: freshIp(),
    });
    expect(other.statusCode).toBe(201);
    await t.app.outbox.drain();
  });
});
