import { Stack } from '@mantine/core';
import { THESIS_MESSAGES } from '@pgel/shared/academic/thesis';
import type { RecordKind } from '@pgel/shared/records/types';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { StoredFile } from '@pgel/shared/schemas/files';
import { useState } from 'react';
import { showError, showMessage } from '../../../components/dialogs';
import { FileUpload } from '../../../components/file-upload';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { useCreateRecord } from '../../records/api/create-record';

type UploadReviewModalProps = {
  /** The stage's upload kind (`synopsis-upload` or `thesis-upload`). */
  kind: RecordKind;
  opened: boolean;
  onClose: () => void;
};

/**
 * The record upload modal (spec 03 sections 2, 5): a file (required: 'Please upload a file.')
 * and the student's remark, sent as a record of the stage's upload kind. A refusal shows the
 * server's reason; anything else 'Server error while uploading.'.
 */
export function UploadReviewModal({ kind, opened, onClose }: UploadReviewModalProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={kind.formTitle} closeOnEscape={false}>
      {opened ? <UploadReviewForm kind={kind} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function UploadReviewForm({ kind, onClose }: { kind: RecordKind; onClose: () => void }) {
  const [file, setFile] = useState<StoredFile | null>(null);
  const [remark, setRemark] = useState('');
  const [isUploading, setUploading] = useState(false);
  const create = useCreateRecord();
  const remarkField = kind.fields.find((field) => field.name === 'studentRemark');

  const submit = () => {
    if (create.isPending) return;
    if (!file) {
      void showError(THESIS_MESSAGES.uploadFile, VALIDATION_TITLE);
      return;
    }
    const studentRemark = remark.trim();
    create.mutate(
      {
        kind: kind.id,
        certificateFileId: file.id,
        studentRemark: studentRemark === '' ? null : studentRemark,
        details: {},
      },
      {
        onSuccess: ({ message }) => {
          onClose();
          void showMessage({ title: 'Success', message: message || kind.successMessage, tone: 'success' });
        },
        onError: (error) =>
          void showError(
            failureMessage(error, {
              serverError: THESIS_MESSAGES.uploadFailed,
              unreachable: THESIS_MESSAGES.uploadFailed,
            }),
          ),
      },
    );
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel="Upload"
      isPending={create.isPending}
      submitDisabled={isUploading}
      label={kind.formTitle}
    >
      <Stack gap="md">
        <FileUpload
          label="File"
          purpose="document"
          serverErrorMessage={THESIS_MESSAGES.uploadFailed}
          currentName={file?.originalName ?? null}
          onUploaded={setFile}
          onRemove={() => setFile(null)}
          onBusyChange={setUploading}
        />
        <GrowingTextarea
          label={remarkField?.label ?? 'S-Remark'}
          placeholder="Remark"
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={remarkField && 'maxLength' in remarkField ? remarkField.maxLength : 2000}
          minRows={3}
          maxRows={8}
        />
      </Stack>
    </DialogForm>
  );
}
