import { Button, Stack, TextInput } from '@mantine/core';
import { ADD_HOD_MESSAGES, AddHodSchema } from '@pgel/shared/schemas/staff-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { useAddHod } from '../api/add-hod';
import { showStaffError, showStaffSuccess } from './staff-dialogs';
import { StaffModal } from './staff-modal';

/** Each of the schema's messages has its own dialog title (spec 03 section 5). */
const TITLES: Record<string, string> = {
  [ADD_HOD_MESSAGES.missing]: ADD_HOD_MESSAGES.missingTitle,
  [ADD_HOD_MESSAGES.invalidEmail]: ADD_HOD_MESSAGES.invalidEmailTitle,
  [ADD_HOD_MESSAGES.invalidPhone]: ADD_HOD_MESSAGES.invalidPhoneTitle,
};

/**
 * The Add HOD check, in the spec's order whatever the field order: a missing field first, then
 * the e-mail, then the phone. Returns the dialog to show, or null when the form is fine.
 */
export function addHodProblem(values: {
  name: string;
  email: string;
  phone: string;
}): { title: string; message: string } | null {
  const parsed = AddHodSchema.safeParse(values);
  if (parsed.success) return null;
  const messages = parsed.error.issues.map((issue) => issue.message);
  const message = messages.includes(ADD_HOD_MESSAGES.missing)
    ? ADD_HOD_MESSAGES.missing
    : messages.includes(ADD_HOD_MESSAGES.invalidEmail)
      ? ADD_HOD_MESSAGES.invalidEmail
      : (messages[0] ?? ADD_HOD_MESSAGES.missing);
  return { title: TITLES[message] ?? ADD_HOD_MESSAGES.missingTitle, message };
}

/** The footer's Add HOD (spec 03 sections 2, 5): another HOD of the caller's own department. */
export function AddHodModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddHod();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');

  const close = () => {
    setName('');
    setEmail('');
    setPhone('');
    add.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { name, email, phone };
    const problem = addHodProblem(values);
    if (problem) {
      void showError(problem.message, problem.title);
      return;
    }
    add.mutate(AddHodSchema.parse(values), {
      onSuccess: ({ message }) => {
        close();
        void showStaffSuccess(message);
      },
      onError: (error) => void showStaffError(error),
    });
  };

  return (
    <StaffModal opened={opened} onClose={close} title="Add HOD" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="10 digit number"
            value={phone}
            // Digits only, at most ten: anything else typed or pasted is dropped at once.
            onChange={(event) => setPhone(event.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
          />
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add HOD
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </StaffModal>
  );
}
