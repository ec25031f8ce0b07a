import { Button } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { showError } from '../../../components/dialogs';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../lib/paths';
import { verifyOrder } from '../api/orders';
import { commercePaths } from '../paths';
import { useBuyer } from './use-buyer';
import { usePaymentOutcome } from './use-payment-outcome';

/** How often the page asks again while the bank has not answered, and for how long at most. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 30_000;

type Phase = 'verifying' | 'pending' | 'gave-up' | 'leaving';

type PaymentReturnPageProps = { pollMs?: number; pollLimitMs?: number };

/**
 * /payment/return?order=ID: where a redirect gateway (PhonePe, the sandbox) sends the student
 * back. The server asks the gateway for the order's state; while the bank has not answered the
 * page asks again every 2 s for up to 30 s.
 */
export function PaymentReturnPage({
  pollMs = PAYMENT_POLL_MS,
  pollLimitMs = PAYMENT_POLL_LIMIT_MS,
}: PaymentReturnPageProps) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const navigate = useNavigate();
  const buyer = useBuyer();
  const { settle, failVerification } = usePaymentOutcome();
  const [phase, setPhase] = useState<Phase>('verifying');
  const [attempt, setAttempt] = useState(0);
  const isKnown = buyer.state === 'known';
  const isSignedOut = buyer.state === 'signed-out';

  useEffect(() => {
    if (orderId) return;
    void showError(PAYMENT_MESSAGES.invalidAccess);
    navigate(commercePaths.cart, { replace: true });
  }, [orderId, navigate]);

  useEffect(() => {
    if (!orderId || !isSignedOut) return;
    void showError(PAYMENT_MESSAGES.invalidAccessNoUser);
    navigate(paths.login, { replace: true });
  }, [orderId, isSignedOut, navigate]);

  // `attempt` restarts the polling when the student asks to check again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: settle and failVerification are new each render; the loop must start once per attempt.
  useEffect(() => {
    if (!orderId || !isKnown) return;
    let stopped = false;
    const deadline = Date.now() + pollLimitMs;
    const run = async () => {
      setPhase('verifying');
      for (;;) {
        let status: Awaited<ReturnType<typeof settle>>;
        try {
          const result = await verifyOrder(orderId);
          if (stopped) return;
          if (result.status === 'pending') {
            setPhase('pending');
            if (Date.now() + pollMs > deadline) {
              setPhase('gave-up');
              return;
            }
            await new Promise((resolve) => window.setTimeout(resolve, pollMs));
            if (stopped) return;
            continue;
          }
          setPhase('leaving');
          status = await settle(result);
        } catch (error) {
          if (stopped) return;
          setPhase('leaving');
          failVerification(error);
          status = 'failed';
        }
        // Not paid: back to the packages to try again (a paid student's cart says so).
        if (status !== 'paid' && !stopped) navigate(commercePaths.cart, { replace: true });
        return;
      }
    };
    void run();
    return () => {
      stopped = true;
    };
  }, [orderId, isKnown, attempt, pollMs, pollLimitMs, navigate]);

  return (
    <AuthShell>
      {phase === 'gave-up' ? (
        <StatusPanel
          status="error"
          title="Payment not confirmed yet"
          message={PAYMENT_MESSAGES.pending}
          actions={
            <>
              <Button onClick={() => setAttempt((n) => n + 1)}>Check again</Button>
              <Button variant="default" onClick={() => navigate(commercePaths.cart)}>
                Back to packages
              </Button>
            </>
          }
        />
      ) : (
        <StatusPanel
          status="loading"
          title="Confirming your payment"
          message={phase === 'pending' ? PAYMENT_MESSAGES.pending : 'Please wait…'}
        />
      )}
    </AuthShell>
  );
}
