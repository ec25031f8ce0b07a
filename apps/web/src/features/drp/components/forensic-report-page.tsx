import { isMaster } from '@pgel/shared/auth/policies';
import { isForensicDepartment } from '@pgel/shared/navigation';
import { findKind } from '@pgel/shared/records/kinds';
import { FORENSIC_MESSAGES } from '@pgel/shared/records/kinds/forensic';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { useSessionUser } from '../../../lib/session';
import { ReportPage } from '../../records/components/report-page';

/**
 * The autopsy and forensic record pages (spec 03 section 2): only the Forensic Medicine
 * department keeps them, and the Master reads them (docs/decisions/012). Anyone else, arriving
 * by a typed or old link, gets the no-access panel instead of a call the server would refuse.
 */
export function ForensicReportPage({ kindId }: { kindId: string }) {
  const user = useSessionUser();
  if (!isMaster(user) && !isForensicDepartment(user.department?.name ?? null)) {
    return (
      <NoAccessPanel
        title={findKind(kindId)?.menuTitle ?? 'Forensic records'}
        message={FORENSIC_MESSAGES.notForensic}
      />
    );
  }
  return <ReportPage kindId={kindId} />;
}
