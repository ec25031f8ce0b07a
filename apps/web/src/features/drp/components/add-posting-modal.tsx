import { Loader, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DRP_EMAIL_MAX, DRP_MESSAGES, DRP_NAME_MAX, drpScheduleTo } from '@pgel/shared/drp/postings';
import { EMAIL_PATTERN, VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { StoredFile } from '@pgel/shared/schemas/files';
import { TEN_DIGIT_PHONE } from '@pgel/shared/schemas/staff-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { showError } from '../../../components/dialogs';
import { DigitsInput } from '../../../components/digits-input';
import { FileUpload } from '../../../components/file-upload';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { formatDate } from '../../records/components/record-format';
import { StudentFilter } from '../../records/components/student-filter';
import { StateSelect } from '../../reference/components/state-select';
import { coordinatorQueryKey, getInstitutionCoordinator, useStateInstitutions } from '../api/institutions';
import { useCreatePosting } from '../api/postings';

type AddPostingModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Staff record a posting for one of their department's residents: a student picker first. */
  withStudentPicker: boolean;
};

/** Whether the chosen institution's coordinator is known (prefilled, read-only) or to be typed. */
type CoordinatorLookup = 'none' | 'loading' | 'known' | 'new';

function emptyPosting() {
  return {
    studentId: null as string | null,
    state: null as string | null,
    institutionId: null as string | null,
    coordinatorName: '',
    coordinatorEmail: '',
    coordinatorPhone: '',
    scheduleFrom: null as string | null,
    notice: null as StoredFile | null,
  };
}
type PostingValues = ReturnType<typeof emptyPosting>;

/** The first problem with the form, in the order the spec's messages are checked; null when none. */
export function postingProblem(values: PostingValues, needsStudent: boolean, typedCoordinator: boolean) {
  if (!values.institutionId) return DRP_MESSAGES.selectInstitution;
  const name = values.coordinatorName.trim();
  const email = values.coordinatorEmail.trim();
  const phone = values.coordinatorPhone.trim();
  if (!values.state || !name || !email || !phone || !values.scheduleFrom) return DRP_MESSAGES.fillAll;
  if (needsStudent && !values.studentId) return DRP_MESSAGES.studentRequired;
  // A known coordinator's details come from their account; only typed ones are checked here.
  if (typedCoordinator && !EMAIL_PATTERN.test(email)) return DRP_MESSAGES.invalidEmail;
  if (typedCoordinator && !TEN_DIGIT_PHONE.test(phone)) return DRP_MESSAGES.invalidPhone;
  return null;
}

/**
 * Add DRPC (spec 03 sections 2, 5, 9): state, then an institution of that state, the
 * coordinator (prefilled read-only when the institution has one), the schedule (to = from + 90
 * days, shown, set by the server) and an optional notice file.
 */
export function AddPostingModal({ opened, onClose, withStudentPicker }: AddPostingModalProps) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: emptyPosting() });
  const [lookup, setLookup] = useState<CoordinatorLookup>('none');
  const [isUploading, setUploading] = useState(false);
  // The institution whose coordinator was asked for last: a slower earlier answer is dropped.
  const askedFor = useRef<string | null>(null);
  const institutions = useStateInstitutions(form.values.state);

  const reset = () => {
    askedFor.current = null;
    form.setValues(emptyPosting());
    setLookup('none');
    setUploading(false);
  };
  const dialog = useFormDialogSubmit(useCreatePosting(), {
    onClose,
    onReset: reset,
    successFallback: DRP_MESSAGES.added,
    successAutoCloseMs: 1500,
    failure: { serverError: DRP_MESSAGES.saveFailed },
  });

  const setCoordinator = (name: string, email: string, phone: string) =>
    form.setValues({ coordinatorName: name, coordinatorEmail: email, coordinatorPhone: phone });

  const chooseState = (state: string | null) => {
    askedFor.current = null;
    form.setValues({ state, institutionId: null });
    setCoordinator('', '', '');
    setLookup('none');
  };

  const chooseInstitution = async (institutionId: string | null) => {
    askedFor.current = institutionId;
    form.setFieldValue('institutionId', institutionId);
    setCoordinator('', '', '');
    if (!institutionId) {
      setLookup('none');
      return;
    }
    setLookup('loading');
    let coordinator = null;
    try {
      coordinator = await queryClient.fetchQuery({
        queryKey: coordinatorQueryKey(institutionId),
        queryFn: ({ signal }) => getInstitutionCoordinator(institutionId, signal),
      });
    } catch {
      // Not known here: typed in, and the server still uses the institution's own if it has one.
    }
    if (askedFor.current !== institutionId) return;
    if (coordinator) setCoordinator(coordinator.name, coordinator.email, coordinator.phone);
    setLookup(coordinator ? 'known' : 'new');
  };

  const save = () => {
    const values = form.values;
    const problem = postingProblem(values, withStudentPicker, lookup !== 'known');
    if (problem) {
      void showError(problem, VALIDATION_TITLE);
      return;
    }
    const scheduleFrom = values.scheduleFrom ?? '';
    dialog.submit({
      ...(withStudentPicker && values.studentId ? { studentId: values.studentId } : {}),
      state: values.state ?? undefined,
      institutionId: values.institutionId ?? undefined,
      coordinatorName: values.coordinatorName.trim(),
      coordinatorEmail: values.coordinatorEmail.trim(),
      coordinatorPhone: values.coordinatorPhone.trim(),
      scheduleFrom,
      scheduleTo: drpScheduleTo(scheduleFrom),
      ...(values.notice ? { noticeFileId: values.notice.id } : {}),
    });
  };

  const isKnown = lookup === 'known';
  const isLocked = isKnown || lookup === 'loading';
  const known = isKnown ? 'From the institution’s DRP coordinator' : undefined;
  const { scheduleFrom } = form.values;

  return (
    <FormDialog opened={opened} onClose={dialog.close} title={DRP_MESSAGES.addTitle} closeOnEscape={false}>
      <DialogForm
        onSubmit={save}
        onCancel={dialog.close}
        isPending={dialog.isPending}
        submitDisabled={isUploading || lookup === 'loading'}
      >
        {withStudentPicker ? (
          <StudentFilter
            asField
            value={form.values.studentId}
            onChange={(studentId) => form.setFieldValue('studentId', studentId)}
          />
        ) : null}
        <StateSelect withAsterisk size="md" value={form.values.state} onChange={chooseState} />
        <Select
          label="Institution"
          withAsterisk
          size="md"
          searchable
          placeholder={form.values.state ? 'Select institution' : 'Select a state first'}
          disabled={!form.values.state}
          data={(institutions.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
          nothingFoundMessage={institutions.isFetching ? 'Loading…' : 'No institution in this state'}
          rightSection={institutions.isFetching ? <Loader size="xs" aria-label="Loading" /> : undefined}
          value={form.values.institutionId}
          onChange={(id) => void chooseInstitution(id)}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Coordinator Name"
          withAsterisk
          size="md"
          maxLength={DRP_NAME_MAX}
          readOnly={isLocked}
          description={known}
          rightSection={lookup === 'loading' ? <Loader size="xs" aria-label="Loading" /> : undefined}
          {...form.getInputProps('coordinatorName')}
        />
        <TextInput
          label="Coordinator Email"
          withAsterisk
          size="md"
          type="email"
          maxLength={DRP_EMAIL_MAX}
          readOnly={isLocked}
          {...form.getInputProps('coordinatorEmail')}
        />
        {isLocked ? (
          <TextInput
            label="Coordinator Phone"
            withAsterisk
            size="md"
            readOnly
            value={form.values.coordinatorPhone}
          />
        ) : (
          <DigitsInput
            label="Coordinator Phone"
            withAsterisk
            size="md"
            placeholder="10 digit number"
            maxDigits={10}
            value={form.values.coordinatorPhone}
            onChange={(phone) => form.setFieldValue('coordinatorPhone', phone)}
          />
        )}
        <DateField
          label="Schedule From"
          withAsterisk
          value={scheduleFrom}
          onChange={(date) => form.setFieldValue('scheduleFrom', date)}
        />
        <TextInput
          label="Schedule To"
          size="md"
          readOnly
          description="90 days after Schedule From, set automatically"
          value={scheduleFrom ? formatDate(drpScheduleTo(scheduleFrom)) : ''}
        />
        <FileUpload
          label="Notice"
          purpose="document"
          description="Optional: the posting order or notice"
          currentName={form.values.notice?.originalName ?? null}
          onUploaded={(file) => form.setFieldValue('notice', file)}
          onRemove={() => form.setFieldValue('notice', null)}
          onBusyChange={setUploading}
        />
      </DialogForm>
    </FormDialog>
  );
}
