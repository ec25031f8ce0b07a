import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { ConfirmationDecision } from '@pgel/shared/schemas/staff-confirmation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/** `POST /staff/{id}/confirmation`: confirm or decline an account awaiting confirmation. */
export async function decideConfirmation({ id, decision }: { id: string; decision: ConfirmationDecision }) {
  const payload = await apiRequest<unknown>(`/staff/${encodeURIComponent(id)}/confirmation`, {
    method: 'POST',
    body: { decision },
  });
  return MessageResponseSchema.parse(payload);
}

export function useDecideConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideConfirmation,
    // The To confirm list and the staff lists (the member's status) both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
