import { NOT_SCORED } from '@pgel/server/modules/records/records.scoring';
import { rubricOverall } from '@pgel/shared/records/scales';
import { isSearchableColumn, MAX_SEARCH_TEXT, searchableValues } from '@pgel/shared/records/search-text';
import {
  COMMON_FIELDS,
  type ColumnDef,
  type FieldDef,
  RECORD_STATUS_LABELS,
  type RecordKind,
} from '@pgel/shared/records/types';
import {
  CHECKLIST_PER_STUDENT,
  COMPETENCIES_PER_TYPE,
  COMPETENCY_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  SENTENCES,
  SKILLS_PER_COMPETENCY,
  SPECIALITIES_PER_DEPARTMENT,
  VERIFIER_REMARKS,
} from './scale';

/**
 * One INSERT … SELECT per record kind and chunk of colleges: the kind's fields become SQL
 * expressions over a row's hash `h`, so every value (details, summary, the search text the app
 * would write, score) is computed by PostgreSQL. The search text follows `recordSearchText`
 * column by column (checked against the app's own function after a run, see generate.ts).
 */

export function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function textArray(values: readonly string[]): string {
  return `array[${values.map(lit).join(',')}]::text[]`;
}

const PRIMES = [
  2654435761, 2246822519, 3266489917, 668265263, 374761393, 1181783497, 2048144777, 1597334677, 3812015801,
  2860486313, 1500450271, 3367900313, 1743261227, 2198733977, 1190494759, 2305843009,
];

/** A pseudo-random 0..mod-1 from the row's hash (`alias.h`), a different one per `k`. */
export function mix(alias: string, k: number, mod: number | string): string {
  const prime = PRIMES[k % PRIMES.length] as number;
  return `(((${alias}.h * ${prime % 2147483647} + ${k * 7919}) >> 13) % ${mod})`;
}

type Value = {
  /** What `details` stores (a text, number or jsonb SQL expression). */
  json: string;
  /** What the report table shows of it, as `valueTexts` / `dateTexts` read it. */
  texts: (dateFormat: boolean) => string[];
};

const SCORE_K = 40;

function pick(values: readonly string[], index: string): string {
  return `(${textArray(values)})[1 + ${index}]`;
}

function dateValue(expr: string): Value {
  return {
    json: `to_char(${expr}, 'YYYY-MM-DD')`,
    texts: (dateFormat) =>
      dateFormat
        ? [`to_char(${expr}, 'DD-MM-YYYY')`, `to_char(${expr}, 'YYYY-MM-DD')`]
        : [`to_char(${expr}, 'YYYY-MM-DD')`],
  };
}

function textValue(expr: string): Value {
  return { json: expr, texts: () => [expr] };
}

function personName(k: number): string {
  return `${pick(FIRST_NAMES, mix('r', k, FIRST_NAMES.length))} || ' ' || ${pick(LAST_NAMES, mix('r', k + 1, LAST_NAMES.length))}`;
}

/** A text field's value, by what the field holds. */
function textFor(field: FieldDef, k: number): string {
  const max = 'maxLength' in field && field.maxLength ? field.maxLength : 500;
  let expr: string;
  if (field.patientName || field.name === 'patient' || field.name === 'name') expr = personName(k);
  else if (field.name === 'ipd')
    expr = `'IPD/' || lpad(${mix('r', k, 10000000)}::text, 7, '0') || '/' || (20 + ${mix('r', k + 1, 6)})`;
  else if (field.name === 'patientId') expr = `'UHID' || lpad(${mix('r', k, 100000000)}::text, 8, '0')`;
  else if (field.name === 'contactNumber') expr = `'9' || lpad(${mix('r', k, 1000000000)}::text, 9, '0')`;
  else if (['topic', 'title', 'activity', 'subject'].includes(field.name))
    expr = `'Seminar on ' || ${pick(COMPETENCY_WORDS, mix('r', k, COMPETENCY_WORDS.length))}`;
  else if (field.input === 'textarea') expr = pick(SENTENCES, mix('r', k, SENTENCES.length));
  else expr = `${lit(field.label)} || ' ' || (1 + ${mix('r', k, 500)})`;
  return `left(${expr}, ${max})`;
}

/** The index a select field's option is chosen by (the rubric score uses the same one). */
function selectIndex(kind: RecordKind, field: FieldDef & { input: 'select' }, k: number): string {
  if (kind.id === 'checklist' && field.name === 'particular') return `((r.n - 1) % ${field.options.length})`;
  return mix('r', k, field.options.length);
}

function competencyIndex(k: number): string {
  return mix('r', k, COMPETENCIES_PER_TYPE);
}

/** Each non-common, non-file field of the kind as SQL (sensitive ones too: the pool seals them in JS). */
function fieldValues(kind: RecordKind): Map<string, Value> {
  const values = new Map<string, Value>();
  const dates = new Map<string, string>();
  kind.fields.forEach((field, k) => {
    if ((COMMON_FIELDS as readonly string[]).includes(field.name)) return;
    switch (field.input) {
      case 'date': {
        const expr = field.name === kind.dateField ? 'r.d' : `(r.d + ${mix('r', k, 30)}::int)`;
        dates.set(field.name, expr);
        values.set(field.name, dateValue(expr));
        return;
      }
      case 'time':
        values.set(
          field.name,
          textValue(
            `lpad((8 + ${mix('r', k, 10)})::text, 2, '0') || ':' || lpad((15 * ${mix('r', k + 1, 4)})::text, 2, '0')`,
          ),
        );
        return;
      case 'number': {
        const span = Math.min(field.max - field.min + 1, 1000);
        const expr = `(${field.min} + ${mix('r', k, span)})`;
        values.set(field.name, { json: expr, texts: (d) => (d ? [] : [`${expr}::text`]) });
        return;
      }
      case 'select':
        values.set(field.name, textValue(pick(field.options, selectIndex(kind, field, k))));
        return;
      case 'remote-select': {
        const source = field.source;
        let expr: string;
        if (source.list === 'teachers') expr = `jsonb_build_object('id', r.tid, 'title', r.tname)`;
        else if (source.list === 'competencies') expr = `r.${source.for} -> ${competencyIndex(k)}::int`;
        else if (source.list === 'skills') {
          const parentIndex = kind.fields.findIndex((f) => f.name === source.dependsOn);
          const parent = kind.fields[parentIndex];
          const type =
            parent?.input === 'remote-select' && parent.source.list === 'competencies'
              ? parent.source.for
              : 'proc';
          expr = `r.${type}_skills -> (${competencyIndex(parentIndex)} * ${SKILLS_PER_COMPETENCY} + ${mix('r', k, SKILLS_PER_COMPETENCY)})::int`;
        } else expr = `r.spec -> ${mix('r', k, SPECIALITIES_PER_DEPARTMENT)}::int`;
        values.set(field.name, { json: expr, texts: () => [`(${expr}) ->> 'title'`] });
        return;
      }
      case 'absent-present':
        values.set(
          field.name,
          textValue(`(case when ${mix('r', k, 3)} = 0 then 'present' else 'absent' end)`),
        );
        return;
      case 'text-list': {
        const items = [0, 1].map((i) => pick(SENTENCES, mix('r', k + i, SENTENCES.length)));
        values.set(field.name, { json: `jsonb_build_array(${items.join(', ')})`, texts: () => items });
        return;
      }
      case 'computed': {
        const from = dates.get(field.from) ?? 'r.d';
        const to = dates.get(field.to) ?? 'r.d';
        const expr = `((${to}) - (${from}) + 1)`;
        values.set(field.name, { json: expr, texts: (d) => (d ? [] : [`${expr}::text`]) });
        return;
      }
      case 'file':
        return;
      default:
        values.set(field.name, textValue(textFor(field, k)));
    }
  });
  return values;
}

/** The scores a verifier may give, as a jsonb array, and the SQL picking one for a row. */
function scoreSql(kind: RecordKind): string {
  const scoring = kind.scoring;
  if (scoring.type === 'none') return `${lit(JSON.stringify(NOT_SCORED))}::jsonb`;
  if (scoring.type === 'scale') {
    const steps = scoring.scale.map((s) => ({ value: s.value, label: s.label }));
    return `(${lit(JSON.stringify(steps))}::jsonb -> ${mix('r', SCORE_K, steps.length)}::int)`;
  }
  const index = kind.fields.findIndex((f) => f.name === scoring.field);
  const field = kind.fields[index];
  if (field?.input !== 'select') throw new Error(`${kind.id}: rubric field ${scoring.field} is not a select`);
  const pool: unknown[] = [];
  field.options.forEach((option, i) => {
    const rows = Object.hasOwn(scoring.rubrics, option) ? scoring.rubrics[option] : undefined;
    for (let v = 0; v < 3; v += 1) {
      if (!rows) {
        const step = scoring.otherwise[(i + v) % scoring.otherwise.length];
        pool.push(step ? { value: step.value, label: step.label } : null);
        continue;
      }
      const values = rows.map((_, j) => Math.min(4, 1 + ((i + j + v) % 4)));
      const overall = rubricOverall(values);
      const nearest = scoring.rowScale.find((s) => s.value === Math.round(overall));
      pool.push({
        value: overall,
        label: nearest?.label ?? String(overall),
        rows: rows.map((title, j) => ({ title, value: values[j] as number })),
      });
    }
  });
  return `(${lit(JSON.stringify(pool))}::jsonb -> (${selectIndex(kind, field, index)} * 3 + ${mix('r', SCORE_K, 3)})::int)`;
}

function hasField(kind: RecordKind, name: string): boolean {
  return kind.fields.some((f) => f.name === name);
}

/** `summaryOf` in SQL: the summary field's text (a remote select's title), never a sensitive one. */
function summarySql(kind: RecordKind, values: Map<string, Value>): string {
  const field = kind.fields.find((f) => f.name === kind.summaryField);
  if (field?.sensitive) return 'null';
  if (kind.summaryField === 'studentRemark')
    return hasField(kind, 'studentRemark') ? 'left(r.sremark, 500)' : 'null';
  if (kind.summaryField === 'date') return "to_char(r.d, 'YYYY-MM-DD')";
  const value = values.get(kind.summaryField);
  if (!value) return 'null';
  if (field?.input === 'remote-select') return `left((${value.json}) ->> 'title', 500)`;
  if (field?.input === 'text-list') return `left(${value.texts(false).join(" || ', ' || ")}, 500)`;
  if (field?.input === 'number' || field?.input === 'computed') return `(${value.json})::text`;
  return `nullif(left(${value.json}, 500), '')`;
}

const KOLKATA = "(r.verified_at at time zone 'Asia/Kolkata')";

/** `recordSearchText` in SQL: each searchable column's texts, trimmed, lower-cased, one a line. */
function searchTextSql(kind: RecordKind, values: Map<string, Value>, score: string): string {
  const teacherName = hasField(kind, 'teacherId') ? 'r.tname' : 'null';
  const texts: string[] = [];
  const valueTexts = (column: ColumnDef, value: string): string[] => {
    const dateFormat = (column.format ?? (value === 'date' ? 'date' : 'text')) === 'date';
    if (value.startsWith('details.')) {
      const name = value.slice('details.'.length);
      if (name === 'institution' && kind.drpPosting) return ['r.inst_name'];
      if (name === 'state' && kind.drpPosting) return ['r.inst_state'];
      return values.get(name)?.texts(dateFormat) ?? [];
    }
    const verifiedDates = [`to_char(${KOLKATA}, 'DD-MM-YYYY')`, `to_char(${KOLKATA}, 'YYYY-MM-DD')`];
    switch (value) {
      case 'date':
        return [`to_char(r.d, 'DD-MM-YYYY')`, `to_char(r.d, 'YYYY-MM-DD')`];
      case 'teacherName':
        return [teacherName];
      case 'status':
        return [
          `(case r.status ${Object.entries(RECORD_STATUS_LABELS)
            .map(([status, label]) => `when ${lit(status)} then ${lit(label)}`)
            .join(' ')} end)`,
        ];
      case 'studentRemark':
        return [hasField(kind, 'studentRemark') ? 'r.sremark' : 'null'];
      case 'verifierRemark':
        return ['r.vremark'];
      case 'verified':
        return ['r.vname', ...verifiedDates];
      case 'verifiedByName':
        return ['r.vname'];
      case 'verifiedAt':
        return verifiedDates;
      case 'score':
        return [
          `(case when r.status = 'pending' then null else (${score}) ->> 'label' end)`,
          `(case when r.status <> 'pending' and jsonb_array_length(coalesce((${score}) -> 'rows', '[]')) > 0 then (${score}) ->> 'value' end)`,
        ];
      default:
        return [];
    }
  };
  for (const column of kind.columns) {
    if (!isSearchableColumn(kind, column)) continue;
    const list = column.values ? searchableValues(kind, column) : [column.value];
    for (const value of list) texts.push(...valueTexts(column, value));
  }
  if (texts.length === 0) return "''";
  return `left(lower(concat_ws(E'\\n', ${texts.map((t) => `nullif(btrim(${t}), '')`).join(', ')})), ${MAX_SEARCH_TEXT})`;
}

/** The JS values of a kind's sensitive fields for the sealed pool (sealDetails in generate.ts). */
export function sensitiveSample(kind: RecordKind, i: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of kind.fields) {
    if (!field.sensitive) continue;
    if (field.patientName)
      out[field.name] =
        `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;
    else if (field.name === 'contactNumber') out[field.name] = `9${String(100000000 + i * 7919).slice(-9)}`;
    else if (field.input === 'textarea')
      out[field.name] = `House ${1 + (i % 400)}, Ward ${1 + (i % 40)}, Main Road`;
    else if (field.input === 'select') out[field.name] = field.options[i % field.options.length];
    else if (field.input === 'number') out[field.name] = field.min + (i % (field.max - field.min + 1));
    else out[field.name] = `${field.label} ${1 + i}`;
  }
  return out;
}

export function hasSensitive(kind: RecordKind): boolean {
  return kind.fields.some((f) => f.sensitive);
}

/**
 * The INSERT of one kind's records for one chunk of students ($1), with their score history
 * (every verification) in the same statement, answering how many of each it wrote. `perStudent`
 * is the mean count per student.
 */
export function recordInsertSql(kind: RecordKind, kindIndex: number, perStudent: number): string {
  const values = fieldValues(kind);
  const score = scoreSql(kind);
  const details = [...values.entries()]
    .filter(([name]) => !kind.fields.find((f) => f.name === name)?.sensitive)
    .map(([name, value]) => `${lit(name)}, ${value.json}`);
  if (kind.drpPosting) details.push(`'institution', r.inst_name`, `'state', r.inst_state`);
  const parts: string[] = [];
  for (let i = 0; i < details.length; i += 40)
    parts.push(`jsonb_build_object(${details.slice(i, i + 40).join(', ')})`);
  const detailsSql = parts.length > 0 ? parts.join(' || ') : "'{}'::jsonb";

  const filters: string[] = [];
  if (kind.department === 'forensic') filters.push('s.forensic');
  if (kind.drpPosting || kind.verifiedBy === 'drp-coordinator') filters.push('s.posting_id is not null');
  if (kind.thesisStage === 'thesis') filters.push('s.has_thesis');
  const count =
    kind.id === 'checklist'
      ? String(CHECKLIST_PER_STUDENT)
      : `floor(${perStudent.toFixed(4)} * (0.5 + ((s.seq * 7919 + ${kindIndex * 104729}) % 1000) / 1000.0) + ((s.seq * 15485863::bigint + ${kindIndex * 32452843}) % 997) / 997.0)::int`;
  const date =
    kind.drpPosting === 'covering-date'
      ? `(a.posting_from + ${mix('a', 1, 90)}::int)`
      : `(current_date - ${mix('a', 1, '(current_date - a.joined + 1)')}::int)`;
  const verdicts = kind.verdicts ?? ['approved', 'rejected'];
  const status = verdicts.includes('rejected')
    ? `case when ${mix('a', 2, 100)} < 70 then 'approved' when ${mix('a', 2, 100)} < 88 then 'pending' else 'rejected' end`
    : `case when ${mix('a', 2, 100)} < 70 then 'approved' else 'pending' end`;
  const byCoordinator =
    kind.verifiedBy === 'drp-coordinator' || kind.verifiedBy === 'department-or-drp-coordinator';
  const verifier = byCoordinator
    ? { id: 'b.coord_id', name: 'b.coord_name' }
    : hasField(kind, 'teacherId')
      ? { id: 't.id', name: 't.name' }
      : { id: 'v.id', name: 'v.name' };
  const certificate = kind.fields.find((f) => f.name === 'certificateFileId');
  const certificateSql = !certificate
    ? 'null'
    : certificate.required
      ? 'r.file_id'
      : `(case when ${mix('r', 41, 3)} = 0 then r.file_id end)`;
  const sealedJoin = hasSensitive(kind)
    ? `join gen_sealed z on z.kind = ${lit(kind.id)} and z.i = ${mix('r', 42, 1000)}`
    : '';

  return `
with ins as (
  insert into records (kind, student_id, college_id, department_id, date, teacher_id, status, student_remark,
    verifier_remark, score, verified_by_id, verified_at, ever_verified, certificate_file_id, drp_posting_id,
    summary, search_text, details, sensitive_details, created_at, updated_at)
  select ${lit(kind.id)}, r.student_id, r.college_id, r.department_id, r.d,
    ${hasField(kind, 'teacherId') ? 'r.tid' : 'null'}, r.status,
    ${hasField(kind, 'studentRemark') ? 'r.sremark' : 'null'}, r.vremark,
    case when r.status = 'pending' then null else ${score} end,
    r.vid, r.verified_at, r.status <> 'pending', ${certificateSql},
    ${kind.drpPosting || kind.verifiedBy === 'drp-coordinator' ? 'r.posting_id' : 'null'},
    ${summarySql(kind, values)}, ${searchTextSql(kind, values, score)}, ${detailsSql},
    ${hasSensitive(kind) ? 'z.sealed' : 'null'},
    r.created_at, coalesce(r.verified_at, r.created_at)
  from (
    select b.*, t.id as tid, t.name as tname,
      case when b.status = 'pending' then null else ${verifier.id} end as vid,
      case when b.status = 'pending' then null else ${verifier.name} end as vname,
      case when b.status = 'pending' then null
        else least(now() - interval '1 minute', ((b.d + 1 + ${mix('b', 5, 14)}::int)::timestamp + make_interval(mins => 540 + ${mix('b', 6, 600)}::int))::timestamptz) end as verified_at,
      case when b.status = 'pending' then null else ${pick(VERIFIER_REMARKS, mix('b', 7, VERIFIER_REMARKS.length))} end as vremark,
      ${pick(SENTENCES, mix('b', 8, SENTENCES.length))} as sremark,
      least(now() - interval '2 minutes', (b.d::timestamp + make_interval(mins => 480 + ${mix('b', 9, 720)}::int))::timestamptz) as created_at,
      o.proc, o.diag, o.proc_skills, o.diag_skills, o.spec
    from (
      select a.*, ${date} as d, ${status} as status
      from (
        select s.seq, s.id as student_id, s.college_id, s.department_id, s.u, s.joined, s.posting_id, s.posting_from,
          s.inst_name, s.inst_state, s.coord_id, s.coord_name, s.file_id, n,
          (hashint8(s.seq::bigint * 1000003 + ${kindIndex * 7919} + n) & 2147483647)::bigint as h
        from gen_students s cross join lateral generate_series(1, ${count}) n
        where s.chunk = $1 ${filters.map((f) => `and ${f}`).join(' ')}
      ) a
    ) b
    left join gen_staff t on t.u = b.u and t.j = ${mix('b', 3, 6)}
    left join gen_staff v on v.u = b.u and v.j = ${mix('b', 4, 6)}
    join gen_options o on o.department_id = b.department_id
  ) r
  ${sealedJoin}
  returning id, status, score, verifier_remark, verified_by_id, verified_at
), sc as (
  insert into record_scores (record_id, status, score, remark, by_id, created_at)
  select id, status, score, verifier_remark, verified_by_id, verified_at from ins where status <> 'pending'
  returning 1
)
select (select count(*) from ins)::int as records, (select count(*) from sc)::int as scores`;
}
