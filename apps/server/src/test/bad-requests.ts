import { randomBytes } from 'node:crypto';
import { introductionSchedule, RECORD_KINDS } from '@pgel/shared/records/kinds';
import { todayIso } from '@pgel/shared/schemas/dates';
import fc from 'fast-check';
import { tinyPdf, tinyPng } from './files';
import { createRecordRows, DEFAULT_PASSWORD, type TestApp, uploadFile } from './helpers';
import {
  emojiRun,
  IMPOSSIBLE_DATES,
  INVALID_TEXT,
  type JsonSchema,
  nastyText,
  nastyValue,
  type SchemaHints,
  UNICODE_EDGES,
} from './json-schema-arbitrary';
import { type RecordsWorld, uploadDocument, validValues } from './records-world';

/** The app's write routes as its OpenAPI document describes them, and request parts to send them. */

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
type Method = Uppercase<(typeof WRITE_METHODS)[number]>;

export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** A POST, PUT, PATCH or DELETE route; `body` is its JSON body's schema (none: multipart or bodiless). */
export type WriteRoute = {
  method: Method;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
};

export function writeRoutes(document: OpenApiDocument): WriteRoute[] {
  const routes: WriteRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of WRITE_METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      routes.push({
        method: method.toUpperCase() as Method,
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** A URL segment as a client would send it; halves of surrogate pairs as their (invalid) UTF-8 bytes. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const unit = char.charCodeAt(0);
        if (char.length !== 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
        const byte = (bits: number) => `%${(0x80 | (bits & 0x3f)).toString(16).toUpperCase()}`;
        return `%ED${byte(unit >> 6)}${byte(unit)}`;
      })
      .join('');
  }
}

/** A multipart body with some text fields and one file, as FormData would send it. */
export const multipartBody = fc
  .record({
    fields: fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.oneof(fc.string(), nastyText)), {
      maxLength: 3,
    }),
    fieldName: fc.oneof({ weight: 3, arbitrary: fc.constant('file') }, fc.constantFrom('upload', '')),
    fileName: fc.oneof(fc.constantFrom('scan.pdf', 'photo.png'), nastyText, emojiRun),
    data: fc.oneof(
      { weight: 3, arbitrary: fc.constant(tinyPdf()) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)) },
    ),
  })
  .map(({ fields, fieldName, fileName, data }) => {
    const boundary = `----pgel${randomBytes(6).toString('hex')}`;
    const quote = (text: string) => text.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
    const disposition = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"`;
    const text = fields.map(([name, value]) => `${disposition(name)}\r\n\r\n${value}\r\n`).join('');
    const head = `${disposition(fieldName)}; filename="${quote(fileName.slice(0, 5000))}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(text + head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  });

/** Mostly JSON; sometimes a type the route does not read. */
export const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=zzz',
      'application/jsonx',
    ),
  },
);

/** Header-sized awkward text. */
export const shortNastyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...INVALID_TEXT, ...UNICODE_EDGES),
);

/**
 * Values that reach past the schemas into the services: ids of rows that exist (people, records,
 * reference data, files of each purpose), real dates, and record details valid for every kind.
 */
export async function worldHints(t: TestApp, w: RecordsWorld): Promise<SchemaHints> {
  const upload = async (purpose: string, data: Buffer, fileName: string) => {
    const response = await uploadFile(
      t.app,
      purpose,
      { data, fileName },
      { cookie: w.actors.student.cookie },
    );
    return (response.json.file as { id: string }).id;
  };
  const fileId = await uploadDocument(t, w.actors.student.cookie);
  const photoId = await upload('profile_photo', tinyPng(), 'me.png');
  const idProofId = await upload('id_proof', tinyPdf(), 'id.pdf');
  const recordIds = await createRecordRows(
    t.db,
    [0, 1, 2, 3].map((i) => ({
      kind: introductionSchedule.id,
      studentId: w.actors.student.id,
      placement: w.medicine,
      teacherId: w.actors.faculty.id,
      status: i === 3 ? ('approved' as const) : ('pending' as const),
      details: { topic: `Topic ${i}` },
    })),
  );
  const people = [...Object.values(w.actors), w.surgeryStudent];
  const reference = [w.refs, w.surgeryRefs].flatMap((r) => [
    r.diag.competencyId,
    r.diag.skillId,
    r.proc.competencyId,
    r.proc.skillId,
    r.specialityId,
  ]);
  const places = [w.medicine, w.surgery].flatMap((p) => [p.college.id, p.department.id, p.course.id]);
  const fileIds = [fileId, photoId, idProofId];
  // Every kind's valid details in one object: whichever kind a body names, its fields are there.
  const details: Record<string, unknown> = Object.assign(
    {},
    ...RECORD_KINDS.map((kind) => validValues(kind, w.refs, fileId)),
  );
  const dates = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(todayIso(), '2024-02-29', '2020-01-15', '1995-08-15', '2030-01-01'),
    },
    { weight: 1, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
  );
  const departments = [w.medicine.department.id, w.surgery.department.id];
  const named: Array<[RegExp, fc.Arbitrary<unknown>]> = [
    [/^kind$/, fc.constantFrom(...RECORD_KINDS.map((kind) => kind.id))],
    [
      /^details$/,
      fc
        .dictionary(fc.constantFrom(...Object.keys(details)), nastyValue, { maxKeys: 2 })
        .map((bad) => ({ ...details, ...bad })),
    ],
    [/(^dob|Date|Upto|^date)$/, dates],
    [
      /email/i,
      fc.oneof(
        fc.constantFrom(...people.map((p) => p.email)),
        fc.uuid().map((u) => `${u.slice(0, 8)}@example.org`),
      ),
    ],
    [/phone/i, fc.constantFrom('9876543210', '+919876543210', '98765-43210')],
    [
      /password/i,
      fc.oneof({ weight: 3, arbitrary: fc.constant(DEFAULT_PASSWORD) }, fc.constant('Another-Horse-7')),
    ],
    [/^sponsor$/, fc.constant('')],
    [/^(teacherId|unitHeadId)$/, fc.constantFrom(w.actors.faculty.id, w.actors.hod.id)],
    [/^studentIds$/, fc.subarray([w.actors.student.id, w.actors.otherStudent.id, w.surgeryStudent.id])],
    [/^recordIds$/, fc.subarray(recordIds)],
    [/^profilePicFileId$/, fc.constant(photoId)],
    [/^idProofFileId$/, fc.constant(idProofId)],
    [/FileId$/, fc.constant(fileId)],
    [/^competencyId$/, fc.constantFrom(w.refs.diag.competencyId, w.refs.proc.competencyId)],
    [/^departmentId$/, fc.constantFrom(...departments)],
    [/^departmentIds$/, fc.subarray(departments)],
    [/^collegeId$/, fc.constant(w.medicine.college.id)],
    [/^courseId$/, fc.constant(w.medicine.course.id)],
    [/^state$/, fc.constantFrom('Kerala', 'Delhi')],
    [
      /^text$/,
      fc
        .array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 3 })
        .map((a) => a.join(', ')),
    ],
  ];
  return {
    ids: fc.constantFrom(...people.map((p) => p.id), ...recordIds, ...reference, ...places, ...fileIds),
    byName: (name) => named.find(([pattern]) => pattern.test(name))?.[1],
  };
}
