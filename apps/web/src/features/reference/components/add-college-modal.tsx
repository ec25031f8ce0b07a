import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateCollegeSchema } from '@pgel/shared/schemas/reference-admin';
import { useState } from 'react';
import { TenDigitPhoneInput } from '../../../components/digits-input';
import { FileUpload } from '../../../components/file-upload';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { useCreateCollege } from '../api/create-college';
import { REFERENCE_SAVE } from './reference-dialogs';
import { StateSelect } from './state-select';

const EMPTY = {
  name: '',
  phone: '',
  email: '',
  address: '',
  state: null as string | null,
  gstin: '',
  website: '',
  logoFileId: null as string | null,
  logoName: null as string | null,
};

/** Add College (spec 03 sections 2 and 5): name, phone, email, address and state required. */
export function AddCollegeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({ initialValues: EMPTY });
  // Remounts the logo picker on close, so a reopened form starts without the old file.
  const [formKey, setFormKey] = useState(0);
  const [isUploading, setUploading] = useState(false);
  const reset = () => {
    form.setValues(EMPTY);
    setFormKey((key) => key + 1);
  };
  const dialog = useFormDialogSubmit(useCreateCollege(), { ...REFERENCE_SAVE, onClose, onReset: reset });

  const save = () => {
    const { logoName: _logoName, state, gstin, website, ...values } = form.values;
    dialog.submitValid(CreateCollegeSchema, {
      ...values,
      state: state ?? undefined,
      // Optional fields: left out when blank rather than sent as empty text.
      gstin: gstin.trim() || undefined,
      website: website.trim() || undefined,
    });
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title="Add College">
      <DialogForm
        onSubmit={save}
        onCancel={dialog.close}
        isPending={dialog.isPending}
        submitDisabled={isUploading}
      >
        <TextInput label="Name" data-autofocus autoComplete="organization" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TenDigitPhoneInput
            autoComplete="tel-national"
            value={form.values.phone}
            onChange={(phone) => form.setFieldValue('phone', phone)}
          />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <GrowingTextarea label="Address" minRows={2} maxRows={5} {...form.getInputProps('address')} />
        <StateSelect {...form.getInputProps('state')} />
        <FileUpload
          key={formKey}
          label="Logo"
          purpose="document"
          description="Optional. An image (JPEG, PNG, WebP or GIF)."
          currentName={form.values.logoName}
          onUploaded={(file) => {
            form.setFieldValue('logoFileId', file.id);
            form.setFieldValue('logoName', file.originalName);
          }}
          onRemove={() => {
            form.setFieldValue('logoFileId', null);
            form.setFieldValue('logoName', null);
          }}
          onBusyChange={setUploading}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="GSTIN" description="Optional" {...form.getInputProps('gstin')} />
          <TextInput
            label="Website"
            description="Optional"
            type="url"
            autoComplete="url"
            {...form.getInputProps('website')}
          />
        </SimpleGrid>
      </DialogForm>
    </FormDialog>
  );
}
