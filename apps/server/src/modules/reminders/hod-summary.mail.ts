import { HOD_SUMMARY_MESSAGES as M } from '@pgel/shared/reminders/hod-summary';
import { weekEnd } from '@pgel/shared/reminders/weekly-updates';
import { reportDate } from '@pgel/shared/reports/activity';
import type { MailMessage } from '../../platform/mail';
import type { SummaryCell, SummarySection } from './hod-summary-section';

export type HodSummaryMail = {
  to: string;
  name: string;
  /** The Monday of the week the summary is for. */
  monday: string;
  sections: readonly SummarySection[];
  appUrl: string;
};

/**
 * The HOD's weekly summary (issue 30): each section's heading, sentence and table, and a link
 * into the app; as text, and as HTML that reads on a phone (one column, a table that wraps).
 */
export function hodSummaryMail(input: HodSummaryMail): MailMessage {
  return {
    to: input.to,
    subject: M.subject(input.monday),
    text: summaryText(input),
    html: summaryHtml(input),
  };
}

/** A cell as the text mail writes it: "Dr. Meera Pillai (Professor)". */
function cellText(cell: SummaryCell): string {
  if (typeof cell === 'string') return cell;
  return cell.detail ? `${cell.text} (${cell.detail})` : cell.text;
}

function summaryText(input: HodSummaryMail): string {
  const lines = [M.greeting(input.name), '', M.opening];
  for (const section of input.sections) {
    lines.push('', section.title, '-'.repeat(section.title.length), section.intro, '');
    for (const row of section.rows) {
      const [first, ...rest] = row.map(cellText);
      const values = rest.map((value, i) => `${section.columns[i + 1]?.label ?? ''} ${value}`.trim());
      lines.push(`- ${first ?? ''}: ${values.join(', ')}`);
    }
    lines.push('', `${section.link.label}: ${input.appUrl}${section.link.path}`);
  }
  lines.push('', M.closing, '', M.signature);
  return lines.join('\n');
}

/** A date that never breaks at its hyphens. */
function nowrap(text: string): string {
  return `<span style="white-space:nowrap">${esc(text)}</span>`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: names come from people and are never markup. */
function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// Single quotes only: the value sits inside a double-quoted style attribute.
const FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const TEAL = '#0f7f79';
const INK = '#1f2a2e';
const MUTED = '#4a5a60';
const RULE = '#d5e2e1';

/** A cell as HTML: the first column's text bold, a detail smaller on its own line. */
function cellHtml(cell: SummaryCell, isFirst: boolean): string {
  const { text, detail } = typeof cell === 'string' ? { text: cell, detail: null } : cell;
  const main = isFirst ? `<strong style="font-weight:600">${esc(text)}</strong>` : esc(text);
  return detail ? `${main}<br><span style="font-size:13px;color:${MUTED}">${esc(detail)}</span>` : main;
}

function sectionHtml(section: SummarySection, appUrl: string): string {
  const align = (numeric?: boolean) => (numeric ? 'right' : 'left');
  const head = section.columns
    .map(
      (column) =>
        `<th scope="col" style="text-align:${align(column.numeric)};padding:8px 6px;border-bottom:2px solid ${RULE};font-size:13px;color:${MUTED};font-weight:600">${esc(column.label)}</th>`,
    )
    .join('');
  const body = section.rows
    .map(
      (row) =>
        `<tr>${row
          .map(
            (cell, i) =>
              `<td style="text-align:${align(section.columns[i]?.numeric)};padding:8px 6px;border-bottom:1px solid ${RULE};font-size:14px;vertical-align:top;${i === 0 ? 'overflow-wrap:anywhere' : section.columns[i]?.wrap ? 'overflow-wrap:break-word' : 'white-space:nowrap'}">${cellHtml(cell, i === 0)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return `<h2 style="margin:28px 0 6px;font-size:18px;color:${INK}">${esc(section.title)}</h2>
<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:${MUTED}">${esc(section.intro)}</p>
<table role="table" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;${FONT};color:${INK}">
<thead><tr>${head}</tr></thead>
<tbody>${body}</tbody>
</table>
<p style="margin:14px 0 0;font-size:14px"><a href="${esc(`${appUrl}${section.link.path}`)}" style="color:${TEAL};font-weight:600">${esc(section.link.label)}</a></p>`;
}

function summaryHtml(input: HodSummaryMail): string {
  const subject = M.subject(input.monday);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f7f7;${FONT};color:${INK}">
<div style="max-width:640px;margin:0 auto;padding:16px 12px">
<div style="background:${TEAL};color:#ffffff;border-radius:10px 10px 0 0;padding:14px 18px">
<div style="font-size:13px;letter-spacing:0.02em;opacity:0.9">PG e-Logbook</div>
<div style="font-size:18px;font-weight:650;margin-top:2px">${esc(M.heading)}</div>
<div style="font-size:14px;margin-top:2px">${esc(M.week)} ${nowrap(reportDate(input.monday))} to ${nowrap(reportDate(weekEnd(input.monday)))}</div>
</div>
<div style="background:#ffffff;border:1px solid ${RULE};border-top:0;border-radius:0 0 10px 10px;padding:18px">
<p style="margin:0 0 8px;font-size:15px">${esc(M.greeting(input.name))}</p>
<p style="margin:0;font-size:15px;line-height:1.5">${esc(M.opening)}</p>
${input.sections.map((section) => sectionHtml(section, input.appUrl)).join('\n')}
<p style="margin:28px 0 0;font-size:13px;line-height:1.5;color:${MUTED}">${esc(M.closing)}</p>
<p style="margin:8px 0 0;font-size:13px;color:${MUTED}">${esc(M.signature)}</p>
</div>
</div>
</body>
</html>`;
}
