import { PAYMENT_MESSAGES, RELOGIN_AFTER_PAYMENT_MS } from '@pgel/shared/commerce/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showMessage } from '../../../components/dialogs';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionUserQueryOptions } from '../../../lib/session';
import type { VerifyResult } from '../api/orders';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** The message for a verify call that failed outright: the server's refusal, or the spec's text. */
export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return PAYMENT_MESSAGES.verificationFailed;
}

/**
 * What the page does with the server's verdict on a payment (spec 01 section 4). Paid: the
 * success dialog, and after 2 s the student is "signed in again": the server has already rotated
 * the session, the page fetches the user afresh (now paid) and opens the dashboard, where the
 * guard sends a student the HOD has not approved yet to /profile as after any sign-in.
 * Resolves with the status it handled; 'pending' is left to the caller.
 */
export function usePaymentOutcome() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signInAgain = async () => {
    await wait(RELOGIN_AFTER_PAYMENT_MS);
    const { queryKey } = sessionUserQueryOptions();
    await queryClient.cancelQueries({ queryKey });
    try {
      await queryClient.fetchQuery({ ...sessionUserQueryOptions(), staleTime: 0 });
    } catch {
      // Signed out meanwhile or offline: the guard on the dashboard decides (login or retry).
    }
    navigate(paths.dashboard, { replace: true });
  };

  /** The spec's failure dialog: a verdict of 'failed', or a Checkout attempt that failed. */
  const showPaymentFailed = () => {
    void showMessage({
      title: PAYMENT_MESSAGES.paymentFailedTitle,
      message: PAYMENT_MESSAGES.verificationFailed,
      tone: 'error',
    });
  };

  const settle = async (result: VerifyResult): Promise<VerifyResult['status']> => {
    switch (result.status) {
      case 'paid':
        void showMessage({
          title: PAYMENT_MESSAGES.successTitle,
          message: PAYMENT_MESSAGES.success,
          tone: 'success',
          autoCloseMs: RELOGIN_AFTER_PAYMENT_MS,
        });
        await signInAgain();
        break;
      case 'failed':
        showPaymentFailed();
        break;
      case 'refund_due':
        // Money was taken but the package was not activated by it: the server says why and
        // that it will be refunded.
        void showMessage({ title: 'Payment Received', message: result.message, tone: 'info' });
        break;
      case 'pending':
        break;
    }
    return result.status;
  };

  const failVerification = (error: unknown) => {
    void showMessage({
      title: PAYMENT_MESSAGES.paymentFailedTitle,
      message: verifyErrorMessage(error),
      tone: 'error',
    });
  };

  return { settle, failVerification, showPaymentFailed };
}
