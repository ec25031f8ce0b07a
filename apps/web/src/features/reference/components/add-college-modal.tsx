import { Button, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateCollegeSchema, STATES_OF_INDIA } from '@pgel/shared/schemas/reference-admin';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { FileUpload } from '../../../components/file-upload';
import { useCreateCollege } from '../api/create-college';
import { showSavedMessage, showSaveError, validateOrWarn } from './reference-dialogs';
import { ReferenceModal } from './reference-modal';

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
  const create = useCreateCollege();
  const form = useForm({ initialValues: EMPTY });
  // Remounts the logo picker on close, so a reopened form starts without the old file.
  const [formKey, setFormKey] = useState(0);
  const [isUploading, setUploading] = useState(false);

  const close = () => {
    form.setValues(EMPTY);
    setFormKey((key) => key + 1);
    create.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit(({ logoName: _logoName, state, gstin, website, ...values }) => {
    const input = validateOrWarn(CreateCollegeSchema, {
      ...values,
      state: state ?? undefined,
      // Optional fields: left out when blank rather than sent as empty text.
      gstin: gstin.trim() || undefined,
      website: website.trim() || undefined,
    });
    if (!input) return;
    create.mutate(input, {
      onSuccess: ({ message }) => {
        close();
        showSavedMessage(message);
      },
      onError: showSaveError,
    });
  });

  return (
    <ReferenceModal opened={opened} onClose={close} title="Add College">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            data-autofocus
            autoComplete="organization"
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10 digit number"
              value={form.values.phone}
              // Digits only: anything else typed or pasted is dropped at once.
              onChange={(event) =>
                form.setFieldValue('phone', event.currentTarget.value.replace(/\D/g, '').slice(0, 10))
              }
            />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
          <Select
            label="State"
            placeholder="Select state"
            searchable
            nothingFoundMessage="No state found"
            data={[...STATES_OF_INDIA]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('state')}
          />
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
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={isUploading}>
              Save
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </ReferenceModal>
  );
}
