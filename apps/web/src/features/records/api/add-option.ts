import {
  AddedOptionResponseSchema,
  type AddSkillOptionInput,
  type AddTitledOptionInput,
} from '@pgel/shared/records/api';
import type { OptionSource } from '@pgel/shared/records/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { type RecordOption, recordOptionsPath, recordOptionsQueryOptions } from './get-record-options';
import { recordsQueryKey } from './list-records';

export type AddedOption = z.infer<typeof AddedOptionResponseSchema>;

/** The lists a form may add to: a procedure competency, a skill of a competency, a speciality. */
export type AddOptionKind = 'procedure' | 'skill' | 'speciality';

/**
 * Which add modal a remote select offers, if any: Add New Procedure beside the procedure
 * competencies (not the diagnostic ones), Add Skills beside every skills list, Add Speciality
 * beside the specialities. Teachers are never added here.
 */
export function addOptionKindOf(source: OptionSource): AddOptionKind | null {
  switch (source.list) {
    case 'competencies':
      return source.for === 'proc' ? 'procedure' : null;
    case 'skills':
      return 'skill';
    case 'specialities':
      return 'speciality';
    case 'teachers':
      return null;
  }
}

async function postOption(path: string, body: unknown): Promise<AddedOption> {
  const payload = await apiRequest<unknown>(path, { method: 'POST', body });
  return AddedOptionResponseSchema.parse(payload);
}

/** `POST /records/options/procedures`: a procedure competency of the caller's college and department. */
export const addProcedureOption = (input: AddTitledOptionInput) =>
  postOption('/records/options/procedures', input);

/** `POST /records/options/skills`: a skill under one of the department's competencies. */
export const addSkillOption = (input: AddSkillOptionInput) => postOption('/records/options/skills', input);

/** `POST /records/options/specialities`: a speciality of the caller's college and department. */
export const addSpecialityOption = (input: AddTitledOptionInput) =>
  postOption('/records/options/specialities', input);

/**
 * The new (or, for a title that already existed, the existing) item goes into the cached list at
 * once, so the select can show it as chosen before the list is read again; then the list reloads
 * for the server's order.
 */
function refreshOptions(queryClient: QueryClient, path: string | null, item: RecordOption) {
  if (path === null) return;
  const { queryKey } = recordOptionsQueryOptions(path);
  queryClient.setQueryData<RecordOption[]>(queryKey, (current) =>
    current === undefined || current.some((option) => option.id === item.id) ? current : [...current, item],
  );
  void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** One add, as the modal sends it: a skill names its competency, the others a title only. */
export type AddOptionRequest =
  | { kind: 'skill'; input: AddSkillOptionInput }
  | { kind: 'procedure' | 'speciality'; input: AddTitledOptionInput };

/** Sends one add to its route. */
export function addOption(request: AddOptionRequest): Promise<AddedOption> {
  switch (request.kind) {
    case 'skill':
      return addSkillOption(request.input);
    case 'procedure':
      return addProcedureOption(request.input);
    case 'speciality':
      return addSpecialityOption(request.input);
  }
}

/** The remote list the added item belongs to. */
function optionListPath(request: AddOptionRequest): string | null {
  switch (request.kind) {
    case 'skill':
      return recordOptionsPath({ list: 'skills', dependsOn: 'competency' }, request.input.competencyId);
    case 'procedure':
      return recordOptionsPath({ list: 'competencies', for: 'proc' });
    case 'speciality':
      return recordOptionsPath({ list: 'specialities' });
  }
}

/** Adds a procedure, skill or speciality, then puts it into its list (see refreshOptions). */
export function useAddOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOption,
    onSuccess: ({ item }, request) => refreshOptions(queryClient, optionListPath(request), item),
  });
}

/**
 * The title of an option already loaded in any remote list (the competency the Add Skills modal
 * shows): the form only keeps its id, and the user has just picked it from a loaded list.
 */
export function cachedOptionTitle(queryClient: QueryClient, id: string): string | undefined {
  for (const [, items] of queryClient.getQueriesData<RecordOption[]>({
    queryKey: [...recordsQueryKey, 'options'],
  })) {
    const found = items?.find((option) => option.id === id);
    if (found) return found.title;
  }
  return undefined;
}
