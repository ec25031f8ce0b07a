import { procedure } from '@pgel/shared/records/kinds';
import { type PrintBlock, type PrintLogbook, PrintLogbookSchema } from '@pgel/shared/reports/print';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, type TestApp } from '../../test/helpers';
import { readPdf } from '../../test/pdf-reader';
import {
  type RecordsWorld,
  recordBody,
  validValues,
  verifyInputFor,
  withRecordsWorld,
} from '../../test/records-world';

type Json = Record<string, unknown>;
type TableBlock = Extract<PrintBlock, { type: 'table' }>;

/** The procedures table of a printed logbook (the first table of the Procedures section). */
function proceduresTable(logbook: PrintLogbook): TableBlock {
  const block = logbook.sections
    .find((section) => section.key === 'procedures')
    ?.blocks.find((b): b is TableBlock => b.type === 'table' && b.heading === procedure.menuTitle);
  if (!block) throw new Error('no procedures table');
  return block;
}

/** Today in India as DD-MM-YYYY: the day an entry reset now is amended on. */
function indiaToday(): string {
  const [y, m, d] = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

// Issue 27: what the logbook shows as evidence. The role the verifier confirmed is the one
// /reports, the CSV, the printable logbook and the PDF show (the logged one until verified); an
// entry reset since its verification is marked amended with the day.
describe('the logbook as evidence: confirmed roles and amended entries', () => {
  let t: TestApp;
  let w: RecordsWorld;
  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });
  /** A procedure logged as Performed Independently and confirmed as Performed with Guide. */
  let changed: string;
  /** A procedure logged as Assisted, still pending. */
  let pending: string;
  /** Verified, then reset with a reason: pending again, amended. */
  let amended: string;
  /** Verified, reset and verified again: evidence again, still marked amended. */
  let reverified: string;

  beforeAll(async () => {
    const create = async (role: string) => {
      const response = await post(
        t.app,
        '/api/v1/records',
        recordBody(procedure, { ...validValues(procedure, w.refs), role }),
        { cookie: w.actors.student.cookie },
      );
      expect(response.statusCode, response.body).toBe(201);
      return (response.json.record as { id: string }).id;
    };
    const faculty = { cookie: w.actors.faculty.cookie };
    const verify = async (id: string, extra: Json = {}) => {
      const body = {
        status: 'approved',
        remark: 'Done under supervision',
        ...verifyInputFor(procedure, {}),
        ...extra,
      };
      const response = await post(t.app, `/api/v1/records/${id}/verification`, body, faculty);
      expect(response.statusCode, response.body).toBe(200);
    };
    const reset = async (id: string) => {
      const response = await post(
        t.app,
        `/api/v1/records/${id}/reset`,
        { reason: 'Wrong IPD number' },
        faculty,
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    changed = await create('Performed Independently');
    pending = await create('Assisted');
    amended = await create('Observed');
    reverified = await create('Observed');
    await verify(changed, { confirmedRole: 'Performed with Guide' });
    await verify(amended);
    await reset(amended);
    await verify(reverified);
    await reset(reverified);
    await verify(reverified);
  });

  it('/reports shows the confirmed role, the logged one while pending, and none for other kinds', async () => {
    const response = await get(t.app, '/api/v1/reports?pageSize=20', { cookie: w.actors.hod.cookie });
    expect(response.statusCode).toBe(200);
    const byId = new Map((response.json.items as Json[]).map((item) => [item.id, item]));
    expect(byId.get(changed)?.role).toBe('Performed with Guide');
    expect(byId.get(pending)?.role).toBe('Assisted');
    // Reset: the confirmed role is cleared with the verification, so the logged one shows again.
    expect(byId.get(amended)?.role).toBe('Observed');
  });

  it('the CSV has a Role column with the same roles', async () => {
    const response = await get(t.app, '/api/v1/reports/export.csv?menu=procedure', {
      cookie: w.actors.hod.cookie,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Department,Menu,Title / Topic,Role,Student Name,Status,Date');
    // Counted from the end: a title may hold a quoted comma.
    const roles = lines.slice(1).map((line) => `${line.split(',').at(-4)}|${line.split(',').at(-2)}`);
    expect(roles.sort()).toEqual([
      'Assisted|Pending',
      'Observed|Approved',
      'Observed|Pending',
      'Performed with Guide|Approved',
    ]);
  });

  it('the printable logbook prints the confirmed role of the verified entry, the logged one of the pending', async () => {
    const response = await get(t.app, `/api/v1/print-logbook/${w.actors.student.id}`, {
      cookie: w.actors.hod.cookie,
    });
    expect(response.statusCode).toBe(200);
    const table = proceduresTable(PrintLogbookSchema.parse(response.json));
    const role = table.columns.indexOf('Role');
    expect(role).toBeGreaterThanOrEqual(0);
    const roleOf = (id: string) =>
      [...table.verified, ...table.unverified].find((row) => row.id === id)?.cells[role];
    expect(table.verified.map((row) => row.id).sort()).toEqual([changed, reverified].sort());
    expect(roleOf(changed)).toBe('Performed with Guide');
    expect(table.unverified.map((row) => row.id).sort()).toEqual([amended, pending].sort());
    expect(roleOf(pending)).toBe('Assisted');
  });

  it('the printable logbook marks the amended entries with the day of the reset, verified again or not', async () => {
    const response = await get(t.app, `/api/v1/print-logbook/${w.actors.student.id}`, {
      cookie: w.actors.student.cookie,
    });
    const table = proceduresTable(PrintLogbookSchema.parse(response.json));
    const amendedOn = new Map(
      [...table.verified, ...table.unverified].map((row) => [row.id, row.amendedOn ?? null]),
    );
    expect(amendedOn.get(amended)).toBe(indiaToday());
    expect(amendedOn.get(reverified)).toBe(indiaToday());
    expect(amendedOn.get(changed)).toBeNull();
    expect(amendedOn.get(pending)).toBeNull();
    expect(table.unverified.find((row) => row.id === amended)?.status).toBe('pending');
  });

  it('the verifiable PDF prints the confirmed role (never the one changed) and marks the amended entries', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/print-logbook/${w.actors.student.id}/pdf`,
      headers: { cookie: w.actors.hod.cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = readPdf(response.rawPayload, { qr: false })
      .map((page) => page.text)
      .join('\n');
    expect(text).toContain('Assisted');
    expect(text).not.toContain('Independently');
    // Both amended entries carry the mark and the day: the one verified again in the Amended
    // column, the pending one in its Status cell. (A narrow column may wrap inside a word.)
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain(`Amended${indiaToday()}`);
    expect(flat).toContain(`Pending(amended${indiaToday()})`);
  });
});
