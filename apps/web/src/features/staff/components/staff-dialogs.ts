import type { Actor } from '@pgel/shared/auth/policies';
import { AdminSetPasswordSchema } from '@pgel/shared/schemas/auth';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { STAFF_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { showMessage } from '../../../components/dialogs';
import type { PasswordReset } from '../../../components/reset-password-dialog';
import {
  type FailureTexts,
  type FormDialogTexts,
  failureMessage,
} from '../../../components/use-form-dialog-submit';
import { useResetStaffPassword } from '../api/reset-staff-password';

/** Spec 03 section 8: "Success dialogs for staff ... close after 1 second". */
export const STAFF_SUCCESS_AUTO_CLOSE_MS = 1000;

/**
 * How the staff modals report back: the server's message in a success dialog closing after a
 * second; a failure shows the server's refusal (taken e-mail, bad department) or the generic text.
 */
export const STAFF_SAVE: FormDialogTexts = {
  successAutoCloseMs: STAFF_SUCCESS_AUTO_CLOSE_MS,
  validationFallback: STAFF_MESSAGES.fillAll,
};

/** Master's Reset Password of a staff member (ResetPasswordDialog). */
export const STAFF_PASSWORD_RESET: PasswordReset = {
  useReset: useResetStaffPassword,
  schema: AdminSetPasswordSchema,
  texts: STAFF_SAVE,
};

/** The success dialog of a staff action: the server's message, closing by itself after a second. */
export function showStaffSuccess(message: string): Promise<void> {
  return showMessage({
    title: 'Success',
    message,
    tone: 'success',
    autoCloseMs: STAFF_SUCCESS_AUTO_CLOSE_MS,
  });
}

/**
 * The spec's pair of failure messages for an action (spec 03 section 8): a refusal (4xx) shows the
 * server's reason, or `failed` when it gave none; an unreachable server or a 5xx shows `serverError`.
 */
export function staffFailureTexts(messages: { failed: string; serverError: string }): FailureTexts {
  return { refused: messages.failed, serverError: messages.serverError };
}

/** The text staffFailureTexts gives for `error`. */
export function staffFailureMessage(
  error: unknown,
  messages: { failed: string; serverError: string },
): string {
  return failureMessage(error, staffFailureTexts(messages));
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
