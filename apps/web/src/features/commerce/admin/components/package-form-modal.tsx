import { NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_VALIDITY_MONTHS,
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_TITLE_MAX,
  type Package,
  PackageInputSchema,
} from '@pgel/shared/commerce/packages';
import { useEffect } from 'react';
import { DialogForm, FormDialog } from '../../../../components/form-dialog';
import { GrowingTextarea } from '../../../../components/growing-textarea';
import { useFormDialogSubmit, validateOrWarn } from '../../../../components/use-form-dialog-submit';
import { useSavePackage } from '../api/packages';

type PackageFormValues = {
  title: string;
  description: string;
  price: number | string;
  offerPrice: number | string;
  validityMonths: number | string;
  active: boolean;
  sortOrder: number | string;
  offeredEverywhere: boolean;
};

const EMPTY: PackageFormValues = {
  title: '',
  description: '',
  price: '',
  offerPrice: '',
  validityMonths: DEFAULT_VALIDITY_MONTHS,
  active: true,
  sortOrder: 0,
  offeredEverywhere: false,
};

/** The form's values for a package: its prices back in rupees. */
export function packageFormValues(item: Package): PackageFormValues {
  return {
    title: item.title,
    description: item.description,
    price: item.pricePaise / 100,
    offerPrice: item.offerPricePaise / 100,
    validityMonths: item.validityMonths,
    active: item.active,
    sortOrder: item.sortOrder,
    offeredEverywhere: item.offeredEverywhere,
  };
}

type PackageFormModalProps = {
  opened: boolean;
  /** The package being edited; null adds a new one. */
  editing: Package | null;
  onClose: () => void;
};

/** Add Package / Edit Package (Master): prices in rupees, the offer never above the price. */
export function PackageFormModal({ opened, editing, onClose }: PackageFormModalProps) {
  const form = useForm<PackageFormValues>({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(useSavePackage(), {
    onClose,
    onReset: () => form.reset(),
    successAutoCloseMs: 1500,
  });

  // Each opening starts from the package edited (or an empty form).
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is a new object each render
  useEffect(() => {
    if (!opened) return;
    form.setValues(editing ? packageFormValues(editing) : EMPTY);
    form.clearErrors();
  }, [opened, editing]);

  const save = () => {
    const input = validateOrWarn(PackageInputSchema, form.values, undefined, form.setErrors);
    if (input) dialog.submit({ id: editing?.id, input });
  };

  const money = {
    min: 0,
    decimalScale: 2,
    allowNegative: false,
    thousandSeparator: ',',
    thousandsGroupStyle: 'lakh' as const,
    prefix: '₹ ',
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title={editing ? 'Edit Package' : 'Add Package'}>
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
        <TextInput
          label="Title"
          data-autofocus
          maxLength={PACKAGE_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <GrowingTextarea
          label="Description"
          description="Optional. Shown on the package's card."
          minRows={2}
          maxRows={6}
          maxLength={PACKAGE_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput label="Price (INR)" {...money} {...form.getInputProps('price')} />
          <NumberInput
            label="Offer price (INR)"
            description="What the student pays before GST"
            {...money}
            {...form.getInputProps('offerPrice')}
          />
          <NumberInput
            label="Validity (months)"
            min={1}
            max={120}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('validityMonths')}
          />
          <NumberInput
            label="Sort order"
            description="Lower numbers are listed first"
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('sortOrder')}
          />
        </SimpleGrid>
        <Switch
          label="Active (offered to students)"
          description="A hidden package stays here but is not offered on the cart"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Switch
          label="Offered to every college"
          description="Otherwise only to the colleges it is enabled for on the College List (a college's Packages)"
          {...form.getInputProps('offeredEverywhere', { type: 'checkbox' })}
        />
      </DialogForm>
    </FormDialog>
  );
}
