import { Textarea } from '@mantine/core';
import { MEMO_EXPLANATION_MAX, MEMO_MESSAGES, MEMO_REMARK_MAX, type Memo } from '@pgel/shared/academic/memos';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { useState } from 'react';
import { showConfirm, showError } from '../../../components/dialogs';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { useCloseMemo } from '../api/close-memo';
import { useExplainMemo } from '../api/explain-memo';
import { MemoSummary } from './memo-summary';

type ReplyModalProps = { memo: Memo | null; onClose: () => void };

type ReplyTexts = {
  title: string;
  label: string;
  submitLabel: string;
  max: number;
  required: string;
  confirm: string;
};

function ReplyForm({
  memo,
  onClose,
  texts,
  isPending,
  send,
  withExplanation,
}: {
  memo: Memo | null;
  onClose: () => void;
  texts: ReplyTexts;
  isPending: boolean;
  send: (text: string) => void;
  withExplanation: boolean;
}) {
  const [text, setText] = useState('');
  const [isConfirming, setConfirming] = useState(false);

  const save = async () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      void showError(texts.required, VALIDATION_TITLE);
      return;
    }
    if (isConfirming) return;
    setConfirming(true);
    const isConfirmed = await showConfirm({
      title: MEMO_MESSAGES.confirmTitle,
      message: texts.confirm,
      confirmLabel: texts.submitLabel,
    });
    setConfirming(false);
    if (isConfirmed) send(trimmed);
  };

  return (
    <FormDialog opened={memo !== null} onClose={onClose} title={texts.title} closeOnEscape={false}>
      {memo ? (
        <DialogForm
          onSubmit={() => void save()}
          onCancel={onClose}
          isPending={isPending}
          submitLabel={texts.submitLabel}
        >
          <MemoSummary memo={memo} withExplanation={withExplanation} />
          <GrowingTextarea
            label={texts.label}
            withAsterisk
            size="md"
            minRows={4}
            maxRows={12}
            maxLength={texts.max}
            data-autofocus
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </DialogForm>
      ) : null}
    </FormDialog>
  );
}

/** Explain Memo (the memo's student, once): the explanation, confirmed first. */
export function ExplainMemoModal({ memo, onClose }: ReplyModalProps) {
  const dialog = useFormDialogSubmit(useExplainMemo(), { onClose, successFallback: MEMO_MESSAGES.explained });
  return (
    <ReplyForm
      // A new memo starts with an empty box.
      key={memo?.id ?? 'none'}
      memo={memo}
      onClose={dialog.close}
      isPending={dialog.isPending}
      send={(explanation) => memo && dialog.submit({ id: memo.id, explanation })}
      withExplanation={false}
      texts={{
        title: MEMO_MESSAGES.explainTitle,
        label: 'Explanation',
        submitLabel: 'Submit',
        max: MEMO_EXPLANATION_MAX,
        required: MEMO_MESSAGES.explanationRequired,
        confirm: MEMO_MESSAGES.confirmExplain,
      }}
    />
  );
}

/** Close Memo (the HOD, once explained): the HOD's remark, confirmed first. */
export function CloseMemoModal({ memo, onClose }: ReplyModalProps) {
  const dialog = useFormDialogSubmit(useCloseMemo(), { onClose, successFallback: MEMO_MESSAGES.closed });
  return (
    <ReplyForm
      key={memo?.id ?? 'none'}
      memo={memo}
      onClose={dialog.close}
      isPending={dialog.isPending}
      send={(remark) => memo && dialog.submit({ id: memo.id, remark })}
      withExplanation
      texts={{
        title: MEMO_MESSAGES.closeTitle,
        label: 'Remark',
        submitLabel: 'Close Memo',
        max: MEMO_REMARK_MAX,
        required: MEMO_MESSAGES.remarkRequired,
        confirm: MEMO_MESSAGES.confirmClose,
      }}
    />
  );
}
