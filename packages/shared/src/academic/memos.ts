import { z } from 'zod';
import { ListQuerySchema } from '../schemas/list';
import { PersonRefSchema } from './common';

/**
 * Memos (`/memo`, spec 03 sections 2, 3, 5, 7): the HOD issues a memo to a student of the
 * department; the student explains once; the HOD adds a remark and closes it. The spec shows no
 * statuses: ours are Issued -> Explained -> Closed.
 */
export const MEMO_STATUSES = ['issued', 'explained', 'closed'] as const;
export type MemoStatus = (typeof MEMO_STATUSES)[number];
export const MEMO_STATUS_LABELS: Record<MemoStatus, string> = {
  issued: 'Issued',
  explained: 'Explained',
  closed: 'Closed',
};

export const MEMO_REASON_MAX = 2000;
export const MEMO_EXPLANATION_MAX = 4000;
export const MEMO_REMARK_MAX = 2000;

/** Spec 03 section 5 where it has the message; the rest are ours. */
export const MEMO_MESSAGES = {
  fillAll: 'Please fill all the fields!',
  futureDate: 'The memo date cannot be later than today.',
  created: 'Memo issued successfully',
  explanationRequired: 'Please write your explanation.',
  explained: 'Explanation submitted successfully',
  alreadyExplained: 'This memo has already been explained.',
  remarkRequired: 'Please write a remark before closing the memo.',
  closed: 'Memo closed successfully',
  notExplained: 'The student has not explained this memo yet.',
  alreadyClosed: 'This memo is already closed.',
  notFound: 'Memo not found',
  studentNotInDepartment: 'Memos can only be issued to students of your department',
  createTitle: 'Create Memo',
  explainTitle: 'Explain Memo',
  closeTitle: 'Close Memo',
  confirmTitle: 'Are you sure?',
  confirmExplain: 'Once submitted, your explanation cannot be edited.',
  confirmClose: 'Once closed, the memo cannot be reopened.',
} as const;

/** In-app notification and e-mail texts of each hand-off. */
export const MEMO_NOTICES = {
  issuedSubject: (memoNumber: string) => `Memo ${memoNumber} issued to you`,
  issued: (memoNumber: string, issuedBy: string) =>
    `${issuedBy} has issued memo ${memoNumber} to you. Please read it and submit your explanation.`,
  explainedSubject: (memoNumber: string) => `Memo ${memoNumber}: explanation received`,
  explained: (memoNumber: string, student: string) =>
    `${student} has submitted an explanation for memo ${memoNumber}.`,
  closedSubject: (memoNumber: string) => `Memo ${memoNumber} closed`,
  closed: (memoNumber: string, closedBy: string) => `${closedBy} has closed memo ${memoNumber}.`,
} as const;

/** Memo numbers: MEMO/{year}/{sequence of the department}, e.g. MEMO/2026/007. */
export function formatMemoNumber(year: number, sequence: number): string {
  return `MEMO/${year}/${String(sequence).padStart(3, '0')}`;
}

export const CreateMemoSchema = z.object({
  studentId: z.string().max(100).optional(),
  date: z.string().max(20).optional(),
  reason: z.string().max(MEMO_REASON_MAX).optional(),
});
export type CreateMemoInput = z.infer<typeof CreateMemoSchema>;

export const ExplainMemoSchema = z.object({ explanation: z.string().max(MEMO_EXPLANATION_MAX).optional() });
export const CloseMemoSchema = z.object({ remark: z.string().max(MEMO_REMARK_MAX).optional() });

export const ListMemosQuerySchema = ListQuerySchema.extend({
  studentId: z.string().max(100).optional(),
  status: z.enum(MEMO_STATUSES).optional(),
});
export type ListMemosQuery = z.infer<typeof ListMemosQuerySchema>;

export const MemoSchema = z.object({
  id: z.string(),
  memoNumber: z.string(),
  date: z.string(),
  reason: z.string(),
  status: z.enum(MEMO_STATUSES),
  student: PersonRefSchema,
  issuedBy: PersonRefSchema,
  explanation: z.string().nullable(),
  explainedAt: z.string().nullable(),
  remark: z.string().nullable(),
  closedBy: PersonRefSchema.nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Memo = z.infer<typeof MemoSchema>;

export const MemoSavedSchema = z.object({ message: z.string(), memo: MemoSchema });
