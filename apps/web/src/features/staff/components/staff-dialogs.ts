import type { Actor } from '@pgel/shared/auth/policies';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import type { z } from 'zod';
import { showError, showMessage } from '../../../components/dialogs';
import { errorMessage, isApiError } from '../../../lib/api-client';

/** Spec 03 section 8: "Success dialogs for staff ... close after 1 second". */
export const STAFF_SUCCESS_AUTO_CLOSE_MS = 1000;

/** The success dialog of a staff action: the server's message, closing by itself after a second. */
export function showStaffSuccess(message: string): Promise<void> {
  return showMessage({
    title: 'Success',
    message,
    tone: 'success',
    autoCloseMs: STAFF_SUCCESS_AUTO_CLOSE_MS,
  });
}

/** A failed add: the server's refusal (taken e-mail, bad department) or the generic message. */
export function showStaffError(error: unknown): Promise<void> {
  return showError(errorMessage(error));
}

/**
 * The spec's pair of failure messages for an action (spec 03 section 8): a refusal (4xx) shows the
 * server's reason, or `failed` when it gave none; an unreachable server or a 5xx shows `serverError`.
 */
export function staffFailureMessage(
  error: unknown,
  messages: { failed: string; serverError: string },
): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.code === 'http_error' ? messages.failed : error.message;
  }
  return messages.serverError;
}

/**
 * Checks a form against the shared request schema; on failure shows the schema's first message
 * in the 'Validation Failed' dialog and returns null.
 */
export function validateOrWarn<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  void showError(parsed.error.issues[0]?.message ?? 'Fill All details', VALIDATION_TITLE);
  return null;
}

/** The signed-in user as the shared policies see them. */
export function actorOf(user: SessionUser): Actor {
  return {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
}
