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
  REMINDERS_HOUR: z.coerce
    .number({ error: 'must be an hour from 0 to 23' })
    .int({ error: 'must be an hour from 0 to 23' })
    .min(0, { error: 'must be an hour from 0 to 23' })
    .max(23, { error: 'must be an hour from 0 to 23' })
    .default(8),
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
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_URL: z.url({ error: 'must be a URL' }).default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_SCRIPT: z
    .url({ error: 'must be a URL' })
    .default('https://checkout.razorpay.com/v1/checkout.js'),
  PHONEPE_CLIENT_ID: optionalText,
  PHONEPE_CLIENT_SECRET: optionalText,
  PHONEPE_CLIENT_VERSION: z.coerce.number({ error: 'must be a number' }).int().min(1).default(1),
  PHONEPE_ENV: z
    .enum(['sandbox', 'production'], { error: 'must be sandbox or production' })
    .default('sandbox'),
  PHONEPE_API_URL: z.url({ error: 'must be a URL' }).optional(),
  PHONEPE_AUTH_URL: z.url({ error: 'must be a URL' }).optional(),
  PHONEPE_WEBHOOK_USERNAME: optionalText,
  PHONEPE_WEBHOOK_PASSWORD: optionalText,
  PAYMENT_SANDBOX: z.enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' }).default('auto'),
  ZOHO_CLIENT_ID: optionalText,
  ZOHO_CLIENT_SECRET: optionalText,
  ZOHO_ACCOUNTS_URL: z.url({ error: 'must be a URL' }).default('https://accounts.zoho.in'),
  ZOHO_REDIRECT_URI: z.url({ error: 'must be a URL' }).optional(),
  SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_KEY: optionalText,
  DATA_KEY_RETIRED: optionalText,
});

/** PhonePe's documented hosts (Standard Checkout v2): OAuth and the PG API. */
const PHONEPE_HOSTS = {
  sandbox: {
    auth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    api: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
  production: {
    auth: 'https://api.phonepe.com/apis/identity-manager',
    api: 'https://api.phonepe.com/apis/pg',
  },
} as const;

export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  /** Unset: webhooks are refused (the page's verification still marks payments). */
  webhookSecret: string | undefined;
  apiUrl: string;
  checkoutScriptUrl: string;
};

export type PhonePeSettings = {
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  /** Base of `/v1/oauth/token`. */
  authUrl: string;
  /** Base of `/checkout/v2/pay` and `/checkout/v2/order/{id}/status`. */
  apiUrl: string;
  /** The callback's Basic credentials (its Authorization header is SHA256(username:password)). */
  webhook: { username: string; password: string } | undefined;
};

export type PaymentSettings = {
  razorpay: RazorpaySettings | undefined;
  phonepe: PhonePeSettings | undefined;
  /** The local sandbox gateway: on when asked, or (auto) when no real gateway has keys and APP_URL is not https. */
  sandbox: boolean;
};

export type ZohoSettings = {
  clientId: string;
  clientSecret: string;
  accountsUrl: string;
  redirectUri: string;
};

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
  /** From this hour (India time, 0-23) on Monday, the week's reminders go out (issue 30). */
  remindersHour: number;
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
  payments: PaymentSettings;
  /** The CRM's OAuth client; unset: /zoho answers 'not configured'. */
  zoho: ZohoSettings | undefined;
  supportChatScriptUrl: string | undefined;
  /** Base64 of 32 bytes sealing stored secrets; unset: generated into DATA_DIR (platform/data-key.ts). */
  dataKey: string | undefined;
  /** Retired data keys (comma-separated base64) that still open values sealed before a rotation. */
  dataKeyRetired: string | undefined;
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
  const pairs: [string, unknown, unknown][] = [
    ['RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET', c.RAZORPAY_KEY_ID, c.RAZORPAY_KEY_SECRET],
    ['PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET', c.PHONEPE_CLIENT_ID, c.PHONEPE_CLIENT_SECRET],
    [
      'PHONEPE_WEBHOOK_USERNAME and PHONEPE_WEBHOOK_PASSWORD',
      c.PHONEPE_WEBHOOK_USERNAME,
      c.PHONEPE_WEBHOOK_PASSWORD,
    ],
    ['ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET', c.ZOHO_CLIENT_ID, c.ZOHO_CLIENT_SECRET],
  ];
  for (const [names, a, b] of pairs) {
    if (Boolean(a) !== Boolean(b)) {
      throw new ConfigError(`Invalid configuration:\n  - set both ${names}, or neither`);
    }
  }
  const appUrl = c.APP_URL.replace(/\/+$/, '');
  const razorpay: RazorpaySettings | undefined =
    c.RAZORPAY_KEY_ID && c.RAZORPAY_KEY_SECRET
      ? {
          keyId: c.RAZORPAY_KEY_ID,
          keySecret: c.RAZORPAY_KEY_SECRET,
          webhookSecret: c.RAZORPAY_WEBHOOK_SECRET,
          apiUrl: c.RAZORPAY_API_URL.replace(/\/+$/, ''),
          checkoutScriptUrl: c.RAZORPAY_CHECKOUT_SCRIPT,
        }
      : undefined;
  const phonepe: PhonePeSettings | undefined =
    c.PHONEPE_CLIENT_ID && c.PHONEPE_CLIENT_SECRET
      ? {
          clientId: c.PHONEPE_CLIENT_ID,
          clientSecret: c.PHONEPE_CLIENT_SECRET,
          clientVersion: c.PHONEPE_CLIENT_VERSION,
          authUrl: (c.PHONEPE_AUTH_URL ?? PHONEPE_HOSTS[c.PHONEPE_ENV].auth).replace(/\/+$/, ''),
          apiUrl: (c.PHONEPE_API_URL ?? PHONEPE_HOSTS[c.PHONEPE_ENV].api).replace(/\/+$/, ''),
          webhook:
            c.PHONEPE_WEBHOOK_USERNAME && c.PHONEPE_WEBHOOK_PASSWORD
              ? { username: c.PHONEPE_WEBHOOK_USERNAME, password: c.PHONEPE_WEBHOOK_PASSWORD }
              : undefined,
        }
      : undefined;
  // The sandbox takes no money, so 'auto' offers it only where nothing can be sold for real: no
  // gateway has keys and the app is not served over https (a laptop, a trial on a LAN). A public
  // server (https) without keys sells nothing until keys are set, or PAYMENT_SANDBOX=on says so.
  const isPublic = appUrl.startsWith('https://');
  const sandbox =
    c.PAYMENT_SANDBOX === 'on' || (c.PAYMENT_SANDBOX === 'auto' && !razorpay && !phonepe && !isPublic);
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
    appUrl,
    launchPassword: c.LAUNCH_PASSWORD,
    digestHour: c.DIGEST_HOUR,
    remindersHour: c.REMINDERS_HOUR,
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
    payments: { razorpay, phonepe, sandbox },
    zoho:
      c.ZOHO_CLIENT_ID && c.ZOHO_CLIENT_SECRET
        ? {
            clientId: c.ZOHO_CLIENT_ID,
            clientSecret: c.ZOHO_CLIENT_SECRET,
            accountsUrl: c.ZOHO_ACCOUNTS_URL.replace(/\/+$/, ''),
            redirectUri: c.ZOHO_REDIRECT_URI ?? `${appUrl}/zoho`,
          }
        : undefined,
    supportChatScriptUrl: c.SUPPORT_CHAT_SCRIPT_URL,
    dataKey: c.DATA_KEY,
    dataKeyRetired: c.DATA_KEY_RETIRED,
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
