import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { REFERENCE_ADMIN_MESSAGES } from '@pgel/shared/schemas/reference-admin';
import type { z } from 'zod';
import { showConfirm, showError, showMessage } from '../../../components/dialogs';
import { errorMessage, isApiError } from '../../../lib/api-client';

/** Spec 03 section 8: success dialogs of the add and department saves close after one second. */
const SUCCESS_AUTO_CLOSE_MS = 1000;

/** The success dialog of an add or a save: the server's message, closing by itself after a second. */
export function showSavedMessage(message: string): void {
  void showMessage({ title: 'Success', message, tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
}

/**
 * Checks a form against the shared request schema; on failure shows the 'Validation Failed'
 * dialog with the schema's first message and returns null.
 */
export function validateOrWarn<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  void showError(parsed.error.issues[0]?.message ?? REFERENCE_ADMIN_MESSAGES.fillAll, VALIDATION_TITLE);
  return null;
}

/** The message for a failed save: the server's own for a refusal, the generic one otherwise. */
function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** Shows a failed add or save in the error dialog. */
export function showSaveError(error: unknown): void {
  void showError(errorMessage(error));
}

/**
 * Delete with the spec's confirmation ('Are you sure?' / "You won't be able to revert this!"),
 * then the server's answer: its message on success, its refusal (in use, not allowed, gone) or
 * 'Something went wrong while deleting.' otherwise.
 */
export async function confirmAndDelete(remove: () => Promise<{ message: string }>): Promise<void> {
  const isConfirmed = await showConfirm({
    title: 'Are you sure?',
    message: "You won't be able to revert this!",
    confirmLabel: 'Yes, delete it!',
    danger: true,
  });
  if (!isConfirmed) return;
  try {
    const { message } = await remove();
    await showMessage({ title: 'Deleted!', message, tone: 'success' });
  } catch (error) {
    await showError(failureMessage(error, REFERENCE_ADMIN_MESSAGES.deleteFailed));
  }
}
