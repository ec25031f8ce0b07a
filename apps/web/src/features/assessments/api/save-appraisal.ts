import { AppraisalSavedSchema } from '@pgel/shared/academic/appraisal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appraisalsQueryKey } from './get-appraisals';

/** What the form sends: the student, the quarter's From Date and the 8 rows in order. */
export type SaveAppraisalInput = {
  studentId: string;
  fromDate: string;
  rows: { score: number; remark: string | null }[];
};

/** `POST /appraisals` (faculty of the student's department): one quarter's 8 scored rows. */
export async function saveAppraisal(input: SaveAppraisalInput) {
  const payload = await apiRequest<unknown>('/appraisals', { method: 'POST', body: input });
  return AppraisalSavedSchema.parse(payload);
}

export function useSaveAppraisal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppraisal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appraisalsQueryKey }),
  });
}
