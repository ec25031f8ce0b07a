import { AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import { APPRAISAL_PARTICULARS, evaluationFor } from '@pgel/shared/academic/appraisal';
import { MEMO_STATUS_LABELS, type MemoStatus } from '@pgel/shared/academic/memos';
import type { ThesisStage } from '@pgel/shared/academic/thesis';
import {
  APPRAISAL_REMEDIATION_BELOW,
  APPRAISAL_REMEDIATION_NOTE,
  PRINT_NOT_AVAILABLE,
  type PrintBlock,
  type PrintRow,
} from '@pgel/shared/reports/print';
import { printDate, printPeriod, printText } from '@pgel/shared/reports/print-format';
import type { listAetcom, listAppraisals, listMemos, listTheses } from './print.repository';

type ThesisRow = Awaited<ReturnType<typeof listTheses>>[number];
type AetcomRow = Awaited<ReturnType<typeof listAetcom>>[number];
type AppraisalRow = Awaited<ReturnType<typeof listAppraisals>>[number];
type MemoRow = Awaited<ReturnType<typeof listMemos>>[number];

/** Co-guides as 'Name (Department)', comma separated; 'N/A' when there are none. */
function coGuidesText(value: unknown): string {
  if (!Array.isArray(value)) return PRINT_NOT_AVAILABLE;
  const names = value
    .map((item) => {
      const { name, department } = (item ?? {}) as { name?: unknown; department?: unknown };
      const who = printText(name);
      if (who === PRINT_NOT_AVAILABLE) return null;
      const where = printText(department);
      return where === PRINT_NOT_AVAILABLE ? who : `${who} (${where})`;
    })
    .filter((text): text is string => text !== null);
  return names.length > 0 ? names.join(', ') : PRINT_NOT_AVAILABLE;
}

type PrintField = Extract<PrintBlock, { type: 'fields' }>['fields'][number];

/**
 * The synopsis or thesis steps as fields (title, guide, co-guides; the thesis its acceptance
 * date). The guide is printed by their name now but fingerprinted by their id, so a guide who
 * corrects their profile's name does not make issued documents read "changed since issue".
 */
export function thesisFields(stage: ThesisStage, row: ThesisRow | undefined): PrintBlock {
  const fields: PrintField[] = [
    { label: stage === 'synopsis' ? 'Synopsis Title' : 'Thesis Title', value: printText(row?.title) },
    {
      label: 'Guide',
      value: printText(row?.guideName),
      ...(row?.guideId ? { evidence: `user:${row.guideId}` } : {}),
    },
    { label: 'Co-Guides', value: coGuidesText(row?.coGuides) },
  ];
  if (stage === 'thesis') {
    fields.push({ label: 'Synopsis Acceptance Date', value: printDate(row?.acceptanceDate) });
  }
  return { type: 'fields', fields };
}

/** Scores kept by faculty are not verified entries: every printed row of them is evidence. */
const scored = (id: string, cells: string[]): PrintRow => ({ id, status: 'approved', cells });

/** One table per year of AETCOM: every skill's group, label and score. */
export function aetcomBlocks(rows: readonly AetcomRow[]): PrintBlock[] {
  const columns = ['Skill Group', 'Skill', 'Score'];
  if (rows.length === 0) return [{ type: 'table', columns, verified: [], unverified: [] }];
  return rows.map((row) => {
    const scores = (row.scores ?? {}) as Record<string, unknown>;
    return {
      type: 'table',
      heading: `Year ${row.year}: ${printPeriod(row.fromDate, row.toDate)}`,
      columns,
      verified: AETCOM_SKILLS.map((skill) =>
        scored(`${row.id}:${skill.key}`, [skill.group, skill.skill, printText(scores[skill.key])]),
      ),
      unverified: [],
    };
  });
}

type AppraisalItem = { particular?: unknown; score?: unknown; evaluation?: unknown; remark?: unknown };

/**
 * Annexure I: one table per quarter (the 8 particulars with the quarter's dates, score, band and
 * remark); the remediation note follows when any score is under 4.
 */
export function appraisalBlocks(rows: readonly AppraisalRow[]): PrintBlock[] {
  const columns = ['Particulars', 'From', 'To', 'Score', 'Evaluation', 'Remark'];
  if (rows.length === 0) return [{ type: 'table', columns, verified: [], unverified: [] }];
  let needsRemediation = false;
  const blocks: PrintBlock[] = rows.map((row) => {
    const items = Array.isArray(row.rows) ? (row.rows as AppraisalItem[]) : [];
    const verified = items.map((item, index) => {
      const score = typeof item.score === 'number' ? item.score : null;
      if (score !== null && score < APPRAISAL_REMEDIATION_BELOW) needsRemediation = true;
      const evaluation = printText(item.evaluation);
      return scored(`${row.id}:${index + 1}`, [
        printText(item.particular ?? APPRAISAL_PARTICULARS[index]),
        printDate(row.fromDate),
        printDate(row.toDate),
        printText(score),
        evaluation === PRINT_NOT_AVAILABLE && score !== null ? evaluationFor(score) : evaluation,
        printText(item.remark),
      ]);
    });
    return {
      type: 'table',
      heading: `${printPeriod(row.fromDate, row.toDate)} (appraised by ${printText(row.appraisedByName)})`,
      columns,
      verified,
      unverified: [],
    };
  });
  if (needsRemediation) blocks.push({ type: 'paragraphs', paragraphs: [APPRAISAL_REMEDIATION_NOTE] });
  return blocks;
}

/** Memos issued to the student: issued by the HOD, so every one is printed as a fact. */
export function memoBlocks(rows: readonly MemoRow[]): PrintBlock[] {
  return [
    {
      type: 'table',
      columns: ['Memo Number', 'Date', 'Reason', 'Explanation', 'HOD Remark', 'Status'],
      verified: rows.map((row) =>
        scored(row.id, [
          printText(row.memoNumber),
          printDate(row.date),
          printText(row.reason),
          printText(row.explanation),
          printText(row.remark),
          MEMO_STATUS_LABELS[row.status as MemoStatus] ?? printText(row.status),
        ]),
      ),
      unverified: [],
    },
  ];
}
