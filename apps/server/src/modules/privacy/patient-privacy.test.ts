import { existsSync, readFileSync } from 'node:fs';
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
  newDataKey,
  openSecret,
  sealSecret,
} from '../../platform/data-key';
import {
  buildTestApp,
  createRecordRow,
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
    expect(await sealPlaintextSensitiveDetails(t.db, key)).toBeGreaterThanOrEqual(1);
    expect(await rawRow(t, id)).not.toContain(name);
    expect(await sealPlaintextSensitiveDetails(t.db, key)).toBe(0);
    expect(await prepareSensitiveDetails(t.db, key)).toBe(0);
    // The start refuses another key rather than serve records it cannot open.
    await expect(prepareSensitiveDetails(t.db, newDataKey())).rejects.toThrow(
      /not the key the patient details were sealed with/,
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
      details: { diagnosis: 'Dengue fever' },
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
    const id = await createRecordRow(t.db, {
      kind: 'clinical-case',
      studentId: w.actors.student.id,
      placement: w.medicine,
      sensitiveDetails: { name: 'Rotated Patient' },
    });
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
    });
    console.log(`rotation: ${result.records} records, ${result.tokens} tokens resealed`);
    const file = path.join(t.dataDir, DATA_KEY_FILE);
    const newKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    expect(newKey.equals(oldKey)).toBe(false);
    expect(existsSync(`${file}.retired-${dataKeyId(oldKey)}`)).toBe(true);
    expect(existsSync(`${file}.next`)).toBe(false);
    expect(result).toMatchObject({ oldKeyId: dataKeyId(oldKey), newKeyId: dataKeyId(newKey) });
    expect(result.records).toBeGreaterThanOrEqual(1);
    expect(result.tokens).toBe(1);
    const stored = (await recordRow(t.db, id))?.sensitiveDetails;
    expect(stored?.startsWith(`v2:${dataKeyId(newKey)}:`)).toBe(true);
    expect(openDetails(newKey, stored)).toEqual({ name: 'Rotated Patient' });
    expect(() => openDetails(oldKey, stored)).toThrow(/cannot be opened/);
    const [token] = await t.db.select().from(integrationTokens).where(eq(integrationTokens.provider, 'zoho'));
    expect(openSecret(newKey, token?.sealedToken ?? '')).toBe('{"refreshToken":"r-1"}');
    expect(printed.join('\n')).not.toContain(newKey.toString('base64'));

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
  });
});
