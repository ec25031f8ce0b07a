import { showError, showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';

/** The success dialog of a student action: the server's own message. */
export function showStudentSuccess(message: string): Promise<void> {
  return showMessage({ title: 'Success', message, tone: 'success' });
}

/** A failed student action: the server's message (spec 03 section 8), or the generic one. */
export function showStudentError(error: unknown): Promise<void> {
  return showError(errorMessage(error));
}
