import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MEMO_MESSAGES, MEMO_REASON_MAX } from '@pgel/shared/academic/memos';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { DateField, todayIso } from '../../../components/date-field';
import { showError } from '../../../components/dialogs';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { StudentFilter } from '../../records/components/student-filter';
import { useCreateMemo } from '../api/create-memo';

type CreateMemoModalProps = { opened: boolean; onClose: () => void };

function emptyMemo() {
  return { studentId: null as string | null, date: todayIso() as string | null, reason: '' };
}

/**
 * Create Memo (the HOD; spec 03 sections 2, 5): the student, the date (today by default, never
 * later) and the reason; 'Please fill all the fields!' before anything is sent. The server
 * numbers the memo and tells the student.
 */
export function CreateMemoModal({ opened, onClose }: CreateMemoModalProps) {
  const form = useForm({ initialValues: emptyMemo() });
  const dialog = useFormDialogSubmit(useCreateMemo(), {
    onClose,
    onReset: () => form.setValues(emptyMemo()),
    successFallback: MEMO_MESSAGES.created,
  });
  const today = todayIso();

  const save = () => {
    const { studentId, date, reason } = form.values;
    if (!studentId || !date || reason.trim() === '') {
      void showError(MEMO_MESSAGES.fillAll, VALIDATION_TITLE);
      return;
    }
    if (date > todayIso()) {
      void showError(MEMO_MESSAGES.futureDate, VALIDATION_TITLE);
      return;
    }
    dialog.submit({ studentId, date, reason: reason.trim() });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={dialog.close}
      title={MEMO_MESSAGES.createTitle}
      closeOnEscape={false}
    >
      <DialogForm
        onSubmit={save}
        onCancel={dialog.close}
        isPending={dialog.isPending}
        submitLabel="Create Memo"
      >
        <StudentFilter
          asField
          value={form.values.studentId}
          onChange={(studentId) => form.setFieldValue('studentId', studentId)}
        />
        <DateField
          label="Date"
          withAsterisk
          maxDate={today}
          value={form.values.date}
          onChange={(date) => form.setFieldValue('date', date)}
        />
        <GrowingTextarea
          label="Reason"
          withAsterisk
          size="md"
          minRows={3}
          maxRows={10}
          maxLength={MEMO_REASON_MAX}
          {...form.getInputProps('reason')}
        />
      </DialogForm>
    </FormDialog>
  );
}
