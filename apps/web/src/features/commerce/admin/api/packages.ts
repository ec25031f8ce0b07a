import {
  type Package,
  type PackageInput,
  PackageListSchema,
  PackageSchema,
} from '@pgel/shared/commerce/packages';
import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { commerceAdminKeys } from './keys';

const SavePackageResponseSchema = z.object({ message: z.string(), package: PackageSchema });

/** `GET /packages`: for Master every package, hidden ones too, in their sort order. */
export async function listAllPackages(signal?: AbortSignal): Promise<Package[]> {
  const payload = await apiRequest<unknown>('/packages', { signal });
  return PackageListSchema.parse(payload).items;
}

export function useAllPackages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: commerceAdminKeys.packages,
    queryFn: ({ signal }) => listAllPackages(signal),
    enabled,
  });
}

/** What a save sends: a new package (no id) or the changes to one. */
export type SavePackageRequest = { id?: string; input: PackageInput };

/** `POST /packages` or `PUT /packages/{id}`: prices in rupees, the server keeps paise. */
export async function savePackage({ id, input }: SavePackageRequest) {
  const payload = await apiRequest<unknown>(id ? `/packages/${encodeURIComponent(id)}` : '/packages', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });
  return SavePackageResponseSchema.parse(payload);
}

function useInvalidatePackages() {
  const queryClient = useQueryClient();
  // Every packages list, the purchase path's too (its keys start with 'commerce').
  return () => queryClient.invalidateQueries({ queryKey: ['commerce'] });
}

export function useSavePackage() {
  const invalidate = useInvalidatePackages();
  return useMutation({ mutationFn: savePackage, onSuccess: invalidate });
}

/** `DELETE /packages/{id}`: 409 while payments name the package (hide it instead). */
export async function deletePackage(id: string) {
  const payload = await apiRequest<unknown>(`/packages/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeletePackage() {
  const invalidate = useInvalidatePackages();
  return useMutation({ mutationFn: deletePackage, onSettled: invalidate });
}
