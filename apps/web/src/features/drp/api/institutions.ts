import { type InstitutionCoordinator, InstitutionCoordinatorSchema } from '@pgel/shared/drp/postings';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { drpQueryKey } from './drp-keys';

/** One institution of a state, as the Add DRPC form's select offers it. */
const StateInstitutionsSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StateInstitution = z.infer<typeof StateInstitutionsSchema>['items'][number];

/** `GET /drp/institutions?state=`: the institutions of one state (spec 03 section 7). */
export async function listStateInstitutions(
  state: string,
  signal?: AbortSignal,
): Promise<StateInstitution[]> {
  const query = new URLSearchParams({ state });
  const payload = await apiRequest<unknown>(`/drp/institutions?${query}`, { signal });
  return StateInstitutionsSchema.parse(payload).items;
}

export function useStateInstitutions(state: string | null) {
  return useQuery({
    queryKey: [...drpQueryKey, 'institutions', state],
    queryFn: ({ signal }) => listStateInstitutions(state ?? '', signal),
    enabled: state !== null && state !== '',
  });
}

export const coordinatorQueryKey = (institutionId: string) =>
  [...drpQueryKey, 'institution-coordinator', institutionId] as const;

/** `GET /drp/institutions/{id}/coordinator`: the coordinator the institution already has, or null. */
export async function getInstitutionCoordinator(
  institutionId: string,
  signal?: AbortSignal,
): Promise<InstitutionCoordinator['coordinator']> {
  const payload = await apiRequest<unknown>(
    `/drp/institutions/${encodeURIComponent(institutionId)}/coordinator`,
    { signal },
  );
  return InstitutionCoordinatorSchema.parse(payload).coordinator;
}
