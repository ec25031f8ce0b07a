import { patientIdentifierFields } from '@pgel/shared/privacy/masking';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { isUuid } from '@pgel/shared/schemas/common';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Pino settings as Fastify takes them (never `true`/`false`, so callers can spread and extend). */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where log lines go: anything with `write(line)` (tests pass an in-memory one). */
export type LogStream = NonNullable<LoggerOptions['stream']>;

/** What the log shows instead of a redacted value. */
export const REDACTED = '[Redacted]';

/**
 * Keys whose values are secrets wherever they sit in a logged object: every password field of the
 * shared schemas (and any other key containing "password"), tokens raw and hashed, the object
 * store's secret, and the session headers.
 */
const SECRET_KEYS = new Set(
  [
    'password',
    'currentPassword',
    'newPassword',
    'confirmPassword',
    'temporaryPassword',
    'launchPassword',
    'passwordHash',
    'token',
    'tokenHash',
    'token_hash',
    'verifyToken',
    'resetToken',
    'accessToken',
    'secret',
    'secretAccessKey',
    'cookie',
    'authorization',
    'set-cookie',
  ].map((key) => key.toLowerCase()),
);

/**
 * The patient's fields (name, contact number, address, patient id, a procedure's patient): every
 * field `patientIdentifierFields` names for a record kind, read from the registry so a new one is
 * redacted without a change here.
 */
export const PATIENT_FIELDS: readonly string[] = [...new Set(RECORD_KINDS.flatMap(patientIdentifierFields))];
const PATIENT_IN_DETAILS = new Set(PATIENT_FIELDS);
const PATIENT_ANYWHERE = new Set(
  PATIENT_FIELDS.map((f) => `patient${f.charAt(0).toUpperCase()}${f.slice(1)}`),
);
/** A record's sensitive details, as a whole (camelCase in code, snake_case as a row). */
const WHOLE_KEYS = new Set(['sensitiveDetails', 'sensitive_details']);

/** Whether the value under `key` is replaced by REDACTED; `inDetails`: the key sits in a record's `details`. */
function isRedactedKey(key: string, inDetails: boolean): boolean {
  const lower = key.toLowerCase();
  return (
    SECRET_KEYS.has(lower) ||
    lower.includes('password') ||
    WHOLE_KEYS.has(key) ||
    PATIENT_ANYWHERE.has(key) ||
    (inDetails && PATIENT_IN_DETAILS.has(key))
  );
}

type Bag = Record<string, unknown>;
const isObject = (value: unknown): value is Bag => typeof value === 'object' && value !== null;
const isPlain = (value: unknown): value is Bag => {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of a logged object with every redacted key's value replaced, at any depth; the object
 * itself when nothing is (no copy on the common path). Only plain objects and arrays are walked:
 * requests, replies and errors go through their serializers (and `REDACT_PATHS`) instead.
 */
export function redactLogObject<T>(value: T): T {
  return redactAt(value, 0, false) as T;
}

function redactAt(value: unknown, depth: number, inDetails: boolean): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = redactAt(item, depth + 1, inDetails);
      if (next !== item) {
        copy ??= value.slice();
        copy[i] = next;
      }
    });
    return copy ?? value;
  }
  if (!isPlain(value)) return value;
  let copy: Bag | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const next =
      item !== undefined && isRedactedKey(key, inDetails)
        ? REDACTED
        : redactAt(item, depth + 1, key === 'details');
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * Pino's own redaction, which runs after the serializers: the session headers of a serialized
 * request or reply (Fastify's serializers keep none today; a richer one must not leak them).
 * Everything else is redacted by key in `redactLogObject`: pino's paths cannot say "at any
 * depth", and listing each key under wildcards costs about 4 µs a path on every log line
 * (measured: 400 µs a request log line for the patient and password keys at four depths).
 */
export const REDACT_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

// A path segment that looks like one of our tokens (32 random bytes, base64url) rather than a
// word or an id: verification links carry them in the path.
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{24,}$/;

/**
 * A request's URL as the log keeps it: tokens in the path and the values of `search` (a person's
 * name, typed into a list's search box) and of secret-named query parameters replaced.
 */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at))
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) && !isUuid(segment) ? REDACTED : segment))
    .join('/');
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const key = decodeOrRaw(pair.split('=')[0] ?? '');
      return key === 'search' || isRedactedKey(key, false) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeOrRaw(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request serializer, with the URL as `urlForLog` keeps it. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: urlForLog(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The server's logger settings (pino): level, error serializers that keep data out, redaction. */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    formatters: { log: redactLogObject },
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    ...(stream ? { stream } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Errors

/** An error as it is logged; never the values a query carried. */
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The error and those it wraps (`cause`), outermost first. */
function chainOf(err: Bag): Bag[] {
  const chain: Bag[] = [];
  let current: unknown = err;
  while (isObject(current) && chain.length < 6 && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/**
 * Whether an error came from a query: the driver's error carries a SQLSTATE and a severity
 * (pg, PGlite), and Drizzle's wrapper and PGlite's error carry the statement and its `params`.
 */
function isQueryError(err: Bag): boolean {
  const code = text(err.code);
  return (text(err.severity) !== undefined && code !== undefined) || text(err.query) !== undefined;
}

/**
 * The statement's name from the first words of its SQL: `insert into "records"`,
 * `select from "users"`, `update "sessions"`; otherwise its first keyword. Identifiers only, so no
 * value written into the SQL can come along.
 */
export function statementName(query: string): string {
  const sql = query.trim().replace(/\s+/g, ' ');
  const ident = String.raw`((?:"[^"]{1,63}"|[A-Za-z_][\w$]{0,62})(?:\.(?:"[^"]{1,63}"|[A-Za-z_][\w$]{0,62}))?)`;
  const write = new RegExp(`^(insert into|update|delete from) ${ident}`, 'i').exec(sql);
  if (write?.[1] && write[2]) return `${write[1].toLowerCase()} ${write[2]}`;
  // Drizzle quotes every identifier; a bare word after `from` could be part of a literal.
  const quoted = String.raw`("[^"]{1,63}"(?:\."[^"]{1,63}")?)`;
  const read = new RegExp(String.raw`^(select|with)\b.*? from ${quoted}`, 'i').exec(sql);
  if (read?.[1] && read[2]) return `${read[1].toLowerCase()} from ${read[2]}`;
  return /^[A-Za-z]+/.exec(sql)?.[0]?.toLowerCase() ?? 'query';
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" (and anything after `params:`) without the values. */
function withoutParams(message: string): string {
  const failed = /^Failed query: ([\s\S]*?)(?:\nparams:[\s\S]*)?$/.exec(message);
  if (failed?.[1] !== undefined) return `Failed query: ${statementName(failed[1])}`;
  return message.replace(/\n?\bparams: [\s\S]*$/, '');
}

/** A stack's frames under a header we wrote: the original header repeats the message. */
function stackOf(err: Bag, header: string): string {
  const frames = (text(err.stack) ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

function typeOf(err: Bag): string {
  const ctor = (err as { constructor?: { name?: unknown } }).constructor;
  return text(ctor?.name) && ctor?.name !== 'Object' ? String(ctor?.name) : (text(err.name) ?? 'Error');
}

/**
 * A failed query as the log keeps it: its SQLSTATE (or the driver's code), the constraint, table
 * and column it names, and the statement's name. The driver's message and detail are left out:
 * PostgreSQL puts values in them ('Failing row contains (…)', 'invalid input syntax …: "…"').
 */
function serializeQueryError(chain: Bag[]): LoggedError {
  const top = chain[0] ?? {};
  const pick = (key: string) => chain.map((e) => text(e[key])).find((v) => v !== undefined);
  const query = pick('query');
  const statement = query === undefined ? undefined : statementName(query);
  const code = pick('code');
  // A driver-level failure (no SQLSTATE: a lost connection, a timeout) names itself in words the
  // driver wrote, which carry no values; a server error's own message may carry them.
  const fromDriver = chain.slice(1).find((e) => text(e.severity) === undefined && text(e.message));
  const reason = code ?? (fromDriver ? withoutParams(String(fromDriver.message)) : 'unknown');
  // Without a statement it is the connection that failed (a FATAL from the server), not a query.
  const message = statement ? `Failed query: ${statement} (${reason})` : `Database error (${reason})`;
  const details: Bag = { code, constraint: pick('constraint'), table: pick('table'), column: pick('column') };
  const type = typeOf(top);
  return {
    type,
    message,
    stack: stackOf(top, `${type}: ${message}`),
    ...(statement ? { statement } : {}),
    ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)),
  };
}

/**
 * Pino's `err` and `error` serializer. A database error keeps its code, names and statement
 * (never parameters, values or the server's message); any other error keeps its type, message
 * (without Drizzle's `params:` part), stack, code and cause. Other enumerable properties are
 * dropped: pg attaches whole clients (with connection settings) and PGlite the query's params.
 */
export function serializeError(err: unknown): LoggedError {
  return serializeAt(err, 0);
}

function serializeAt(err: unknown, depth: number): LoggedError {
  if (!isObject(err)) return { type: typeof err, message: String(err), stack: '' };
  const chain = chainOf(err);
  if (chain.some(isQueryError)) return serializeQueryError(chain);
  const type = typeOf(err);
  const message = withoutParams(text(err.message) ?? '');
  const logged: LoggedError = { type, message, stack: stackOf(err, `${type}: ${message}`) };
  if (typeof err.code === 'string' || typeof err.code === 'number') logged.code = err.code;
  if (typeof err.statusCode === 'number') logged.statusCode = err.statusCode;
  if (depth < 3 && err.cause !== undefined) logged.cause = serializeAt(err.cause, depth + 1);
  // A connection attempt to several addresses fails as one AggregateError of each attempt.
  if (depth < 3 && Array.isArray(err.errors)) {
    logged.errors = err.errors.slice(0, 5).map((inner) => serializeAt(inner, depth + 1));
  }
  return logged;
}
