import { GENERIC_MESSAGES, VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../lib/api-client';
import { showError, showMessage } from './dialogs';

/**
 * What a failed save says (spec's failure messages). A refusal (4xx) shows the server's reason;
 * the rest is the screen's choice, each falling back to the client's own text for the error.
 */
export type FailureTexts = {
  /** Title of the error dialog; 'Error' unless given. */
  title?: string;
  /** A refusal (4xx) that came without a reason of its own ('Failed to update staff'). */
  refused?: string;
  /** A server error (5xx), an unexpected error, and no answer at all unless `unreachable` is given. */
  serverError?: string;
  /** No answer at all (network down). */
  unreachable?: string;
};

/** The text of the error dialog for a failed call, as `texts` asks. */
export function failureMessage(error: unknown, texts: FailureTexts = {}): string {
  if (!isApiError(error)) return texts.serverError ?? errorMessage(error);
  if (error.status >= 400 && error.status < 500) {
    return error.code === 'http_error' && texts.refused !== undefined ? texts.refused : error.message;
  }
  if (error.isNetworkError) return texts.unreachable ?? texts.serverError ?? error.message;
  return texts.serverError ?? error.message;
}

/** How a form dialog reports back, as data: each screen gives its spec's timers and texts. */
export type FormDialogTexts = {
  /** The success dialog closes by itself after this long (spec: 1 to 2 s); absent, it waits for OK. */
  successAutoCloseMs?: number;
  /** Shown when the server's answer carries no message of its own. */
  successFallback?: string;
  failure?: FailureTexts;
  /** Shown by 'Validation Failed' should the schema's failure carry no message of its own. */
  validationFallback?: string;
};

type FormDialogSubmitOptions<TResult> = FormDialogTexts & {
  /** Closes the dialog (its `onClose`). */
  onClose: () => void;
  /** Clears what was typed (a Mantine form's `reset`); runs on every close, saved or cancelled. */
  onReset?: () => void;
  /** Hands the result on (the new item to select) before the dialog closes. */
  onSuccess?: (result: TResult) => void;
};

export type FormDialogSubmit<TInput> = {
  /** Sends `input` unless a send is already under way (a double click sends once). */
  submit: (input: TInput) => void;
  /** Checks `values` with the shared request schema (validateOrWarn), then sends what it gives. */
  submitValid: (schema: z.ZodType<TInput>, values: unknown) => void;
  /** Clears the form and the call's state, then closes the dialog (Cancel, the close button). */
  close: () => void;
  isPending: boolean;
};

/**
 * The one way a form dialog saves: runs the mutation once at a time; on success hands the result
 * on, clears and closes the form and shows the server's message in a success dialog that closes
 * by itself; on failure keeps the form as typed and shows the failure text (FailureTexts).
 */
export function useFormDialogSubmit<TInput, TResult extends { message: string }>(
  mutation: UseMutationResult<TResult, Error, TInput>,
  {
    onClose,
    onReset,
    onSuccess,
    successAutoCloseMs,
    successFallback,
    failure,
    validationFallback,
  }: FormDialogSubmitOptions<TResult>,
): FormDialogSubmit<TInput> {
  // Set at once, not on the next render as `isPending` is: two quick presses send once.
  const inFlight = useRef(false);

  const close = () => {
    onReset?.();
    inFlight.current = false;
    mutation.reset();
    onClose();
  };

  const submit = (input: TInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input, {
      onSuccess: (result) => {
        onSuccess?.(result);
        close();
        void showMessage({
          title: 'Success',
          message: result.message || (successFallback ?? ''),
          tone: 'success',
          autoCloseMs: successAutoCloseMs,
        });
      },
      onError: (error) => void showError(failureMessage(error, failure), failure?.title),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const submitValid = (schema: z.ZodType<TInput>, values: unknown) => {
    const input = validateOrWarn(schema, values, validationFallback);
    if (input !== null) submit(input);
  };

  return { submit, submitValid, close, isPending: mutation.isPending };
}

/**
 * Checks a form against the shared request schema; on failure shows the schema's first message in
 * the 'Validation Failed' dialog and returns null. `fallback` stands in should no issue carry one.
 * `markFields`, when given, gets each failing field's first message (none when all is well), as
 * a Mantine form's `setErrors` takes them.
 */
export function validateOrWarn<S extends z.ZodType>(
  schema: S,
  values: unknown,
  fallback: string = GENERIC_MESSAGES.fallback,
  markFields?: (errors: Record<string, string>) => void,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  markFields?.(parsed.success ? {} : firstErrorPerField(parsed.error.issues));
  if (parsed.success) return parsed.data;
  void showError(parsed.error.issues[0]?.message ?? fallback, VALIDATION_TITLE);
  return null;
}

function firstErrorPerField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
