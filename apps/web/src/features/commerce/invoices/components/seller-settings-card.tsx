import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_SAC_CODE,
  INVOICE_MESSAGES as M,
  type SellerSettings,
  SellerSettingsInputSchema,
} from '@pgel/shared/commerce/invoices';
import type { IndianState } from '@pgel/shared/schemas/reference-admin';
import { IconAlertTriangle, IconFileInvoice } from '@tabler/icons-react';
import { showMessage } from '../../../../components/dialogs';
import { failureMessage } from '../../../../components/use-form-dialog-submit';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { StateSelect } from '../../../reference/components/state-select';
import { useSaveSellerSettings, useSellerSettings } from '../api/invoices';

const TITLE_ID = 'seller-settings-title';

type Values = { legalName: string; address: string; state: string | null; gstin: string; sacCode: string };

const valuesOf = (seller: SellerSettings): Values => ({
  legalName: seller.legalName,
  address: seller.address,
  state: seller.state,
  gstin: seller.gstin ?? '',
  sacCode: seller.sacCode,
});

function SellerForm({ seller }: { seller: SellerSettings }) {
  const save = useSaveSellerSettings();
  const form = useForm<Values>({ initialValues: valuesOf(seller) });

  const onSubmit = form.onSubmit((values) => {
    // The server's schema, so the page names the same problem the server would.
    const parsed = SellerSettingsInputSchema.safeParse({
      ...values,
      state: (values.state ?? undefined) as IndianState | undefined,
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'legalName');
        errors[field] ??= issue.message;
      }
      form.setErrors(errors);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        void showMessage({ title: 'Saved', message, tone: 'success', autoCloseMs: 2000 });
      },
      onError: (error) => {
        if (isApiError(error) && error.fieldErrors) form.setErrors(error.fieldErrors);
        else form.setErrors({ legalName: failureMessage(error) });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Legal name" required maxLength={200} {...form.getInputProps('legalName')} />
        <Textarea label="Address" required rows={2} maxLength={500} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <StateSelect required {...form.getInputProps('state')} />
          <TextInput
            label="GSTIN"
            description="Leave empty until registered: invoices then say “GSTIN not set”"
            placeholder="27AAPFU0939F1ZV"
            maxLength={15}
            autoComplete="off"
            styles={{
              input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' },
            }}
            {...form.getInputProps('gstin')}
          />
          <TextInput
            label="SAC code"
            description={`${DEFAULT_SAC_CODE}: hosted software (application service provisioning)`}
            required
            inputMode="numeric"
            maxLength={6}
            {...form.getInputProps('sacCode')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save seller details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Master's seller details for GST tax invoices (issue 28): legal name, address, state, GSTIN (its
 * check character checked) and SAC code. Invoices already issued keep the details they were
 * issued with.
 */
export function SellerSettingsCard() {
  const seller = useSellerSettings();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconFileInvoice size={20} aria-hidden />
          <Title order={2} size="h4" id={TITLE_ID}>
            Tax invoice: seller details
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Every verified payment gets a GST tax invoice with these details. A buyer in the seller’s state is
          charged CGST + SGST, anyone else IGST.
        </Text>
        {seller.isPending ? (
          <Loader size="sm" aria-label="Loading seller details" />
        ) : seller.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {errorMessage(seller.error)}
          </Alert>
        ) : (
          <>
            {seller.data.gstin === null ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                No GSTIN is set: invoices print “{M.gstinNotSet}”.
              </Alert>
            ) : null}
            {/* Keyed by what is stored: a save shows the stored (upper-cased) values. */}
            <SellerForm key={JSON.stringify(seller.data)} seller={seller.data} />
          </>
        )}
      </Stack>
    </Card>
  );
}
