import { Stack, Text } from '@mantine/core';
import { RECORD_MESSAGES, type RecordListItem, VerifyRecordSchema } from '@pgel/shared/records/api';
import { useState } from 'react';
import { showError, showMessage } from '../../../components/dialogs';
import { FileViewer } from '../../../components/file-viewer';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { failureMessage, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { useVerifyRecord } from '../../records/api/verify-record';
import { asViewableFile } from '../../records/components/record-format';

type ReviewActionModalProps = {
  /** The upload to approve; the modal is open while it is set. */
  record: RecordListItem | null;
  onClose: () => void;
};

/**
 * The Action modal of a review upload (spec 03 sections 2, 4): the file being approved (issue 28:
 * the dialog did not show it), the faculty member's feedback and Approve. The uploads are only
 * ever approved (the kind offers no other verdict); the feedback is required, as for every
 * verification.
 */
export function ReviewActionModal({ record, onClose }: ReviewActionModalProps) {
  return (
    <FormDialog opened={record !== null} onClose={onClose} title="Action" closeOnEscape={false} size="xl">
      {record ? <ReviewActionForm key={record.id} record={record} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ReviewActionForm({ record, onClose }: { record: RecordListItem; onClose: () => void }) {
  const [feedback, setFeedback] = useState('');
  const file = asViewableFile(record.certificate);
  const verify = useVerifyRecord();

  const submit = () => {
    if (verify.isPending) return;
    const input = validateOrWarn(VerifyRecordSchema, { status: 'approved', remark: feedback });
    if (!input) return;
    verify.mutate(
      { id: record.id, ...input },
      {
        onSuccess: ({ message }) => {
          onClose();
          void showMessage({ title: 'Success', message, tone: 'success' });
        },
        onError: (error) => void showError(failureMessage(error)),
      },
    );
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel="Approve"
      isPending={verify.isPending}
      label="Action"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>{record.studentName}</Text>
          {record.studentRemark ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {record.studentRemark}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4} component="section" aria-label="File">
          <Text size="sm" fw={500}>
            File
          </Text>
          {file ? (
            <FileViewer file={file} maxImageHeight={320} frameHeight={360} />
          ) : (
            <Text size="sm" c="dimmed">
              {RECORD_MESSAGES.noFile}
            </Text>
          )}
        </Stack>
        <GrowingTextarea
          label="Feedback"
          placeholder="Your feedback on this upload"
          value={feedback}
          onChange={(event) => setFeedback(event.currentTarget.value)}
          maxLength={2000}
          minRows={3}
          maxRows={8}
          required
          data-autofocus
        />
      </Stack>
    </DialogForm>
  );
}
