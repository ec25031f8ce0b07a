import { AetcomSavedSchema } from '@pgel/shared/academic/aetcom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aetcomQueryKey } from './get-aetcom';

/** What the form sends: the student, the year's From Date and a score per skill key. */
export type SaveAetcomInput = { studentId: string; fromDate: string; scores: Record<string, number> };

/** `POST /aetcom` (faculty of the student's department): one year's 41 scores. */
export async function saveAetcom(input: SaveAetcomInput) {
  const payload = await apiRequest<unknown>('/aetcom', { method: 'POST', body: input });
  return AetcomSavedSchema.parse(payload);
}

export function useSaveAetcom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAetcom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aetcomQueryKey }),
  });
}
