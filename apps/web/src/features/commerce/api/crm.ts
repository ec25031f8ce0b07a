import { CrmCallbackResponseSchema } from '@pgel/shared/commerce/crm';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /crm/zoho/callback`: the server exchanges the CRM's code for a token and keeps it. */
export async function sendZohoCode(code: string) {
  const payload = await apiRequest<unknown>('/crm/zoho/callback', { method: 'POST', body: { code } });
  return CrmCallbackResponseSchema.parse(payload);
}

export function useZohoCallback() {
  return useMutation({ mutationFn: sendZohoCode });
}
