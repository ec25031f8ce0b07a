import { type Package, PackageListSchema } from '@pgel/shared/commerce/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Base key of every commerce query: a saved package or a payment invalidates what depends on it. */
export const commerceQueryKey = ['commerce'] as const;
export const packagesQueryKey = [...commerceQueryKey, 'packages'] as const;

/**
 * `GET /packages`: the packages the caller may see. Master gets all of them (hidden ones too);
 * everybody else the active ones in their order (the cart).
 */
export async function listPackages(signal?: AbortSignal): Promise<Package[]> {
  const payload = await apiRequest<unknown>('/packages', { signal });
  return PackageListSchema.parse(payload).items;
}

export const packagesQueryOptions = () =>
  queryOptions({
    queryKey: packagesQueryKey,
    queryFn: ({ signal }) => listPackages(signal),
  });

export function usePackages() {
  return useQuery(packagesQueryOptions());
}
