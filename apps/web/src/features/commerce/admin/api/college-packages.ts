import {
  CollegePackagesSavedSchema,
  CollegePackagesSchema,
  type SetCollegePackagesInput,
} from '@pgel/shared/commerce/packages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { commerceAdminKeys } from './keys';

const path = (collegeId: string) => `/colleges/${encodeURIComponent(collegeId)}/packages`;

/** `GET /colleges/{id}/packages` (Master): every package, each with whether the college is offered it. */
export async function getCollegePackages(collegeId: string, signal?: AbortSignal) {
  return CollegePackagesSchema.parse(await apiRequest<unknown>(path(collegeId), { signal }));
}

export function useCollegePackages(collegeId: string) {
  return useQuery({
    queryKey: commerceAdminKeys.collegePackages(collegeId),
    queryFn: ({ signal }) => getCollegePackages(collegeId, signal),
  });
}

/** `PUT /colleges/{id}/packages`: the packages Master enables for the college (the whole set). */
export async function setCollegePackages({
  collegeId,
  ...input
}: SetCollegePackagesInput & { collegeId: string }) {
  const payload = await apiRequest<unknown>(path(collegeId), { method: 'PUT', body: input });
  return CollegePackagesSavedSchema.parse(payload);
}

export function useSetCollegePackages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCollegePackages,
    // Every packages list: /managePackages names the colleges of each package.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['commerce'] }),
  });
}
