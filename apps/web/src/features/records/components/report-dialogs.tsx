import { lazy } from 'react';
import { whenOpened } from '../../../components/lazy-dialog';

/**
 * The report page's dialogs (the entry form, an entry's detail, Action, Verify selected, Sign off
 * now) in a file of their own, fetched when the page is idle or a dialog first opens (issue 29):
 * a phone draws the report without downloading and running the form's code, its date pickers and
 * its schemas first. The service worker keeps the file, so a dialog opens with no signal too.
 */
const loadDialogs = () => import('./report-dialog-modules');

export function preloadReportDialogs(): void {
  void loadDialogs().catch(() => undefined);
}

const LazyRecordFormModal = lazy(() => loadDialogs().then((m) => ({ default: m.RecordFormModal })));
const LazyRecordDetailModal = lazy(() => loadDialogs().then((m) => ({ default: m.RecordDetailModal })));
const LazyVerifyModal = lazy(() => loadDialogs().then((m) => ({ default: m.VerifyModal })));
const LazyBulkVerifyModal = lazy(() => loadDialogs().then((m) => ({ default: m.BulkVerifyModal })));
const LazySignOffModal = lazy(() => loadDialogs().then((m) => ({ default: m.SignOffModal })));

export const RecordFormModal = whenOpened(LazyRecordFormModal, (p) => p.opened);
export const RecordDetailModal = whenOpened(LazyRecordDetailModal, (p) => p.recordId !== null);
export const VerifyModal = whenOpened(LazyVerifyModal, (p) => p.record !== null);
export const BulkVerifyModal = whenOpened(LazyBulkVerifyModal, (p) => p.opened);
export const SignOffModal = whenOpened(LazySignOffModal, (p) => p.opened);
