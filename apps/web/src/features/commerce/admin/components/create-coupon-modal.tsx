import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COUPON_CODE_MAX, CreateCouponSchema } from '@pgel/shared/commerce/coupons';
import { DialogForm, FormDialog } from '../../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../../components/use-form-dialog-submit';
import { useCreateCoupon } from '../api/coupons';

export const CREATE_COUPON_TITLE = 'Create Coupon';

const EMPTY = { couponQty: '' as number | string, discount: '' as number | string, code: '' };

/**
 * Create Coupon (spec 03 sections 3 and 5): how many times it may be used, its flat discount in
 * rupees and its code (at least six characters; stored upper-cased). A taken code is refused by
 * the server with its own message.
 */
export function CreateCouponModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(useCreateCoupon(), {
    onClose,
    onReset: () => form.reset(),
    successAutoCloseMs: 1500,
  });

  const save = () => {
    const input = validateOrWarn(CreateCouponSchema, form.values, undefined, form.setErrors);
    if (input) dialog.submit(input);
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title={CREATE_COUPON_TITLE} size="md">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending} submitLabel="Create">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label="Quantity"
            description="How many payments may use it"
            data-autofocus
            min={1}
            // Not clamped: a 0 typed in stays 0 and gets the spec's message instead of becoming 1.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('couponQty')}
          />
          <NumberInput
            label="Discount (INR)"
            description="Flat amount off the offer price"
            min={1}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            prefix="₹ "
            {...form.getInputProps('discount')}
          />
        </SimpleGrid>
        <TextInput
          label="Code"
          description="At least 6 letters or digits; saved in capitals"
          autoComplete="off"
          maxLength={COUPON_CODE_MAX}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.getInputProps('code')}
        />
      </DialogForm>
    </FormDialog>
  );
}
