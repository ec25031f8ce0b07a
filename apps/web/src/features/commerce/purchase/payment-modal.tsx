import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import type { Package } from '@pgel/shared/commerce/packages';
import { type GatewayId, PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { formatInr, priceBreakdown } from '@pgel/shared/commerce/pricing';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { showMessage } from '../../../components/dialogs';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useGateways } from '../api/gateways';
import { useValidateCoupon, type ValidatedCoupon } from '../api/validate-coupon';
import { commercePaths } from '../paths';
import { GatewayChoice } from './gateway-choice';
import type { PaymentState } from './payment-state';
import { PriceBreakdownTable } from './price-breakdown-table';

type PaymentModalProps = {
  pkg: Package;
  onClose: () => void;
};

/**
 * Buy Now's Payment modal (spec 01 sections 2.8, 4, 5): apply a coupon, see what will be paid,
 * choose how, then go on to /payment. Full-screen on phones (FormDialog).
 */
export function PaymentModal({ pkg, onClose }: PaymentModalProps) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<ValidatedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<GatewayId | null>(null);
  const validate = useValidateCoupon();
  const gateways = useGateways();

  const breakdown = priceBreakdown(pkg.offerPricePaise, coupon?.discountPaise ?? 0);
  // The first gateway is the default until the student picks another.
  const gateway = chosen ?? gateways.data?.[0]?.id ?? null;

  const apply = () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setCouponError(COUPON_MESSAGES.codeRequired);
      return;
    }
    setCouponError(null);
    validate.mutate(trimmed, {
      onSuccess: (result) => setCoupon(result),
      onError: (error) => {
        setCoupon(null);
        setCouponError(errorMessage(error));
      },
    });
  };

  const proceed = () => {
    if (breakdown.totalPaise <= 0) {
      void showMessage({ title: 'Payment Issue', message: PAYMENT_MESSAGES.paymentIssue, tone: 'error' });
      return;
    }
    const option = gateways.data?.find((item) => item.id === gateway);
    if (!option) return;
    const state: PaymentState = {
      packageId: pkg.id,
      packageTitle: pkg.title,
      couponCode: coupon?.code ?? null,
      gateway: option.id,
      gatewayLabel: option.label,
      breakdown,
    };
    navigate(commercePaths.payment, { state });
  };

  return (
    <FormDialog opened onClose={onClose} title="Payment" size="md" closeOnEscape={false}>
      <Stack gap="md">
        <div>
          <Text fw={600}>{pkg.title}</Text>
          <Text size="sm" c="dimmed">
            Offer price {formatInr(pkg.offerPricePaise)} + GST
          </Text>
        </div>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="Coupon code"
            placeholder="Enter coupon code"
            leftSection={<IconTicket size={16} aria-hidden />}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              // A changed code is not the applied one any more.
              setCoupon(null);
              setCouponError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
            error={couponError}
            autoCapitalize="characters"
            style={{ flex: 1 }}
          />
          <Button variant="light" mt={25} onClick={apply} loading={validate.isPending}>
            Apply
          </Button>
        </Group>
        {coupon ? (
          <Text size="sm" c="teal.8" role="status">
            {COUPON_MESSAGES.applied}: {coupon.code} (− {formatInr(coupon.discountPaise)})
          </Text>
        ) : null}
        <PriceBreakdownTable breakdown={breakdown} />
        <GatewayChoice
          gateways={gateways.data}
          isLoading={gateways.isPending}
          error={gateways.error}
          value={gateway}
          onChange={setChosen}
        />
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={proceed} disabled={!gateway}>
            Proceed to pay {formatInr(breakdown.totalPaise)}
          </Button>
        </DialogActions>
      </Stack>
    </FormDialog>
  );
}
