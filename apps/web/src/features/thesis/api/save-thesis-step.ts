import {
  type ThesisAcceptanceDateSchema,
  type ThesisCertificateSchema,
  type ThesisCoGuidesSchema,
  type ThesisGuideSchema,
  type ThesisSaved,
  ThesisSavedSchema,
  type ThesisStage,
  type ThesisStep,
  type ThesisTitleSchema,
} from '@pgel/shared/academic/thesis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { thesesQueryKey, thesisQueryOptions } from './get-thesis';

/** The body each step sends, as the shared request schemas define it. */
export type ThesisStepBodies = {
  title: z.input<typeof ThesisTitleSchema>;
  guide: z.input<typeof ThesisGuideSchema>;
  coGuides: z.input<typeof ThesisCoGuidesSchema>;
  certificate: z.input<typeof ThesisCertificateSchema>;
  acceptanceDate: z.input<typeof ThesisAcceptanceDateSchema>;
};

/** One step's write: its stage, its name and its body, typed together. */
export type ThesisStepInput = {
  [S in ThesisStep]: { stage: ThesisStage; step: S; body: ThesisStepBodies[S] };
}[ThesisStep];

const STEP_PATHS: Record<ThesisStep, string> = {
  title: 'title',
  guide: 'guide',
  coGuides: 'co-guides',
  certificate: 'certificate',
  acceptanceDate: 'acceptance-date',
};

/** The URL of a step; the acceptance date exists for the thesis only (the server refuses it otherwise). */
export function thesisStepPath(stage: ThesisStage, step: ThesisStep): string {
  return `/theses/${stage}/${STEP_PATHS[step]}`;
}

/** `POST /theses/{stage}/{step}` (the student): writes one step once; the message and the record. */
export async function saveThesisStep({ stage, step, body }: ThesisStepInput): Promise<ThesisSaved> {
  const payload = await apiRequest<unknown>(thesisStepPath(stage, step), { method: 'POST', body });
  return ThesisSavedSchema.parse(payload);
}

/**
 * Writes a step; the saved record replaces the student's own at once (the step turns read-only
 * without waiting), and every thesis query is refreshed, also after a refusal (a step saved
 * meanwhile in another tab then shows as saved).
 */
export function useSaveThesisStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveThesisStep,
    onSuccess: ({ thesis }, { stage }) => {
      queryClient.setQueryData(thesisQueryOptions(stage).queryKey, (current) =>
        current ? { ...current, thesis } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: thesesQueryKey }),
  });
}
