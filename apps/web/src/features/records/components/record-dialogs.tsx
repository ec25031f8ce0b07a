import { List } from '@mantine/core';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import type { FieldError } from '@pgel/shared/records/validation';
import { GENERIC_MESSAGES, VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { showError, showMessage } from '../../../components/dialogs';
import { type FailureTexts, failureMessage } from '../../../components/use-form-dialog-submit';

/** Spec 02 section 8: 'Task inserted successfully' and the per-kind messages show for 1 s. */
export const RECORD_SUCCESS_AUTO_CLOSE_MS = 1000;
/** Spec 02 section 8: 'Deleted!' shows for 2 s. */
export const RECORD_DELETED_AUTO_CLOSE_MS = 2000;

export function showRecordSuccess(message: string, title = 'Success'): Promise<void> {
  return showMessage({ title, message, tone: 'success', autoCloseMs: RECORD_SUCCESS_AUTO_CLOSE_MS });
}

/**
 * A form's errors before anything is sent: the first one (spec 02 section 5) or `message` (the
 * kind's line naming every empty field), or every one as a bullet list in the 'Validation Error'
 * dialog for the kinds that ask for it (clinical case).
 */
export function showRecordValidation(
  errors: readonly FieldError[],
  showAll: boolean,
  message?: string,
): Promise<void> {
  if (showAll) {
    return showError(
      <List size="sm" spacing={2} component="ul">
        {errors.map((error) => (
          <List.Item key={`${error.field}:${error.message}`}>{error.message}</List.Item>
        ))}
      </List>,
      RECORD_MESSAGES.validationErrorTitle,
    );
  }
  return showError(message ?? errors[0]?.message ?? RECORD_MESSAGES.fillAll, VALIDATION_TITLE);
}

/**
 * A refused or failed call of the report screen: the server's message for a 4xx, 'try again
 * later' when the server was not reached, else `fallback`.
 */
function recordFailureTexts(fallback: string): FailureTexts {
  return { refused: fallback, serverError: fallback, unreachable: GENERIC_MESSAGES.tryAgainLater };
}

/** The usual failure texts of the report screen ('Something went wrong'). */
export const RECORD_FAILURE = recordFailureTexts(RECORD_MESSAGES.fallback);

/** The text recordFailureTexts gives for `error`. */
export function recordFailureMessage(error: unknown, fallback: string): string {
  return failureMessage(error, recordFailureTexts(fallback));
}
