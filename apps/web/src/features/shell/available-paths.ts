import { RECORD_KINDS } from '@pgel/shared/records/kinds';

/**
 * The signed-in screens that exist in this build. The sidebar links only to these (issue 3:
 * links to screens later issues build stay hidden until then), so an issue that adds a screen
 * adds its path here in the same change as its route in app/router.tsx.
 */
export const AVAILABLE_PATHS: ReadonlySet<string> = new Set([
  '/dashboard',
  '/profile',
  '/contact',
  // Reference data (issue 4).
  '/addCollege',
  // The departments catalogue (issue 10).
  '/departments',
  '/computency',
  '/skills',
  '/specialty',
  '/addInstitute',
  // Students (issue 4).
  '/allStudent',
  // Staff (issue 4).
  '/allStaff',
  '/allHod',
  // Logbook (issue 5): every record kind's report, and the Mandatory Checklist.
  ...RECORD_KINDS.filter((kind) => !kind.page).map((kind) => `/task/${kind.id}`),
  '/checkList',
  // Academic records (issue 11).
  '/synopsis',
  '/thesisReview',
  '/publication',
  '/memo',
  '/appeal',
  '/atcom',
  // DRP and forensic records (issue 12).
  '/drp/home',
  '/drp/attendence',
  '/drp/proc',
  '/drp/offline',
  '/autopsy',
  '/forn/medico',
  '/forn/expertOpinion',
  '/forn/crimeScene',
  // Commerce (issue 13).
  '/coupons',
  '/referral',
  '/managePackages',
  // Reports and the printable logbook (issue 14).
  '/reports',
  '/printLogbook',
]);
