import type { VerifyRecordInput } from '@pgel/shared/records/api';
import { rubricOverall } from '@pgel/shared/records/scales';
import { useSyncExternalStore } from 'react';
import type { VerifyScoring } from './components/verify-scoring';

/**
 * The score and feedback of a faculty member's last approval (issue 30: "approve with the last
 * score"), per way of scoring: a kind's scale, a training type's rubric, or none (leave). Kept in
 * this tab's memory only, for the signed-in user: a reload, a sign-out or another user starts
 * afresh, and it never reaches the device's storage.
 */
export type LastApproval = Pick<VerifyRecordInput, 'score' | 'rubric' | 'remark'>;

const approvals = new Map<string, LastApproval>();
const listeners = new Set<() => void>();
let version = 0;

/** What two entries verified with the same values have in common: their way of scoring. */
export function scoringKey(scoring: VerifyScoring): string {
  switch (scoring.type) {
    case 'rubric':
      return `rubric:${scoring.title}:${scoring.rows.length}`;
    case 'scale':
      return `scale:${scoring.scale.map((step) => step.value).join(',')}`;
    case 'none':
      return 'none';
  }
}

const keyOf = (userId: string, scoring: VerifyScoring) => `${userId}|${scoringKey(scoring)}`;

/** Keeps an approval's score and feedback (a rejection's are never reused). */
export function rememberApproval(userId: string, scoring: VerifyScoring, input: VerifyRecordInput): void {
  if (input.status !== 'approved') return;
  approvals.set(keyOf(userId, scoring), {
    ...(input.score !== undefined ? { score: input.score } : {}),
    ...(input.rubric !== undefined ? { rubric: [...input.rubric] } : {}),
    remark: input.remark,
  });
  version += 1;
  for (const listener of listeners) listener();
}

/** The last approval of this user scored this way, or null. */
export function lastApproval(userId: string, scoring: VerifyScoring): LastApproval | null {
  return approvals.get(keyOf(userId, scoring)) ?? null;
}

/** Forgets every approval (a sign-out; tests). */
export function forgetApprovals(): void {
  approvals.clear();
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** `lastApproval`, re-read whenever an approval is kept. */
export function useLastApproval(userId: string, scoring: VerifyScoring | null): LastApproval | null {
  useSyncExternalStore(subscribe, () => version);
  return scoring ? lastApproval(userId, scoring) : null;
}

/** The request body of an approval with `last`'s score and feedback, for an entry scored `scoring`. */
export function approvalInput(scoring: VerifyScoring, last: LastApproval): VerifyRecordInput | null {
  const base = { status: 'approved' as const, remark: last.remark };
  switch (scoring.type) {
    case 'none':
      return base;
    case 'scale':
      return last.score === undefined ? null : { ...base, score: last.score };
    case 'rubric':
      return last.rubric?.length === scoring.rows.length ? { ...base, rubric: last.rubric } : null;
  }
}

/** How the last approval's score reads: '3 - Good', a rubric's overall, or '' when not scored. */
export function describeScore(scoring: VerifyScoring, last: LastApproval): string {
  if (scoring.type === 'scale' && last.score !== undefined) {
    const step = scoring.scale.find((candidate) => candidate.value === last.score);
    return step ? `${step.value} - ${step.label}` : String(last.score);
  }
  if (scoring.type === 'rubric' && last.rubric && last.rubric.length > 0) {
    return `rubric, overall ${rubricOverall(last.rubric).toFixed(2)}`;
  }
  return '';
}
