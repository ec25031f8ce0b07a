import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLE_LABELS } from '@pgel/shared/roles';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import {
  ADDABLE_STAFF_ROLES,
  AddStaffSchema,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_STAFF_ROLE,
  STAFF_MESSAGES,
} from '@pgel/shared/schemas/staff-admin';
import { showError } from '../../../components/dialogs';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { useAddStaff } from '../api/add-staff';
import { joinStaffPhone, StaffPhoneField, type StaffPhoneParts } from './phone-field';
import { STAFF_SAVE } from './staff-dialogs';

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

const EMPTY = {
  name: '',
  email: '',
  phone: { code: DEFAULT_COUNTRY_CODE, number: '' } as StaffPhoneParts,
  role: DEFAULT_STAFF_ROLE as string | null,
  departmentId: null as string | null,
};

/**
 * Add Staff (spec 03 sections 2, 5): Name, Email, Phone with its country code, Role (default
 * HOD). Checked with the server's own schema first ('Fill All details'), then sent; the new
 * member gets a temporary password and a verification link by e-mail.
 */
export function AddStaffModal({ opened, onClose, college = null }: AddStaffModalProps) {
  const form = useForm({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(useAddStaff(), { ...STAFF_SAVE, onClose, onReset: form.reset });

  const save = () => {
    const { name, email, phone, role, departmentId } = form.values;
    const input = validateOrWarn(
      AddStaffSchema,
      {
        name,
        email,
        phone: joinStaffPhone(phone),
        role: role ?? undefined,
        ...(college ? { collegeId: college.id, departmentId: departmentId ?? undefined } : {}),
      },
      STAFF_MESSAGES.fillAll,
    );
    if (!input) return;
    if (college && !input.departmentId) {
      void showError(STAFF_MESSAGES.selectCollege, VALIDATION_TITLE);
      return;
    }
    dialog.submit(input);
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title={STAFF_MESSAGES.addTitle}>
      <DialogForm
        onSubmit={save}
        onCancel={dialog.close}
        isPending={dialog.isPending}
        submitLabel="Add Staff"
      >
        {college ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="College" value={college.name} readOnly variant="filled" />
            <Select
              label="Department"
              placeholder={college.departments.length === 0 ? 'No departments linked' : 'Select department'}
              searchable
              nothingFoundMessage="No department found"
              data={college.departments.map((d) => ({ value: d.id, label: d.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('departmentId')}
            />
          </SimpleGrid>
        ) : null}
        <TextInput label="Name" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <StaffPhoneField value={form.values.phone} onChange={(phone) => form.setFieldValue('phone', phone)} />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('role')}
        />
      </DialogForm>
    </FormDialog>
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
