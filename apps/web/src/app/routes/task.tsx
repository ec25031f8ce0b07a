import { useParams } from 'react-router';
import { ReportPage } from '../../features/records/components/report-page';

/**
 * `/task/synopsis` and `/task/publication` reuse the procedure report and form (spec 02 section 2;
 * their own screens are other routes).
 */
const TASK_ALIASES: Readonly<Record<string, string>> = { synopsis: 'procedure', publication: 'procedure' };

/** `/task/{id}`: the report screen of one record kind of the registry. */
export function Component() {
  const { id = '' } = useParams();
  return <ReportPage kindId={TASK_ALIASES[id] ?? id} />;
}
