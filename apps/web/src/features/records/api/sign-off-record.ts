import { type SignOffRecordInput, SignOffRecordResponseSchema } from '@pgel/shared/records/sign-off';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /records/{id}/sign-off` (issue 30): the faculty member beside the resident verifies one of
 * the resident's entries on the resident's device with their own e-mail and password. The
 * resident's session sends it; nothing comes back but the answer (no cookie).
 */
export async function signOffRecord({ id, ...input }: SignOffRecordInput & { id: string }) {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}/sign-off`, {
    method: 'POST',
    body: input,
  });
  return SignOffRecordResponseSchema.parse(payload);
}
