import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import {
  INQUIRY_MESSAGES,
  INQUIRY_SUCCESS_DIALOG_MS,
  type InquiryInput,
  InquirySchema,
} from '@pgel/shared/schemas/settings';
import { PHONE_LENGTH } from '@pgel/shared/schemas/signup';
import { IconMail, IconPhone, IconSend, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { showError, showMessage } from '../../../components/dialogs';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateInquiry } from '../api/create-inquiry';

type InquiryValues = Required<InquiryInput>;

/**
 * Keeps digits only, at most ten: an 11th digit cannot be typed. No native maxLength, which would
 * cut a pasted "98765-43210" before the dash is removed.
 */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_LENGTH);

/** The inquiry form of /contact and of the landing's contact section (spec 01 sections 2.2 and 5). */
export function InquiryForm() {
  const navigate = useNavigate();
  const mutation = useCreateInquiry();
  const form = useForm<InquiryValues>({
    initialValues: { name: '', phone: '', email: '', subject: '', message: '' },
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = InquirySchema.safeParse(values);
    if (!parsed.success) {
      void showMessage({
        title: VALIDATION_TITLE,
        message: parsed.error.issues[0]?.message ?? INQUIRY_MESSAGES.allFields,
        tone: 'error',
      });
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: async ({ message }) => {
        await showMessage({
          title: INQUIRY_MESSAGES.successTitle,
          message,
          tone: 'success',
          autoCloseMs: INQUIRY_SUCCESS_DIALOG_MS,
        });
        navigate(paths.thankYou);
      },
      onError: (error) => void showError(errorMessage(error)),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Inquiry form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Name"
            autoComplete="name"
            placeholder="Your full name"
            leftSection={<IconUser size={18} aria-hidden />}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="10-digit mobile number"
            leftSection={<IconPhone size={18} aria-hidden />}
            value={form.values.phone}
            onChange={(event) => form.setFieldValue('phone', digitsOnly(event.currentTarget.value))}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={18} aria-hidden />}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Subject"
          placeholder="What is your message about?"
          {...form.getInputProps('subject')}
        />
        <GrowingTextarea
          label="Message"
          placeholder="How can we help?"
          minRows={4}
          maxRows={10}
          size="md"
          {...form.getInputProps('message')}
        />
        <Button
          type="submit"
          loading={mutation.isPending}
          rightSection={<IconSend size={18} aria-hidden />}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          Submit
        </Button>
      </Stack>
    </form>
  );
}
