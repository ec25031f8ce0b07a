import { AttendancePage } from '../../features/drp/components/attendance-page';

/** `/drp/attendence` (the spec's spelling): the posted residents' attendance. */
export function Component() {
  return <AttendancePage />;
}
