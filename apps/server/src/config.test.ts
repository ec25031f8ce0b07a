import path from 'node:path';
import { INACTIVITY_TIMEOUT_MS } from '@pgel/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
      launchPassword: undefined,
      logLevel: 'info',
      sessionAbsoluteMs: 12 * 60 * 60 * 1000,
    });
  });

  it('expires idle sessions after the spec inactivity timeout', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(INACTIVITY_TIMEOUT_MS);
  });

  it('resolves DATA_DIR against the folder npm was started from', () => {
    expect(loadConfig({ DATA_DIR: 'store', INIT_CWD: '/srv/logbook' }).dataDir).toBe('/srv/logbook/store');
    expect(loadConfig({ DATA_DIR: '/var/lib/pgel' }).dataDir).toBe('/var/lib/pgel');
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db.internal:5432/logbook',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      APP_URL: 'https://logbook.example.org/',
      SESSION_ABSOLUTE_HOURS: '24',
      LAUNCH_PASSWORD: ' open-sesame ',
    });
    expect(config).toMatchObject({
      nodeEnv: 'test',
      port: 8080,
      databaseUrl: 'postgresql://app@db.internal:5432/logbook',
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      appUrl: 'https://logbook.example.org',
      sessionAbsoluteMs: 24 * 60 * 60 * 1000,
      launchPassword: 'open-sesame',
    });
  });

  it('treats empty optional URLs as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('treats an empty PORT as unset, like the other optional settings', () => {
    // `PORT=` in an env file must not silently mean "any free port" (0).
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s and names the variable', (port) => {
    expect(configError({ PORT: port }).message).toMatch(/PORT/);
  });

  it.each(['mysql://root@localhost/db', 'not a url', 'localhost:5432'])(
    'refuses DATABASE_URL=%s and names the variable',
    (url) => {
      expect(configError({ DATABASE_URL: url }).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    },
  );

  it.each(['http://mail.example.org', 'mail.example.org:25'])(
    'refuses SMTP_URL=%s and names the variable',
    (url) => {
      expect(configError({ SMTP_URL: url }).message).toMatch(
        /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    },
  );

  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });

  it('reads a TRUST_PROXY hop count as "trust that many proxies"', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    if (typeof trust !== 'function') throw new Error(`expected a function, got ${JSON.stringify(trust)}`);
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it.each(['yes', 'proxy.example.org'])('refuses TRUST_PROXY=%s and names the variable', (value) => {
    expect(configError({ TRUST_PROXY: value }).message).toMatch(/TRUST_PROXY/);
  });

  it("sends the week's reminders from 08:00 India time on Monday unless REMINDERS_HOUR says otherwise", () => {
    expect(loadConfig({}).remindersHour).toBe(8);
    expect(loadConfig({ REMINDERS_HOUR: '6' }).remindersHour).toBe(6);
    expect(configError({ REMINDERS_HOUR: '24' }).message).toMatch(
      /REMINDERS_HOUR.*must be an hour from 0 to 23/,
    );
  });

  it('lists every bad variable at once', () => {
    const message = configError({ PORT: 'x', APP_URL: 'nowhere', LOG_LEVEL: 'loud' }).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/APP_URL/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it('uses the object store only when all four S3 settings are given', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'logbook',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'logbook',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'logbook' })).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID/);
  });

  it('offers the sandbox gateway only while no real gateway has keys and the app is not public, unless told', () => {
    expect(loadConfig({}).payments).toEqual({ razorpay: undefined, phonepe: undefined, sandbox: true });
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig(razorpay).payments).toMatchObject({
      razorpay: {
        keyId: 'rzp_test_1',
        apiUrl: 'https://api.razorpay.com',
        checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
        webhookSecret: undefined,
      },
      sandbox: false,
    });
    expect(loadConfig({ ...razorpay, PAYMENT_SANDBOX: 'on' }).payments.sandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }).payments.sandbox).toBe(false);
    // A public (https) server without keys sells nothing rather than give packages away.
    expect(loadConfig({ APP_URL: 'https://logbook.example.org' }).payments.sandbox).toBe(false);
    expect(
      loadConfig({ APP_URL: 'https://logbook.example.org', PAYMENT_SANDBOX: 'on' }).payments.sandbox,
    ).toBe(true);
    expect(configError({ RAZORPAY_KEY_ID: 'rzp_test_1' }).message).toMatch(
      /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/,
    );
    expect(configError({ PAYMENT_SANDBOX: 'maybe' }).message).toMatch(
      /PAYMENT_SANDBOX: must be auto, on or off/,
    );
  });

  it("uses PhonePe's hosts for the chosen environment unless they are overridden", () => {
    const phonepe = { PHONEPE_CLIENT_ID: 'M1', PHONEPE_CLIENT_SECRET: 's' };
    expect(loadConfig(phonepe).payments.phonepe).toMatchObject({
      authUrl: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
      apiUrl: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
      clientVersion: 1,
      webhook: undefined,
    });
    expect(loadConfig({ ...phonepe, PHONEPE_ENV: 'production' }).payments.phonepe).toMatchObject({
      authUrl: 'https://api.phonepe.com/apis/identity-manager',
      apiUrl: 'https://api.phonepe.com/apis/pg',
    });
    expect(configError({ ...phonepe, PHONEPE_WEBHOOK_USERNAME: 'u' }).message).toMatch(
      /PHONEPE_WEBHOOK_PASSWORD/,
    );
  });

  it('reads the CRM client (redirect defaulting to APP_URL/zoho) and the support chat script', () => {
    expect(loadConfig({}).zoho).toBeUndefined();
    expect(loadConfig({}).supportChatScriptUrl).toBeUndefined();
    const config = loadConfig({
      APP_URL: 'https://logbook.example.org/',
      ZOHO_CLIENT_ID: 'id',
      ZOHO_CLIENT_SECRET: 'secret',
      SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example.org/widget.js',
    });
    expect(config.zoho).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      accountsUrl: 'https://accounts.zoho.in',
      redirectUri: 'https://logbook.example.org/zoho',
    });
    expect(config.supportChatScriptUrl).toBe('https://chat.example.org/widget.js');
  });
});
