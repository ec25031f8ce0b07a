import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { useState } from 'react';
import { showError } from '../../../components/dialogs';
import { useKeyboardShortcuts } from '../../../lib/keyboard-shortcuts';
import { useVerifyRecord } from '../api/verify-record';
import { approvalInput, describeScore, lastApproval } from '../last-approval';
import { recordFailureMessage } from './record-dialogs';
import { formatDate } from './record-format';
import { scoringFor } from './verify-scoring';

/**
 * The report page's keyboard shortcuts for a verifier on a laptop (issue 30: a queue faculty can
 * clear): one key each, listed in the page's "Keyboard shortcuts" (press ?).
 */
export const VERIFY_SHORTCUTS = [
  { keys: ['j'], action: 'Next entry (the next page after the last)' },
  { keys: ['k'], action: 'Previous entry' },
  { keys: ['a'], action: 'Approve the entry with the score and feedback of your last approval' },
  { keys: ['Enter'], action: 'Verify the entry (Action): verdict, score and feedback' },
  { keys: ['o'], action: 'Open the entry' },
  { keys: ['x'], action: 'Select the entry, or leave it out, for Verify selected' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const;

/** What the shortcuts act on: the page's rows and the page's own actions. */
export type VerifyShortcutsOptions = {
  kind: RecordKind;
  userId: string;
  /** The page's rows, as drawn. */
  rows: readonly RecordListItem[];
  /** The page shown (asked for) and the page the rows are (the last answer), and how many. */
  page: number;
  rowsPage: number | undefined;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Only with a keyboard and a table: a laptop verifier (never a phone's cards, never a resident). */
  enabled: boolean;
  canVerifyRow: (row: RecordListItem) => boolean;
  canSelectRow: (row: RecordListItem) => boolean;
  /** Opens the entry's Action; `preset` 'approve' starts its verdict at Approved. */
  onVerify: (row: RecordListItem, preset?: 'approve') => void;
  onOpen: (row: RecordListItem) => void;
  onToggleSelect: (row: RecordListItem) => void;
  onHelp: () => void;
};

/** How a row is read out: the resident and the entry's date. */
function entryName(row: RecordListItem): string {
  return row.date ? `${row.studentName}, ${formatDate(row.date)}` : row.studentName;
}

/**
 * The current row and what each key does with it. `a` approves the current entry as the verifier
 * approved their last one scored the same way (the score or rubric and the feedback; the role as
 * the resident logged it), with no dialog, and goes on to the next; before any such approval it
 * opens the entry's Action with Approved chosen. Each result is said in `announcement` (a status
 * line that a screen reader reads out); moving to a row focuses it, which reads it.
 */
export function useVerifyShortcuts(options: VerifyShortcutsOptions) {
  const { rows, page, rowsPage, totalPages, enabled } = options;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Where the current row was: when it leaves the list (approved, so no longer Pending), the
  // row that takes its place is current.
  const [lastIndex, setLastIndex] = useState<number | null>(null);
  // After j on a page's last row (k on its first): the next page's first (last) row, once drawn.
  const [edge, setEdge] = useState<{ page: number; at: 'first' | 'last' } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // How many `a` approved on this page: part of what is said, so each approval reads anew even
  // when two entries share a resident and a date (a live region repeats no unchanged text).
  const [approvedCount, setApprovedCount] = useState(0);
  const verify = useVerifyRecord();

  let index = activeKey === null ? -1 : rows.findIndex((row) => row.id === activeKey);
  if (edge && edge.page === rowsPage && rows.length > 0) {
    index = edge.at === 'first' ? 0 : rows.length - 1;
  } else if (index < 0 && lastIndex !== null && rows.length > 0 && !edge) {
    index = Math.min(lastIndex, rows.length - 1);
  }
  const current = index >= 0 ? rows[index] : undefined;

  const moveTo = (next: number) => {
    const row = rows[next];
    if (!row) return;
    setEdge(null);
    setActiveKey(row.id);
    setLastIndex(next);
  };
  const step = (by: 1 | -1) => {
    if (rows.length === 0) return;
    if (!current) return moveTo(by === 1 ? 0 : rows.length - 1);
    const next = index + by;
    if (next >= 0 && next < rows.length) return moveTo(next);
    const nextPage = page + by;
    if (nextPage < 1 || nextPage > totalPages) {
      setAnnouncement(by === 1 ? 'This is the last entry.' : 'This is the first entry.');
      return;
    }
    setEdge({ page: nextPage, at: by === 1 ? 'first' : 'last' });
    setActiveKey(null);
    options.onPageChange(nextPage);
  };

  const approve = () => {
    if (!current) {
      setAnnouncement('Press j to choose an entry first.');
      return;
    }
    if (!options.canVerifyRow(current) || current.status !== 'pending') {
      setAnnouncement(`The entry of ${entryName(current)} is not pending.`);
      return;
    }
    if (verify.isPending) return;
    const scoring = scoringFor(options.kind, current.details);
    const last = lastApproval(options.userId, scoring);
    const input = last ? approvalInput(scoring, last) : null;
    if (!last || !input) {
      // Nothing to reuse yet: the Action, Approved chosen, for the score and feedback.
      options.onVerify(current, 'approve');
      return;
    }
    const approved = current;
    const at = index;
    verify.mutate(
      { id: approved.id, ...input },
      {
        onSuccess: () => {
          const score = describeScore(scoring, last);
          const count = approvedCount + 1;
          setApprovedCount(count);
          setAnnouncement(
            `Approved the entry of ${entryName(approved)}${score ? ` with ${score}` : ''} (${count} so far).`,
          );
          // On to the next row; the last of the page is followed by whatever takes its place.
          const next = rows[at + 1];
          setEdge(null);
          setActiveKey(next ? next.id : null);
          setLastIndex(next ? at + 1 : at);
        },
        onError: (error) => void showError(recordFailureMessage(error, RECORD_MESSAGES.fallback)),
      },
    );
  };

  useKeyboardShortcuts(
    {
      j: () => step(1),
      k: () => step(-1),
      a: approve,
      Enter: () => {
        if (current) options.canVerifyRow(current) ? options.onVerify(current) : options.onOpen(current);
      },
      o: () => {
        if (current) options.onOpen(current);
      },
      x: () => {
        if (current && options.canSelectRow(current)) options.onToggleSelect(current);
      },
      '?': options.onHelp,
    },
    enabled,
  );

  /** After the Action verified the current entry: on to the next, as after `a`. */
  const verified = (row: RecordListItem) => {
    const at = rows.findIndex((candidate) => candidate.id === row.id);
    if (at < 0 || at !== index) return;
    const next = rows[at + 1];
    setActiveKey(next ? next.id : null);
    setLastIndex(next ? at + 1 : at);
  };

  return {
    activeRowKey: enabled ? (current?.id ?? null) : null,
    announcement,
    isApproving: verify.isPending,
    verified,
  };
}
