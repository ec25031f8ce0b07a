import { type FavouriteType, PinnedFavouriteSchema } from '@pgel/shared/records/favourites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

type PinInput = { type: FavouriteType; id: string; pinned: boolean };

/**
 * `PUT` or `DELETE /me/favourites/{type}/{id}` (issue 29): pins (or unpins) a procedure,
 * competency or skill; the student's lists then put it first (or back in its place).
 */
export async function setFavourite({ type, id, pinned }: PinInput) {
  const payload = await apiRequest<unknown>(
    `/me/favourites/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
    { method: pinned ? 'PUT' : 'DELETE' },
  );
  return PinnedFavouriteSchema.parse(payload);
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    // The lists come back in the new order (their options are under the records key).
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...recordsQueryKey, 'options'] }),
  });
}
