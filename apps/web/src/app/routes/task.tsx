import { findKind } from '@pgel/shared/records/kinds';
import { Navigate, useLocation, useParams } from 'react-router';
import { ReportPage } from '../../features/records/components/report-page';

/**
 * `/task/synopsis` and `/task/publication` reuse the procedure report and form (spec 02 section 2;
 * their own screens are other routes).
 */
const TASK_ALIASES: Readonly<Record<string, string>> = { synopsis: 'procedure', publication: 'procedure' };

/**
 * `/task/{id}`: the report screen of one record kind of the registry. A kind with a screen of its
 * own (the thesis review uploads) is shown there, where its rules and context are.
 */
export function Component() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const kindId = TASK_ALIASES[id] ?? id;
  const page = findKind(kindId)?.page;
  if (page) return <Navigate to={`${page}${search}`} replace />;
  return <ReportPage kindId={kindId} />;
}
