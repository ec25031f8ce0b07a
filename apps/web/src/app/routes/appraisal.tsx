import { AppraisalPage } from '../../features/assessments/components/appraisal-page';

/** `/appeal`: the Quarterly Appraisal Form. */
export function Component() {
  return <AppraisalPage />;
}
