import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

/**
 * fast-check arbitraries for request bodies, built from the JSON Schema (OpenAPI 3.0 flavour)
 * that the routes' zod schemas publish in /api/v1/openapi.json: values of the right shape, and
 * the same shape mutated with what a broken or hostile client sends.
 */

/** The part of JSON Schema the app's zod schemas turn into. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** JSON text placed as is in a payload: nesting too deep to build as objects, or broken JSON. */
export class RawJson {
  constructor(readonly text: string) {}
}

const RAW_MARK = `raw-${randomUUID()}-`;

/** The payload as JSON text, with every RawJson written verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text =
    JSON.stringify(value, (_key, inner: unknown) => {
      if (!(inner instanceof RawJson)) return inner;
      raws.push(inner.text);
      return `${RAW_MARK}${raws.length - 1}`;
    }) ?? '';
  if (raws.length === 0) return text;
  return text.replace(
    new RegExp(`"${RAW_MARK}(\\d+)"`, 'g'),
    (_match, index: string) => raws[Number(index)] ?? '',
  );
}

/** An object with exactly these own keys, `__proto__` included (a literal would set the prototype). */
export function withOwnKeys(base: object, pairs: ReadonlyArray<readonly [string, unknown]>): object {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of pairs) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

// ---- What a broken or hostile client sends ----------------------------------------------------

/** Text no database stores: NUL and halves of surrogate pairs (a cut emoji). */
export const INVALID_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00',
  'x\ud800y',
  '\udbff\udbff',
  'cut \ud83d',
];

/** Valid but awkward Unicode: bidi controls, emoji sequences, combining marks, zero-width, separators. */
export const UNICODE_EDGES = [
  '\u202eevil\u202c',
  '\u200f\u0645\u0631\u062d\u0628\u0627\u200e',
  '\u{1F469}\u{1F3FD}\u200d\u2695\ufe0f',
  'e\u0301\u0308\u0327',
  '\u200b\u200c\u200d\u2060\ufeff',
  '\u2028\u2029',
  '\u0928\u092e\u0938\u094d\u0924\u0947',
  '\u{1D54F}\u{1D54F}',
  'Z\u0337\u0322\u031ba\u0336l\u0334g\u0335o\u0338',
  '\uffff\ufffe',
  ' ',
  '\t\n\r',
  '%s%n%x',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
];

export const IMPOSSIBLE_DATES = [
  '2001-02-30',
  '2030-04-31',
  '2023-02-29',
  '0000-01-01',
  '2024-13-01',
  '2024-00-00',
  '9999-12-32',
  '+275760-09-13',
  '-000001-01-01',
  '2024-1-1',
  ' 2024-01-01',
  '2024-01-01T25:61:00Z',
  '99999-01-01',
];

const NUMBER_LIKE_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '0x1F',
  '1_000',
  '\u0663',
  '4.0',
  ' 42 ',
];
const AWKWARD_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  5e-324,
  4.000001,
];

/** Keys that poison prototypes or shadow Object's own methods. */
export const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '',
];

const keyArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_TEXT, ...UNICODE_EDGES) },
);

const hugeText = fc
  .tuple(
    fc.integer({ min: 1_000, max: 100_000 }),
    fc.constantFrom('x', '\u00e9', '\u{1F600}', 'a ', '\u0000', '\ud800'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** A megabyte of text (more in UTF-8): at or past the body limit, and past every field's limit. */
const megaText = fc
  .constantFrom('x', '\u00e9', '\u{1F600}', '\u0000', 'a\u0301')
  .map((unit) => unit.repeat(Math.ceil(1_048_576 / unit.length)));

/** A run of emoji long enough that cutting it at a length limit can split a surrogate pair. */
export const emojiRun = fc.integer({ min: 40, max: 600 }).map((n) => `a${'\u{1F600}'.repeat(n)}`);

const deepNesting = fc
  .tuple(fc.integer({ min: 20, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

const poisonedObject = fc
  .tuple(fc.constantFrom(...DANGEROUS_KEYS), fc.jsonValue({ maxDepth: 1 }))
  .map(([key, value]) =>
    withOwnKeys({}, [[key, key === 'constructor' ? { prototype: { polluted: true } } : value]]),
  );

/** Text: random, invalid, awkward, huge, impossible dates and numbers written as text. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 6, arbitrary: fc.constantFrom(...INVALID_TEXT) },
  { weight: 6, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 6, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
  { weight: 6, arbitrary: fc.constantFrom(...NUMBER_LIKE_TEXT) },
  { weight: 6, arbitrary: hugeText },
  { weight: 6, arbitrary: emojiRun },
  // Rare: each costs a megabyte through the parser.
  { weight: 1, arbitrary: megaText },
);

/** Any value in a place that expected something else. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom(...AWKWARD_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: poisonedObject },
);

/** Whole bodies that are not the expected object at all, or not JSON. */
export const nastyBody: fc.Arbitrary<unknown> = fc.oneof(
  nastyValue,
  fc.constantFrom(
    new RawJson('{'),
    new RawJson('{"a":}'),
    new RawJson('[1,]'),
    new RawJson('nul'),
    new RawJson('"\\ud800"'),
    new RawJson('{"\\ud800":1}'),
    new RawJson('{"a":"\\u0000"}'),
    new RawJson('{"__proto__":{"isAdmin":true}}'),
    new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
    new RawJson('{"a":1,"a":2}'),
    new RawJson('1e999999'),
    new RawJson('\ufeff{}'),
  ),
);

// ---- Values of the schema's shape -------------------------------------------------------------

export type SchemaHints = {
  /** Values worth trying for a property of this name (known ids, real dates), beside the schema's own. */
  byName(name: string): fc.Arbitrary<unknown> | undefined;
  /** Ids that exist in the test's world. */
  ids: fc.Arbitrary<string>;
};

type Context = { hints: SchemaHints; mutate: boolean };

const MAX_DEPTH = 5;

/**
 * Values for `schema`. With `mutate`, any part may be swapped for a nasty value, required
 * properties may be missing and extra (also prototype-poisoning) keys may appear.
 */
export function schemaValue(schema: JsonSchema, hints: SchemaHints, mutate: boolean): fc.Arbitrary<unknown> {
  return node(schema, { hints, mutate }, undefined, 0);
}

function node(
  schema: JsonSchema,
  ctx: Context,
  name: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  const hinted = name === undefined ? undefined : ctx.hints.byName(name);
  const own = shaped(schema, ctx, name, depth);
  let value = hinted ? fc.oneof({ weight: 5, arbitrary: hinted }, { weight: 1, arbitrary: own }) : own;
  if (schema.nullable)
    value = fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) });
  return ctx.mutate ? fc.oneof({ weight: 8, arbitrary: value }, { weight: 1, arbitrary: nastyValue }) : value;
}

function shaped(
  schema: JsonSchema,
  ctx: Context,
  name: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => shaped(alternative, ctx, name, depth)));
  }
  if (schema.allOf && schema.allOf.length > 0)
    return shaped(Object.assign({}, ...schema.allOf), ctx, name, depth);
  if (depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 1 });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectValue(schema, ctx, depth);
    case 'array':
      return fc.array(node(schema.items ?? {}, ctx, undefined, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.max(Math.min(schema.maxItems ?? 5, 5), Math.min(schema.minItems ?? 0, 3)),
      });
    case 'string':
      return stringValue(schema, ctx);
    case 'integer':
      return withOutOfRange(
        fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 }),
        schema,
        ctx,
        1,
      );
    case 'number':
      return withOutOfRange(
        fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }),
        schema,
        ctx,
        0.001,
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** With `mutate`, now and then a number just outside the schema's range, or far outside any. */
function withOutOfRange(
  inRange: fc.Arbitrary<number>,
  schema: JsonSchema,
  ctx: Context,
  step: number,
): fc.Arbitrary<number> {
  if (!ctx.mutate) return inRange;
  const outside = [
    ...(schema.minimum === undefined ? [] : [schema.minimum - step]),
    ...(schema.maximum === undefined ? [] : [schema.maximum + step]),
    2 ** 31,
    -(2 ** 63),
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
  ];
  return fc.oneof({ weight: 5, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...outside) });
}

function stringValue(schema: JsonSchema, ctx: Context): fc.Arbitrary<string> {
  if (schema.format === 'uuid')
    return fc.oneof({ weight: 3, arbitrary: ctx.hints.ids }, { weight: 1, arbitrary: fc.uuid() });
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 200));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= maxLength);
    } catch {
      // A pattern JavaScript cannot read: fall back to plain text.
    }
  }
  return fc.string({ unit: 'grapheme', minLength, maxLength });
}

function objectValue(schema: JsonSchema, ctx: Context, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
    return fc.dictionary(
      ctx.mutate ? keyArbitrary : fc.string({ maxLength: 12 }),
      node(values, ctx, undefined, depth + 1),
      {
        maxKeys: 5,
      },
    );
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) model[name] = node(properties[name] ?? {}, ctx, name, depth + 1);
  const required = (schema.required ?? []).filter((name) => names.includes(name));
  // Mostly every property, optional ones too: forms send them all, and rules across fields
  // (all five inquiry fields, password twice) are only met then.
  const complete = fc.oneof(
    { weight: 3, arbitrary: fc.record(model, { noNullPrototype: true }) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: required, noNullPrototype: true }) },
  );
  if (!ctx.mutate) return complete;
  const partial = fc.record(model, { requiredKeys: [], noNullPrototype: true });
  const extras = fc.array(fc.tuple(keyArbitrary, nastyValue), { maxLength: 3 });
  return fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: complete }, { weight: 1, arbitrary: partial }),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([] as Array<[string, unknown]>) },
        { weight: 1, arbitrary: extras },
      ),
    )
    .map(([value, more]) => withOwnKeys(value, more));
}
