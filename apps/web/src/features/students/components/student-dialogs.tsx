import { AdminSetPasswordSchema } from '@pgel/shared/schemas/auth';
import { showError, showMessage } from '../../../components/dialogs';
import type { PasswordReset } from '../../../components/reset-password-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useResetStudentPassword } from '../api/reset-student-password';

/**
 * Master's Reset Password of a student (ResetPasswordDialog). Like every success dialog of the
 * students page, its success dialog waits for OK: spec 03 section 8 times only staff, procedure
 * and department saves.
 */
export const STUDENT_PASSWORD_RESET: PasswordReset = {
  useReset: useResetStudentPassword,
  schema: AdminSetPasswordSchema,
  texts: { validationFallback: 'Please enter a new password' },
};

/** The success dialog of a student action: the server's own message. */
export function showStudentSuccess(message: string): Promise<void> {
  return showMessage({ title: 'Success', message, tone: 'success' });
}

/** A failed student action: the server's message (spec 03 section 8), or the generic one. */
export function showStudentError(error: unknown): Promise<void> {
  return showError(errorMessage(error));
}
