import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { useState } from 'react';
import { showConfirm, showError, showMessage } from '../../../components/dialogs';
import { isApiError } from '../../../lib/api-client';
import { useDeleteRecord } from '../api/delete-record';
import { RECORD_DELETED_AUTO_CLOSE_MS } from './record-dialogs';

/**
 * A student's delete of an unverified entry, as every list offers it: the kind's warning first,
 * then the delete, then 'Deleted!' (a record verified meanwhile says so). `deletingIds` marks the
 * rows whose delete is under way.
 */
export function useConfirmedDelete(
  kind: Pick<RecordKind, 'deleteWarning'>,
  onDeleted?: (id: string) => void,
) {
  const remove = useDeleteRecord();
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  const deleteRow = async (row: { id: string }) => {
    const isConfirmed = await showConfirm({
      title: RECORD_MESSAGES.deleteConfirmTitle,
      message: kind.deleteWarning ?? RECORD_MESSAGES.deleteWarning,
      confirmLabel: 'Yes, delete it!',
      danger: true,
    });
    if (!isConfirmed) return;
    setDeletingIds((current) => new Set(current).add(row.id));
    try {
      const { message } = await remove.mutateAsync(row.id);
      onDeleted?.(row.id);
      await showMessage({
        title: 'Deleted!',
        message: message || RECORD_MESSAGES.deleted,
        tone: 'success',
        autoCloseMs: RECORD_DELETED_AUTO_CLOSE_MS,
      });
    } catch (error) {
      // A record verified meanwhile says so; anything else is the spec's message.
      await showError(
        isApiError(error) && error.status === 409 ? error.message : RECORD_MESSAGES.deleteFailed,
      );
    } finally {
      setDeletingIds((current) => {
        const next = new Set(current);
        next.delete(row.id);
        return next;
      });
    }
  };

  return { deleteRow, deletingIds };
}
