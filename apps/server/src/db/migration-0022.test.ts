import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPlacement, createUser, type TestApp } from '../test/helpers';
import { auditLog, users } from './schema/index';

/**
 * Migration 0022's data rules (docs/decisions/016), run again on rows made as the app made them
 * before it: which existing accounts wait for confirmation, and which must choose a password.
 */
const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations/0022_verifier_confirmation.sql',
);

/** The migration's UPDATE statements (the data rules), in order. */
function dataRules(): string[] {
  return readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.startsWith('UPDATE'));
}

describe('migration 0022: existing student-made verifiers and mailed passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds back what a student made unless Master or an HOD acted on it; asks for a password where someone else chose it', async () => {
    const placement = await createPlacement(t.db);
    const student = await createUser(t.db, { placement, verifyByHod: true });
    const hod = await createUser(t.db, { role: 'hod', placement });
    const master = await createUser(t.db, { role: 'master' });
    const made = async (role: 'professor' | 'drp_coordinator', addedById: string) => {
      const user = await createUser(t.db, { role, placement: role === 'professor' ? placement : undefined });
      await t.db.update(users).set({ addedById }).where(eq(users.id, user.id));
      return user.id;
    };
    const audit = (actorId: string | null, action: string, entityId: string, at = new Date()) =>
      t.db.insert(auditLog).values({ actorId, action, entity: 'user', entityId, createdAt: at });

    const proposed = await made('professor', student.id);
    const verifiedByMaster = await made('professor', student.id);
    await audit(master.id, 'staff.verify', verifiedByMaster);
    const assignedByHod = await made('professor', student.id);
    await audit(hod.id, 'staff.assign', assignedByHod);
    const named = await made('drp_coordinator', student.id);
    const addedByHod = await made('professor', hod.id);
    const changedOwnPassword = await made('professor', hod.id);
    await audit(changedOwnPassword, 'auth.password_changed', changedOwnPassword);
    const resetAfterChange = student.id;
    await audit(resetAfterChange, 'auth.password_changed', resetAfterChange, new Date(Date.now() - 60_000));
    await audit(master.id, 'student.password.reset', resetAfterChange);
    const other = await createUser(t.db, { placement, verifyByHod: true });
    await audit(master.id, 'student.password.reset', other.id, new Date(Date.now() - 60_000));
    await audit(other.id, 'auth.password_changed', other.id);

    const ids = [
      proposed,
      verifiedByMaster,
      assignedByHod,
      named,
      addedByHod,
      changedOwnPassword,
      student.id,
      other.id,
    ];
    await t.db
      .update(users)
      .set({ confirmation: 'confirmed', mustChangePassword: false })
      .where(inArray(users.id, ids));
    for (const statement of dataRules()) await t.db.execute(sql.raw(statement));

    const rows = await t.db
      .select({
        id: users.id,
        confirmation: users.confirmation,
        mustChangePassword: users.mustChangePassword,
      })
      .from(users)
      .where(inArray(users.id, ids));
    const state = (id: string) => {
      const row = rows.find((r) => r.id === id);
      return [row?.confirmation, row?.mustChangePassword];
    };
    expect(dataRules()).toHaveLength(2);
    expect({
      proposed: state(proposed),
      verifiedByMaster: state(verifiedByMaster),
      assignedByHod: state(assignedByHod),
      named: state(named),
      addedByHod: state(addedByHod),
      changedOwnPassword: state(changedOwnPassword),
      resetAfterChange: state(resetAfterChange),
      changedAfterReset: state(other.id),
    }).toEqual({
      proposed: ['awaiting', true],
      verifiedByMaster: ['confirmed', true],
      assignedByHod: ['confirmed', true],
      named: ['awaiting', true],
      addedByHod: ['confirmed', true],
      changedOwnPassword: ['confirmed', false],
      resetAfterChange: ['confirmed', true],
      changedAfterReset: ['confirmed', false],
    });
  });
});
