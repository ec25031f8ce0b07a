import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ROLE_LABELS } from '@pgel/shared/roles';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import {
  ADDABLE_STAFF_ROLES,
  AddStaffSchema,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_STAFF_ROLE,
  STAFF_MESSAGES,
} from '@pgel/shared/schemas/staff-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { useAddStaff } from '../api/add-staff';
import { joinStaffPhone, StaffPhoneField, type StaffPhoneParts } from './phone-field';
import { showStaffError, showStaffSuccess, validateOrWarn } from './staff-dialogs';
import { StaffModal } from './staff-modal';

const ROLE_OPTIONS = ADDABLE_STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The college Master adds a member to (a row of /addCollege) and the departments it runs. */
export type StaffCollege = { id: string; name: string; departments: { id: string; name: string }[] };

type AddStaffModalProps = {
  opened: boolean;
  onClose: () => void;
  /**
   * Master, from a college row: the college is fixed and a department of it must be chosen.
   * Absent for an HOD, whose college and department the server takes from the session.
   */
  college?: StaffCollege | null;
};

const EMPTY_PHONE: StaffPhoneParts = { code: DEFAULT_COUNTRY_CODE, number: '' };

/**
 * Add Staff (spec 03 sections 2, 5): Name, Email, Phone with its country code, Role (default
 * HOD). Checked with the server's own schema first ('Fill All details'), then sent; the new
 * member gets a temporary password and a verification link by e-mail.
 */
export function AddStaffModal({ opened, onClose, college = null }: AddStaffModalProps) {
  const add = useAddStaff();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<StaffPhoneParts>(EMPTY_PHONE);
  const [role, setRole] = useState<string | null>(DEFAULT_STAFF_ROLE);
  const [departmentId, setDepartmentId] = useState<string | null>(null);

  const close = () => {
    setName('');
    setEmail('');
    setPhone(EMPTY_PHONE);
    setRole(DEFAULT_STAFF_ROLE);
    setDepartmentId(null);
    add.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validateOrWarn(AddStaffSchema, {
      name,
      email,
      phone: joinStaffPhone(phone),
      role: role ?? undefined,
      ...(college ? { collegeId: college.id, departmentId: departmentId ?? undefined } : {}),
    });
    if (!input) return;
    if (college && !input.departmentId) {
      void showError(STAFF_MESSAGES.selectCollege, VALIDATION_TITLE);
      return;
    }
    add.mutate(input, {
      onSuccess: ({ message }) => {
        close();
        void showStaffSuccess(message);
      },
      onError: (error) => void showStaffError(error),
    });
  };

  return (
    <StaffModal opened={opened} onClose={close} title={STAFF_MESSAGES.addTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {college ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label="College" value={college.name} readOnly variant="filled" />
              <Select
                label="Department"
                placeholder={college.departments.length === 0 ? 'No departments linked' : 'Select department'}
                searchable
                nothingFoundMessage="No department found"
                data={college.departments.map((d) => ({ value: d.id, label: d.name }))}
                value={departmentId}
                onChange={setDepartmentId}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          ) : null}
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
          <StaffPhoneField value={phone} onChange={setPhone} />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={setRole}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Staff
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </StaffModal>
  );
}

/** Add Staff from a college row of /addCollege (Master): open while `college` is set. */
export function AddCollegeStaffModal({
  college,
  onClose,
}: {
  college: StaffCollege | null;
  onClose: () => void;
}) {
  return <AddStaffModal opened={college !== null} onClose={onClose} college={college} />;
}
