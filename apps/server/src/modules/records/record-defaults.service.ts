import { type Actor, isStudent } from '@pgel/shared/auth/policies';
import type { RecordDefaults } from '@pgel/shared/records/api';
import { repeatedFields } from '@pgel/shared/records/repeat';
import { isSkillRole } from '@pgel/shared/records/roles';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import { isUuid } from '@pgel/shared/schemas/common';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './record-defaults.repository';
import { KindGate } from './record-kind-access';
import { findGuidingFaculty } from './record-options.repository';
import { requireKind } from './record-prepare';
import { asDetails } from './record-rows';
import { listSkillOptions, listSpecialityOptions } from './records.repository';

type CompetencyField = Extract<FieldDef, { input: 'remote-select' }> & {
  source: { list: 'competencies' };
};

const isCompetencyField = (field: FieldDef): field is CompetencyField =>
  field.name === 'competency' && field.input === 'remote-select' && field.source.list === 'competencies';

/** The id a stored `{ id, title }` detail points at, if it looks like one. */
function storedId(value: unknown): string | null {
  const id = asDetails(value).id;
  return typeof id === 'string' && isUuid(id) ? id.toLowerCase() : null;
}

/**
 * What a student's new entry of a kind starts with (issue 10: fewer taps for routine entries),
 * worked out on the server so it follows the student from phone to laptop. Only the student's
 * own entries are read, only non-sensitive columns, and every default is checked against what
 * the form offers today: a teacher who left or a competency since removed is not proposed. On a
 * kind that logs the resident's role, `subject` (the skill chosen) adds the role the student
 * last logged for that same skill (issue 27): a resident who now does it independently taps once.
 */
export class RecordDefaultsService {
  constructor(private readonly deps: { db: Database }) {}

  async defaults(actor: Actor, kindId: string, subject?: string): Promise<RecordDefaults> {
    if (!isStudent(actor) || !actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const kind = requireKind(kindId);
    const db = this.deps.db;
    // A kind kept by another department (forensic) has no form for this student.
    await new KindGate(db, actor).require(kind, 'write');
    const scope = { collegeId: actor.collegeId, departmentId: actor.departmentId };
    const latest = await repo.findLatestOwnRecord(db, { id: actor.id, ...scope }, kind.id);
    const result: RecordDefaults = { fields: {} };
    let lastTeacherOffered = false;

    if (kind.fields.some((field) => field.name === 'teacherId')) {
      const offered = async (id: string | null) =>
        id !== null && (await findGuidingFaculty(db, scope.collegeId, scope.departmentId, id)) !== undefined;
      const lastTeacher = latest?.teacherId ?? null;
      lastTeacherOffered = await offered(lastTeacher);
      if (lastTeacherOffered) result.teacherId = lastTeacher as string;
      else {
        const unitHead = await repo.findUnitHeadId(db, actor.id);
        if (await offered(unitHead)) result.teacherId = unitHead as string;
      }
    }

    const competencyField = kind.fields.find(isCompetencyField);
    const lastCompetency = latest ? storedId(asDetails(latest.details).competency) : null;
    if (competencyField && lastCompetency) {
      const row = await repo.findListedCompetency(db, scope, lastCompetency, competencyField.source.for);
      if (row) result.fields.competency = row;
    }

    if (latest) {
      const values = await this.repeatedValues(kind, scope, latest.details, {
        teacherId: lastTeacherOffered ? (latest.teacherId ?? undefined) : undefined,
        competency: result.fields.competency?.id,
      });
      if (latest.date && Object.keys(values).length > 0) result.last = { date: latest.date, values };
    }

    if (kind.role && subject) {
      const role = await repo.findLastRoleFor(db, { id: actor.id, ...scope }, kind.id, {
        subjectField: kind.role.subject,
        subjectId: subject.toLowerCase(),
        roleField: kind.role.field,
      });
      if (isSkillRole(role)) result.fields.role = role;
    }
    return result;
  }

  /**
   * Repeat last (issue 29): the values of `repeatedFields(kind)` in the student's last entry that
   * the form still offers — a choice the form no longer lists (a skill removed, a teacher who left,
   * an option renamed) is left out. Patient details and remarks are never among them.
   */
  private async repeatedValues(
    kind: RecordKind,
    scope: { collegeId: string; departmentId: string },
    stored: unknown,
    checked: { teacherId?: string | undefined; competency?: string | undefined },
  ): Promise<Record<string, string>> {
    const details = asDetails(stored);
    const values: Record<string, string> = {};
    for (const field of repeatedFields(kind)) {
      if (field.name === 'teacherId') {
        if (checked.teacherId) values.teacherId = checked.teacherId;
        continue;
      }
      const value = details[field.name];
      if (field.input === 'select') {
        const offered =
          field.options.includes(value as string) && !field.restricted?.options.includes(value as string);
        if (typeof value === 'string' && offered) values[field.name] = value;
      } else if (field.input === 'text') {
        if (typeof value === 'string' && value.trim() !== '' && value.length <= (field.maxLength ?? 200)) {
          values[field.name] = value;
        }
      } else if (field.input === 'remote-select') {
        const id = storedId(value);
        if (id === null) continue;
        const source = field.source;
        if (source.list === 'competencies') {
          if (field.name === 'competency' ? checked.competency === id : false) values[field.name] = id;
        } else if (source.list === 'skills') {
          const competency = values[source.dependsOn];
          if (!competency) continue;
          const listed = await listSkillOptions(this.deps.db, scope, competency);
          if (listed.some((row) => row.id === id)) values[field.name] = id;
        } else if (source.list === 'specialities') {
          const listed = await listSpecialityOptions(this.deps.db, scope);
          if (listed.some((row) => row.id === id)) values[field.name] = id;
        }
      }
    }
    return values;
  }
}
