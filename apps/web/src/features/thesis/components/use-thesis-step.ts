import {
  missingStepMessage,
  stepsOf,
  THESIS_MESSAGES,
  type Thesis,
  type ThesisStage,
  type ThesisStep,
} from '@pgel/shared/academic/thesis';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { useRef } from 'react';
import { showConfirm, showError, showMessage } from '../../../components/dialogs';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { type ThesisStepBodies, useSaveThesisStep } from '../api/save-thesis-step';

/** Whether a step of the record is written (the record is null before the title). */
export function isStepSaved(thesis: Thesis | null, step: ThesisStep): boolean {
  if (!thesis) return false;
  switch (step) {
    case 'title':
      return thesis.title !== null;
    case 'guide':
      return thesis.guide !== null;
    case 'coGuides':
      return thesis.coGuides.length > 0;
    case 'certificate':
      return thesis.certificate !== null;
    case 'acceptanceDate':
      return thesis.acceptanceDate !== null;
  }
}

/** The step the student may write now: the server's `nextStep`, the title before any record. */
export function nextStepOf(thesis: Thesis | null): ThesisStep | null {
  return thesis ? thesis.nextStep : 'title';
}

/**
 * The spec's message for a step taken too early: the first earlier step still unwritten (the
 * steps are shown locked, so this guards a record changed under the page), or null.
 */
export function prerequisiteError(
  stage: ThesisStage,
  thesis: Thesis | null,
  step: ThesisStep,
): string | null {
  for (const earlier of stepsOf(stage)) {
    if (earlier === step) return null;
    if (!isStepSaved(thesis, earlier)) return missingStepMessage(stage, earlier);
  }
  return null;
}

/**
 * One step's write as the spec orders it: the form's own check (its first message in the error
 * dialog), then 'Are you sure?' with the step's once-only warning, then the call, then the
 * server's message. A second press while one is under way does nothing.
 */
export function useThesisStepSubmit<S extends ThesisStep>(stage: ThesisStage, step: S) {
  const save = useSaveThesisStep();
  const inFlight = useRef(false);

  const submit = async (problem: string | null, body: ThesisStepBodies[S]): Promise<void> => {
    if (inFlight.current) return;
    if (problem) {
      void showError(problem, VALIDATION_TITLE);
      return;
    }
    inFlight.current = true;
    try {
      const isConfirmed = await showConfirm({
        title: THESIS_MESSAGES.confirmTitle,
        message: THESIS_MESSAGES.confirm[step],
        confirmLabel: 'Yes, add it!',
      });
      if (!isConfirmed) return;
      // The union of step inputs cannot be narrowed by a generic step: the pair is typed above.
      const result = await save.mutateAsync({ stage, step, body } as Parameters<typeof save.mutateAsync>[0]);
      void showMessage({
        title: 'Success',
        message: result.message || THESIS_MESSAGES.saved[step],
        tone: 'success',
      });
    } catch (error) {
      void showError(failureMessage(error));
    } finally {
      inFlight.current = false;
    }
  };

  return { submit, isPending: save.isPending };
}
