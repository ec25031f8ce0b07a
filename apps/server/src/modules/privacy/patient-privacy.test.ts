import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { initialsOf } from '@pgel/shared/privacy/masking';
import { clinicalCase, procedure } from '@pgel/shared/records/kinds';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, integrationTokens, patientAccessLog, records } from '../../db/schema/index';
import {
  DATA_KEY_FILE,
  dataKeyId,
  loadDataKey,
  loadDataKeyRing,
  newDataKey,
  openSecret,
  sealSecret,
} from '../../platform/data-key';
import {
  buildTestApp,
  createRecordRow,
  createRecordRows,
  createUser,
  freshIp,
  get,
  post,
  recordRow,
  type TestApp,
  unique,
} from '../../test/helpers';
import { createRecordsWorld, type RecordsWorld, recordBody, validValues } from '../../test/records-world';
import {
  openDetails,
  prepareSensitiveDetails,
  sealPlaintextSensitiveDetails,
} from '../records/sensitive-details';
import { PATIENT_ACCESS_COUNT_CAP } from './patient-access.repository';
import { purgePatientIdentifiers, retentionMonths } from './retention';
import { rotateDataKey } from './rotate-data-key';

type Json = Record<string, unknown>;

/** The raw stored row, as a database dump shows it. */
async function rawRow(t: TestApp, id: string): Promise<string> {
  const result = await t.db.execute(sql`select * from records where id = ${id}`);
  return JSON.stringify(result.rows[0]);
}

describe('patient privacy (issue 15, DPDP Rules 2025 rule 6)', () => {
  let t: TestApp;
  let w: RecordsWorld;
  let key: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createRecordsWorld(t);
    key = loadDataKey({ dataKey: undefined, dataDir: t.dataDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  const student = () => w.actors.student.cookie;
  async function createCase(name: string) {
    const values: Json = { ...validValues(clinicalCase, w.refs), name };
    const response = await post(t.app, '/api/v1/records', recordBody(clinicalCase, values), {
      cookie: student(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: (response.json.record as { id: string }).id, values };
  }
  const logFor = (recordId: string) =>
    t.db.select().from(patientAccessLog).where(eq(patientAccessLog.recordId, recordId));

  it('stores the patient name, contact number and address sealed: the raw row holds none of them', async () => {
    const { id, values } = await createCase(`Ramesh ${unique('Kumar')}`);
    const raw = await rawRow(t, id);
    for (const field of ['name', 'contactNumber', 'address']) {
      expect(raw).not.toContain(String(values[field]));
    }
    const stored = await recordRow(t.db, id);
    expect(stored?.sensitiveDetails?.startsWith(`v2:${dataKeyId(key)}:`)).toBe(true);
    expect(openDetails(key, stored?.sensitiveDetails)).toEqual({
      name: values.name,
      contactNumber: values.contactNumber,
      address: values.address,
    });
  });

  it('seals rows stored in plaintext before, once (idempotent), and they still read in full', async () => {
    const name = `Legacy ${unique('Patient')}`;
    const id = await createRecordRow(t.db, {
      kind: 'clinical-case',
      studentId: w.actors.student.id,
      placement: w.medicine,
      details: {},
    });
    await t.db.execute(
      sql`update records set sensitive_details = ${JSON.stringify({ name, address: 'Old Lane 4' })} where id = ${id}`,
    );
    expect(await rawRow(t, id)).toContain(name);
    // Written by an older server during a rolling upgrade: read as it is until the next start seals it.
    expect(openDetails(key, JSON.stringify({ name, address: 'Old Lane 4' }))).toEqual({
      name,
      address: 'Old Lane 4',
    });
    const before = await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json.details).toMatchObject({ name, address: 'Old Lane 4' });
    expect(await sealPlaintextSensitiveDetails(t.db, key)).toBeGreaterThanOrEqual(1);
    expect(await rawRow(t, id)).not.toContain(name);
    expect(await sealPlaintextSensitiveDetails(t.db, key)).toBe(0);
    expect(await prepareSensitiveDetails(t.db, key)).toBe(0);
    // The start refuses another key rather than serve records it cannot open.
    await expect(prepareSensitiveDetails(t.db, newDataKey())).rejects.toThrow(
      /not the key the patient details were sealed with.*data\.key\.next/s,
    );
    const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect((detail.json.details as Json).name).toBe(name);
  });

  it('lists show initials only; the detail shows the patient in full to the student and the verifier, masked to others', async () => {
    const name = `Ramesh ${unique('Kumar')}`;
    const { id, values } = await createCase(name);
    const list = await get(t.app, '/api/v1/records?kind=clinical-case&pageSize=20', { cookie: student() });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(name);
    expect(list.body).not.toContain(String(values.contactNumber));

    for (const who of ['student', 'faculty', 'hod'] as const) {
      const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors[who].cookie });
      expect(detail.json.details).toMatchObject({
        name,
        contactNumber: values.contactNumber,
        address: values.address,
      });
    }
    for (const who of ['master', 'admin'] as const) {
      const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors[who].cookie });
      expect(detail.statusCode).toBe(200);
      expect((detail.json.details as Json).name).toBe(initialsOf(name));
      expect(detail.json.details).not.toHaveProperty('contactNumber');
      expect(detail.json.details).not.toHaveProperty('address');
      expect(detail.body).not.toContain(name);
    }
    expect(initialsOf('Ramesh Kumar')).toBe('R. K.');
  });

  it("masks a procedure's patient name in the list and to those who may not see it", async () => {
    const patient = `Sita ${unique('Devi')}`;
    const values: Json = { ...validValues(procedure, w.refs), patient };
    const created = await post(t.app, '/api/v1/records', recordBody(procedure, values), {
      cookie: student(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json.record as { id: string }).id;
    const list = await get(t.app, '/api/v1/records?kind=procedure&pageSize=20', {
      cookie: w.actors.faculty.cookie,
    });
    const item = (list.json.items as Array<{ id: string; details: Json }>).find((i) => i.id === id);
    expect(item?.details.patient).toBe(initialsOf(patient));
    expect(list.body).not.toContain(patient);
    const own = await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    expect((own.json.details as Json).patient).toBe(patient);
    const master = await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors.master.cookie });
    expect((master.json.details as Json).patient).toBe(initialsOf(patient));
    // The audit log never holds it.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(JSON.stringify(audit)).not.toContain(patient);
  });

  it("keeps a clinical case's patient id (and every other identifier) out of the audit log", async () => {
    const patientId = `PID-${unique('case')}`;
    const values: Json = { ...validValues(clinicalCase, w.refs), name: `Audit ${unique('Case')}`, patientId };
    const created = await post(t.app, '/api/v1/records', recordBody(clinicalCase, values), {
      cookie: student(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json.record as { id: string }).id;
    expect(((await recordRow(t.db, id))?.details as Json | undefined)?.patientId).toBe(patientId);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(audit);
    for (const value of [patientId, values.name, values.contactNumber, values.address]) {
      expect(text).not.toContain(String(value));
    }
  });

  it('migration 0017 strips patient names and patient ids from audit rows written before', async () => {
    const { id } = await createCase(`Migrated ${unique('Patient')}`);
    const state = (details: Json, kind: string) => ({ id, kind, status: 'pending', details });
    const [old] = await t.db
      .insert(auditLog)
      .values([
        {
          action: 'record.update',
          entity: 'record',
          entityId: id,
          before: state({ patient: 'Old Sita Devi', ipd: 'IPD-7' }, 'procedure'),
          after: state({ patientId: 'OLD-PID-9', diagnosis: 'Malaria' }, 'clinical-case'),
        },
        {
          action: 'user.update',
          entity: 'user',
          entityId: id,
          after: { details: { patient: 'Not a record' } },
        },
      ])
      .returning({ id: auditLog.id });
    const file = path.join(import.meta.dirname, '../../db/migrations/0017_audit_patient_identifiers.sql');
    await t.db.execute(sql.raw(readFileSync(file, 'utf8')));
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, old?.id ?? ''));
    expect(row?.before).toEqual(state({ ipd: 'IPD-7' }, 'procedure'));
    expect(row?.after).toEqual(state({ diagnosis: 'Malaria' }, 'clinical-case'));
    const [other] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.entity, 'user')));
    expect(other?.after).toEqual({ details: { patient: 'Not a record' } });
  });

  it('writes every full view to the access log (who, whose, which, when, from where); masked views are not', async () => {
    const { id } = await createCase(`Log ${unique('Patient')}`);
    expect(await logFor(id)).toHaveLength(0); // the create's own answer is not a view
    const ip = freshIp();
    await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors.faculty.cookie, remoteAddress: ip });
    await get(t.app, `/api/v1/records/${id}`, { cookie: student() });
    await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors.master.cookie });
    const rows = await logFor(id);
    expect(rows.map((r) => r.viewerId).sort()).toEqual([w.actors.faculty.id, w.actors.student.id].sort());
    expect(rows.every((r) => r.studentId === w.actors.student.id)).toBe(true);
    expect(rows.find((r) => r.viewerId === w.actors.faculty.id)?.ip).toBe(ip);
  });

  it('GET /patient-access-log: Master only, paged, filterable by student and by viewer', async () => {
    const { id } = await createCase(`Paged ${unique('Patient')}`);
    for (let i = 0; i < 3; i += 1) {
      await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors.hod.cookie });
    }
    expect((await get(t.app, '/api/v1/patient-access-log')).statusCode).toBe(401);
    for (const who of ['student', 'faculty', 'hod', 'admin'] as const) {
      const refused = await get(t.app, '/api/v1/patient-access-log', { cookie: w.actors[who].cookie });
      expect(refused.statusCode).toBe(403);
    }
    const byHod = await get(t.app, `/api/v1/patient-access-log?viewerId=${w.actors.hod.id}&pageSize=5`, {
      cookie: w.actors.master.cookie,
    });
    expect(byHod.statusCode, byHod.body).toBe(200);
    expect(byHod.json).toMatchObject({ page: 1, pageSize: 5 });
    expect(byHod.json.total).toBeGreaterThanOrEqual(3);
    const items = byHod.json.items as Json[];
    expect(items[0]).toMatchObject({
      viewerId: w.actors.hod.id,
      viewerName: w.actors.hod.name,
      viewerRole: 'hod',
      studentId: w.actors.student.id,
      studentName: w.actors.student.name,
      recordId: id,
      kind: 'clinical-case',
    });
    const byOtherStudent = await get(
      t.app,
      `/api/v1/patient-access-log?studentId=${w.actors.otherStudent.id}`,
      {
        cookie: w.actors.master.cookie,
      },
    );
    expect(byOtherStudent.json).toMatchObject({ total: 0, items: [] });
    // A long log is counted only up to the cap, not in full on every page.
    const busy = await createUser(t.db, { role: 'professor' });
    await t.db.execute(sql`
      insert into patient_access_log (viewer_id, student_id, record_id, viewed_at)
      select ${busy.id}::uuid, ${w.actors.student.id}::uuid, ${id}::uuid, now() - make_interval(secs => g)
      from generate_series(1, ${PATIENT_ACCESS_COUNT_CAP + 5}) as g`);
    const capped = await get(t.app, `/api/v1/patient-access-log?viewerId=${busy.id}&pageSize=5`, {
      cookie: w.actors.master.cookie,
    });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json.total).toBe(PATIENT_ACCESS_COUNT_CAP);
    expect(capped.json.items as Json[]).toHaveLength(5);
    const bad = await get(t.app, '/api/v1/patient-access-log?viewerId=nope', {
      cookie: w.actors.master.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('housekeeping keeps the access log one year', async () => {
    const { id } = await createCase(`Old ${unique('Patient')}`);
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    const entry = { viewerId: w.actors.faculty.id, studentId: w.actors.student.id, recordId: id, ip: null };
    await t.db.insert(patientAccessLog).values([
      { ...entry, viewedAt: at(400) },
      { ...entry, viewedAt: at(300) },
    ]);
    await t.app.housekeeping.runOnce();
    const left = await logFor(id);
    expect(left).toHaveLength(1);
    expect(left[0]?.viewedAt.getTime()).toBeLessThan(at(299).getTime());
  });

  it('the retention command removes the identifiers of entries verified more than N months ago, keeping the rest', async () => {
    expect(retentionMonths(undefined)).toBe(36);
    expect(retentionMonths('24')).toBe(24);
    expect(() => retentionMonths('0')).toThrow(/PATIENT_DATA_RETENTION_MONTHS/);
    const now = new Date('2030-06-15T00:00:00Z');
    const base = {
      studentId: w.actors.student.id,
      placement: w.medicine,
      status: 'approved' as const,
      verifiedById: w.actors.faculty.id,
    };
    const oldCase = await createRecordRow(t.db, {
      ...base,
      kind: 'clinical-case',
      details: { diagnosis: 'Dengue fever', patientId: 'PID-PURGE-1' },
      sensitiveDetails: { name: 'Purge Me', contactNumber: '9876500000', address: 'Lane 1' },
      verifiedAt: new Date('2027-01-01T00:00:00Z'),
    });
    const oldProcedure = await createRecordRow(t.db, {
      ...base,
      kind: 'procedure',
      details: { patient: 'Purge Procedure', ipd: 'IPD-1', role: 'Performed' },
      verifiedAt: new Date('2026-12-01T00:00:00Z'),
    });
    const recent = await createRecordRow(t.db, {
      ...base,
      kind: 'clinical-case',
      details: { diagnosis: 'Typhoid' },
      sensitiveDetails: { name: 'Keep Me' },
      verifiedAt: new Date('2029-01-01T00:00:00Z'),
    });
    const pending = await createRecordRow(t.db, {
      ...base,
      status: 'pending',
      verifiedById: null,
      kind: 'clinical-case',
      sensitiveDetails: { name: 'Pending Patient' },
    });
    const { purged } = await purgePatientIdentifiers(t.db, { months: 36, now });
    console.log(`retention: ${purged} entries purged`);
    expect(purged).toBeGreaterThanOrEqual(2);
    const kase = await recordRow(t.db, oldCase);
    expect(kase?.sensitiveDetails).toBeNull();
    expect(kase?.identifiersPurgedAt).not.toBeNull();
    expect(kase?.details).toEqual({ diagnosis: 'Dengue fever' });
    const proc = await recordRow(t.db, oldProcedure);
    expect(proc?.details).toEqual({ ipd: 'IPD-1', role: 'Performed' });
    expect(openDetails(key, (await recordRow(t.db, recent))?.sensitiveDetails)).toEqual({ name: 'Keep Me' });
    expect(openDetails(key, (await recordRow(t.db, pending))?.sensitiveDetails)).toEqual({
      name: 'Pending Patient',
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, oldCase), eq(auditLog.action, 'record.purge-patient-identifiers')));
    expect(audit).toHaveLength(1);
    const detail = await get(t.app, `/api/v1/records/${oldCase}`, { cookie: student() });
    expect(detail.json.details).toEqual({ diagnosis: 'Dengue fever' });
    // Run again: nothing more.
    expect((await purgePatientIdentifiers(t.db, { months: 36, now })).purged).toBe(0);
  });

  it('the retention command works in batches: each batch its own transaction, every entry purged once', async () => {
    const now = new Date('2031-06-15T00:00:00Z');
    const ids = await createRecordRows(
      t.db,
      Array.from({ length: 5 }, (_, i) => ({
        kind: i % 2 === 0 ? 'procedure' : 'clinical-case',
        studentId: w.actors.student.id,
        placement: w.medicine,
        status: 'approved' as const,
        verifiedById: w.actors.faculty.id,
        verifiedAt: new Date('2028-03-01T00:00:00Z'),
        details:
          i % 2 === 0 ? { patient: `Batch Patient ${i}`, ipd: `IPD-${i}` } : { patientId: `PID-B${i}` },
        ...(i % 2 === 0 ? {} : { sensitiveDetails: { name: `Batch Case ${i}` } }),
      })),
    );
    // The earlier test's run left none due; these five go in three batches of two.
    const { purged } = await purgePatientIdentifiers(t.db, { months: 36, now, batch: 2 });
    console.log(`retention in batches of 2: ${purged} entries purged`);
    expect(purged).toBe(5);
    for (const [i, id] of ids.entries()) {
      const row = await recordRow(t.db, id);
      expect(row?.sensitiveDetails).toBeNull();
      expect(row?.details).toEqual(i % 2 === 0 ? { ipd: `IPD-${i}` } : {});
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'record.purge-patient-identifiers')));
      expect(audits).toHaveLength(1);
    }
    expect((await purgePatientIdentifiers(t.db, { months: 36, now, batch: 2 })).purged).toBe(0);
  });
});

describe('data key rotation (npm run rotate-data-key)', () => {
  let t: TestApp;
  let w: RecordsWorld;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createRecordsWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reseals every patient detail and the CRM token with a new key written to DATA_DIR/data.key', async () => {
    const oldKey = loadDataKey({ dataKey: undefined, dataDir: t.dataDir });
    const [id = '', ...others] = await createRecordRows(
      t.db,
      ['Rotated Patient', 'Second Patient', 'Third Patient', 'Fourth Patient'].map((name) => ({
        kind: 'clinical-case',
        studentId: w.actors.student.id,
        placement: w.medicine,
        sensitiveDetails: { name },
      })),
    );
    await t.db
      .insert(integrationTokens)
      .values({ provider: 'zoho', sealedToken: sealSecret(oldKey, '{"refreshToken":"r-1"}') })
      .onConflictDoNothing();
    const printed: string[] = [];
    const result = await rotateDataKey({
      db: t.db,
      dataKey: undefined,
      dataDir: t.dataDir,
      print: (l) => printed.push(l),
      batch: 2,
    });
    console.log(`rotation: ${result.records} records, ${result.tokens} tokens resealed`);
    const file = path.join(t.dataDir, DATA_KEY_FILE);
    const newKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    expect(newKey.equals(oldKey)).toBe(false);
    expect(existsSync(`${file}.retired-${dataKeyId(oldKey)}`)).toBe(true);
    expect(existsSync(`${file}.next`)).toBe(false);
    expect(result).toMatchObject({ oldKeyId: dataKeyId(oldKey), newKeyId: dataKeyId(newKey) });
    expect(result.records).toBeGreaterThanOrEqual(4);
    for (const [i, other] of others.entries()) {
      const sealed = (await recordRow(t.db, other))?.sensitiveDetails ?? '';
      expect(sealed.startsWith(`v2:${dataKeyId(newKey)}:`)).toBe(true);
      expect(openDetails(newKey, sealed).name).toBe(['Second Patient', 'Third Patient', 'Fourth Patient'][i]);
    }
    expect(result.tokens).toBe(1);
    const stored = (await recordRow(t.db, id))?.sensitiveDetails;
    expect(stored?.startsWith(`v2:${dataKeyId(newKey)}:`)).toBe(true);
    expect(openDetails(newKey, stored)).toEqual({ name: 'Rotated Patient' });
    expect(() => openDetails(oldKey, stored)).toThrow(/cannot be opened/);
    const [token] = await t.db.select().from(integrationTokens).where(eq(integrationTokens.provider, 'zoho'));
    expect(openSecret(newKey, token?.sealedToken ?? '')).toBe('{"refreshToken":"r-1"}');
    expect(printed.join('\n')).not.toContain(newKey.toString('base64'));

    // The app server still running holds the old key: the row it writes now is sealed with it.
    // Restarted with the new key, it opens that row with the retired key kept beside data.key.
    const { id: lateId, values: late } = await (async () => {
      const values: Json = { ...validValues(clinicalCase, w.refs), name: `Late ${unique('Patient')}` };
      const response = await post(t.app, '/api/v1/records', recordBody(clinicalCase, values), {
        cookie: w.actors.student.cookie,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { id: (response.json.record as { id: string }).id, values };
    })();
    const lateSealed = (await recordRow(t.db, lateId))?.sensitiveDetails ?? '';
    expect(lateSealed.startsWith(`v2:${dataKeyId(oldKey)}:`)).toBe(true);
    expect(() => openDetails(newKey, lateSealed)).toThrow(/cannot be opened/);
    const ring = loadDataKeyRing({ dataKey: undefined, dataDir: t.dataDir });
    expect(ring.current.equals(newKey)).toBe(true);
    expect(await prepareSensitiveDetails(t.db, ring)).toBe(0);
    expect(openDetails(ring, lateSealed).name).toBe(late.name);
    // The same from DATA_KEY and DATA_KEY_RETIRED, for servers that take their key from the environment.
    const envRing = loadDataKeyRing({
      dataKey: newKey.toString('base64'),
      dataDir: path.join(t.dataDir, 'no-such-folder'),
      retiredKeys: ` ${newDataKey().toString('base64')}, ${oldKey.toString('base64')} `,
    });
    expect(openDetails(envRing, lateSealed).name).toBe(late.name);
    expect(() =>
      openDetails(
        loadDataKeyRing({ dataKey: newKey.toString('base64'), dataDir: path.join(t.dataDir, 'none') }),
        lateSealed,
      ),
    ).toThrow(/cannot be opened/);

    // With DATA_KEY from the environment the new key is printed, no file is written; a wrong
    // key changes nothing (all or nothing).
    const envKey = newKey.toString('base64');
    const envLines: string[] = [];
    const fromEnv = await rotateDataKey({
      db: t.db,
      dataKey: envKey,
      dataDir: t.dataDir,
      print: (l) => envLines.push(l),
    });
    expect(envLines[0]).toContain(fromEnv.newKey.toString('base64'));
    expect(readFileSync(file, 'utf8').trim()).toBe(envKey);
    const before = await t.db.select({ s: records.sensitiveDetails }).from(records).where(eq(records.id, id));
    await expect(
      rotateDataKey({
        db: t.db,
        dataKey: newDataKey().toString('base64'),
        dataDir: t.dataDir,
        print: () => {},
      }),
    ).rejects.toThrow(/cannot be opened/);
    expect(
      await t.db.select({ s: records.sensitiveDetails }).from(records).where(eq(records.id, id)),
    ).toEqual(before);
    expect(openDetails(fromEnv.newKey, before[0]?.s)).toEqual({ name: 'Rotated Patient' });
    // The next rotation reseals the row the old server wrote too (opened with the retired key).
    const lateNow = (await recordRow(t.db, lateId))?.sensitiveDetails ?? '';
    expect(lateNow.startsWith(`v2:${dataKeyId(fromEnv.newKey)}:`)).toBe(true);
    expect(openDetails(fromEnv.newKey, lateNow).name).toBe(late.name);
    expect(envLines.join('\n')).toContain('DATA_KEY_RETIRED');

    // A rotation that committed but stopped before moving its key file into place: the start's
    // refusal names the file that holds the new key.
    writeFileSync(path.join(t.dataDir, `${DATA_KEY_FILE}.next`), 'left over\n');
    await expect(
      prepareSensitiveDetails(t.db, loadDataKey({ dataKey: undefined, dataDir: t.dataDir })),
    ).rejects.toThrow(/data\.key\.next/);
  });
});
