import path from 'node:path';
import { INACTIVITY_TIMEOUT_MS } from '@pgel/shared/schemas/auth';
import { z } from 'zod';
import type { S3Settings } from './platform/s3-file-store';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Every setting the server reads, with its default. Parsed once at start-up; a bad value stops
 * the process with a list of what is wrong instead of failing later in a request.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().default('PG e-Logbook <no-reply@pg-elogbook.local>'),
  APP_URL: z
    .url({ error: 'must be a URL such as https://logbook.example.org' })
    .default('http://localhost:3000'),
  LAUNCH_PASSWORD: optionalText,
  DIGEST_HOUR: z.coerce
    .number({ error: 'must be an hour from 0 to 23' })
    .int({ error: 'must be an hour from 0 to 23' })
    .min(0, { error: 'must be an hour from 0 to 23' })
    .max(23, { error: 'must be an hour from 0 to 23' })
    .default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z
    .url({ error: 'must be the object store URL, e.g. https://s3.ap-south-1.amazonaws.com' })
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  WHATSAPP_API_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be the messages endpoint, e.g. https://graph.facebook.com/v21.0/<phone-id>/messages',
      })
      .optional(),
  ),
  WHATSAPP_TOKEN: optionalText,
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(false|true|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs',
    })
    .default('false'),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  launchPassword: string | undefined;
  /** From this hour (India time, 0-23) each day, faculty get their digest of pending entries. */
  digestHour: number;
  logLevel: string;
  /** Idle expiry: the spec's 50-minute inactivity timeout. */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Built web app to serve, if present. */
  webDist: string | undefined;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (login throttle, audit).
   * Off by default: otherwise any client could pick its own address.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** S3-compatible store for uploads; unset keeps them under DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** WhatsApp Cloud API for messaging notifications; unset keeps them in the outbox (logged). */
  whatsapp: { apiUrl: string; token: string } | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`PORT=` in an env file) means "not set": the default applies.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ConfigSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const s3Given = [c.S3_ENDPOINT, c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY];
  if (s3Given.some(Boolean) && !s3Given.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  - S3_*: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none',
    );
  }
  if (Boolean(c.WHATSAPP_API_URL) !== Boolean(c.WHATSAPP_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration:\n  - WHATSAPP_*: set both WHATSAPP_API_URL and WHATSAPP_TOKEN, or neither',
    );
  }
  return {
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    // npm runs workspace scripts inside the workspace; relative paths mean the caller's folder.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    appUrl: c.APP_URL.replace(/\/+$/, ''),
    launchPassword: c.LAUNCH_PASSWORD,
    digestHour: c.DIGEST_HOUR,
    logLevel: c.LOG_LEVEL,
    sessionIdleMs: INACTIVITY_TIMEOUT_MS,
    sessionAbsoluteMs: c.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000,
    webDist: c.WEB_DIST,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    s3:
      c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: c.S3_ENDPOINT,
            bucket: c.S3_BUCKET,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    whatsapp:
      c.WHATSAPP_API_URL && c.WHATSAPP_TOKEN
        ? { apiUrl: c.WHATSAPP_API_URL, token: c.WHATSAPP_TOKEN }
        : undefined,
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}
