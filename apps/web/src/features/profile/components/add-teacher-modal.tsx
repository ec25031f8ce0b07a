import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { AddTeacherSchema, TEACHER_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { DialogActions } from '../../../components/dialog-actions';
import { showError, showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useAddTeacher } from '../api/add-teacher';

/** Phones (under Mantine's `xs`, 36em): the modal takes the whole screen. */
const PHONE = '(max-width: 35.99em)';

/** The success dialog closes by itself (spec 01 section 8: success dialogs of 1 to 2 s). */
export const ADDED_AUTO_CLOSE_MS = 1500;

type AddTeacherValues = { name: string; email: string; phone: string };
const EMPTY: AddTeacherValues = { name: '', email: '', phone: '' };

/**
 * Add Teacher (spec 01 section 1, step 3): name, e-mail and a 10-digit phone. The teacher gets
 * a faculty account in the student's college and department, with their sign-in details by
 * e-mail. Checked against the server's own schema first; its first message goes to the dialog.
 */
export function AddTeacherModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE) ?? false;
  const add = useAddTeacher();
  const form = useForm<AddTeacherValues>({ initialValues: EMPTY });

  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    const parsed = AddTeacherSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !errors[field]) errors[field] = issue.message;
      }
      form.setErrors(errors);
      void showError(parsed.error.issues[0]?.message ?? TEACHER_MESSAGES.fillAll, VALIDATION_TITLE);
      return;
    }
    form.clearErrors();
    add.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        close();
        void showMessage({
          title: 'Success',
          message: message || TEACHER_MESSAGES.added,
          tone: 'success',
          autoCloseMs: ADDED_AUTO_CLOSE_MS,
        });
      },
      onError: (error) => void showError(errorMessage(error)),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Teacher"
      size="md"
      centered
      fullScreen={isPhone}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A new teacher gets a faculty account for your department and an e-mail with their sign-in details.
          </Text>
          <TextInput
            label="Name"
            placeholder="Dr. Full Name"
            maxLength={120}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            placeholder="teacher@example.com"
            maxLength={254}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            inputMode="numeric"
            placeholder="10 digit mobile number"
            // Room for a pasted '98765 43210': spaces and dashes are dropped as typed.
            maxLength={20}
            autoComplete="off"
            {...form.getInputProps('phone')}
            onChange={(event) => form.setFieldValue('phone', event.currentTarget.value.replace(/[\s-]/g, ''))}
          />
          <DialogActions>
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Teacher
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
