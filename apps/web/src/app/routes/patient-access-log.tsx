import { PatientAccessLogPage } from '../../features/privacy/patient-access-log-page';

/** `/patientAccessLog` (Master): the patient data access log (issue 15). */
export function Component() {
  return <PatientAccessLogPage />;
}
