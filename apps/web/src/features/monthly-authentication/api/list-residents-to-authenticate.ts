import {
  type ResidentsToAuthenticate,
  ResidentsToAuthenticateSchema,
} from '@pgel/shared/supervision/month-authentication';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstDraw } from '../../../lib/after-first-draw';
import { apiRequest } from '../../../lib/api-client';

export const residentsToAuthenticateKey = ['records', 'month-authentications', 'residents'] as const;

/** `GET /authentications/residents`: the caller's residents with months to sign, most overdue first. */
export async function listResidentsToAuthenticate(signal?: AbortSignal): Promise<ResidentsToAuthenticate> {
  return ResidentsToAuthenticateSchema.parse(
    await apiRequest<unknown>('/authentications/residents', { signal }),
  );
}

export function useResidentsToAuthenticate() {
  return useQuery(
    queryOptions({
      queryKey: residentsToAuthenticateKey,
      queryFn: async ({ signal }) => {
        await afterFirstDraw();
        return listResidentsToAuthenticate(signal);
      },
    }),
  );
}
