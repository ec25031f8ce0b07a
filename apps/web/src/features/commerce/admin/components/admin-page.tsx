import { NoAccessPanel, ReferencePage } from '../../../reference/components/reference-page';

/** Master's commerce pages have the frame of the reference pages (also Master's): title, add button, card. */
export const AdminPage = ReferencePage;

/** Shown to anyone but Master (the server refuses them too). */
export function MasterOnlyPanel({ title }: { title: string }) {
  return <NoAccessPanel title={title} />;
}
