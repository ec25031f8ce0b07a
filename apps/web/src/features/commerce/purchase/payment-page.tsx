import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_MESSAGES, type PaymentOrder } from '@pgel/shared/commerce/payments';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { showConfirm, showError } from '../../../components/dialogs';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../lib/paths';
import { useCreateOrder, verifyOrder } from '../api/orders';
import { commercePaths } from '../paths';
import { TestPaymentBadge } from './gateway-choice';
import { orderErrorMessage } from './order-error';
import { type PaymentState, readPaymentState } from './payment-state';
import { PriceBreakdownTable } from './price-breakdown-table';
import { PurchaseShell } from './purchase-shell';
import { loadRazorpayScript, openRazorpayCheckout } from './razorpay-checkout';
import { useBuyer } from './use-buyer';
import { usePaymentOutcome } from './use-payment-outcome';

/**
 * Asked when the server prices the order differently from the figures the page was shown with
 * (router state outlives a reload and a change of the package or the coupon). Not among the shared
 * messages yet, hence local.
 */
export const PRICE_CHANGED = {
  title: PAYMENT_MESSAGES.priceChangedTitle,
  text: PAYMENT_MESSAGES.priceChanged,
};

/** The figures of the order the server created, in the shape the page shows. */
function breakdownOf(order: PaymentOrder): PaymentState['breakdown'] {
  return {
    offerPaise: order.offerPaise,
    discountPaise: order.discountPaise,
    taxablePaise: order.taxablePaise,
    gstPaise: order.gstPaise,
    totalPaise: order.amountPaise,
  };
}

/**
 * /payment (spec 01 section 2.9): reached from the Payment modal with the package, coupon and
 * gateway in the router's state. Without it: 'Invalid Access' and back to /cart; without a
 * signed-in user: the longer message and /login.
 */
export function PaymentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readPaymentState(location.state), [location.state]);
  const buyer = useBuyer();
  const problem = !state ? 'no-state' : buyer.state === 'signed-out' ? 'no-user' : null;
  const redirected = useRef(false);

  useEffect(() => {
    if (!problem || redirected.current) return;
    redirected.current = true;
    if (problem === 'no-state') {
      void showError(PAYMENT_MESSAGES.invalidAccess);
      navigate(commercePaths.cart, { replace: true });
    } else {
      void showError(PAYMENT_MESSAGES.invalidAccessNoUser);
      navigate(paths.login, { replace: true });
    }
  }, [problem, navigate]);

  if (problem || !state || buyer.state !== 'known') return <PageLoader />;
  return (
    <PurchaseShell size="sm" withLogout>
      <PaymentSummary state={state} />
    </PurchaseShell>
  );
}

function PaymentSummary({ state }: { state: PaymentState }) {
  const location = useLocation();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const { settle, failVerification, showPaymentFailed } = usePaymentOutcome();
  const [isBusy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const total = formatInr(state.breakdown.totalPaise);

  /**
   * The server charges its own amount, not the one the student confirmed: a different one is
   * asked about before any gateway opens. The page shows the server's figures from then on
   * (kept in the history entry, so a reload shows them too), whatever the answer.
   */
  const acceptNewPrice = (order: PaymentOrder): Promise<boolean> => {
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { ...state, breakdown: breakdownOf(order) } },
    );
    const amount = formatInr(order.amountPaise);
    return showConfirm({
      title: PRICE_CHANGED.title,
      message: PRICE_CHANGED.text(amount),
      confirmLabel: `Pay ${amount}`,
    });
  };

  /** Confirm, order, checkout, verify; true when the page is leaving (a gateway's own page). */
  const runPayment = async (): Promise<boolean> => {
    let created: Awaited<ReturnType<typeof createOrder.mutateAsync>>;
    try {
      created = await createOrder.mutateAsync({
        packageId: state.packageId,
        gateway: state.gateway,
        ...(state.couponCode ? { couponCode: state.couponCode } : {}),
      });
    } catch (error) {
      void showError(orderErrorMessage(error, state.gateway));
      return false;
    }
    const { order, checkout } = created;
    if (order.amountPaise !== state.breakdown.totalPaise && !(await acceptNewPrice(order))) return false;
    if (checkout.type === 'redirect') {
      // PhonePe or the sandbox: their page sends the student back to /payment/return.
      window.location.assign(checkout.url);
      return true;
    }
    try {
      await loadRazorpayScript(checkout.scriptUrl);
    } catch {
      void showError(PAYMENT_MESSAGES.scriptFailed);
      return false;
    }
    const outcome = await openRazorpayCheckout(checkout);
    if (outcome.kind === 'failed') {
      // Checkout already showed Razorpay's reason; the webhook tells the server. Nothing to verify.
      showPaymentFailed();
      return false;
    }
    if (outcome.kind === 'dismissed') {
      setNotice(PAYMENT_MESSAGES.cancelled);
      return false;
    }
    try {
      const result = await verifyOrder(order.id, outcome.response);
      if (result.status === 'pending') setNotice(PAYMENT_MESSAGES.pending);
      return (await settle(result)) === 'paid';
    } catch (error) {
      failVerification(error);
      return false;
    }
  };

  const pay = async () => {
    const confirmed = await showConfirm({
      title: PAYMENT_MESSAGES.confirmTitle,
      message: PAYMENT_MESSAGES.confirmText(total, state.gatewayLabel),
      confirmLabel: 'Pay',
    });
    if (!confirmed) return;
    setNotice(null);
    setBusy(true);
    const leaving = await runPayment();
    if (!leaving) setBusy(false);
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={commercePaths.cart} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Back to packages
        </Group>
      </Anchor>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="payment-title">
        <Stack gap="md">
          <div>
            <Title order={1} fz="xl" id="payment-title">
              Payment
            </Title>
            <Text c="dimmed" size="sm">
              {state.packageTitle}
            </Text>
          </div>
          <PriceBreakdownTable breakdown={state.breakdown} />
          {state.couponCode ? (
            <Text size="sm">
              Coupon: <strong>{state.couponCode}</strong>
            </Text>
          ) : null}
          <Group gap="xs">
            <Text size="sm">
              Payment method: <strong>{state.gatewayLabel}</strong>
            </Text>
            {state.gateway === 'sandbox' ? <TestPaymentBadge /> : null}
          </Group>
          {notice ? (
            <Alert variant="light" color="yellow" role="status">
              {notice}
            </Alert>
          ) : null}
          <Button
            size="md"
            fullWidth
            leftSection={<IconLock size={18} aria-hidden />}
            onClick={pay}
            loading={isBusy}
          >
            Pay {total}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
