import { MemoPage } from '../../features/memos/components/memo-page';

/** `/memo`: the memos of the department (HOD, staff) or the student's own. */
export function Component() {
  return <MemoPage />;
}
