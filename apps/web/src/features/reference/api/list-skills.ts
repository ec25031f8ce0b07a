import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type Skill, SkillSchema } from '@pgel/shared/schemas/reference-admin';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const SkillListSchema = listResponseSchema(SkillSchema);

/** Base key of the Skill list; every page and search sits under it. */
export const skillsQueryKey = ['reference', 'skills'] as const;

/** `GET /skills`: one page of skills. */
export async function listSkills(params: ListParams, signal?: AbortSignal): Promise<ListResponse<Skill>> {
  const payload = await apiRequest<unknown>(`/skills?${listSearchParams(params)}`, { signal });
  return SkillListSchema.parse(payload);
}
