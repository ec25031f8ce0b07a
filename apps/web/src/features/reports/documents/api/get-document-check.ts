import { type CheckResult, CheckResultSchema } from '@pgel/shared/reports/bonafide';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/**
 * `GET /check/:code` (public, no session): whether the logbook behind an issued PDF still holds
 * the verified entries it was issued with, or whether a Bonafide Certificate is genuine or
 * revoked. An unknown code answers 404.
 */
export async function getDocumentCheck(code: string, signal?: AbortSignal): Promise<CheckResult> {
  const payload = await apiRequest<unknown>(`/check/${encodeURIComponent(code)}`, { signal });
  return CheckResultSchema.parse(payload);
}

/** The check of `code`; nothing is asked while `code` is null (not a well-formed code). */
export function useDocumentCheck(code: string | null) {
  return useQuery({
    queryKey: ['documents', 'check', code] as const,
    queryFn: ({ signal }) => getDocumentCheck(code ?? '', signal),
    enabled: code !== null,
    // A 404 stays a 404: asking again would only delay the answer.
    retry: false,
  });
}
