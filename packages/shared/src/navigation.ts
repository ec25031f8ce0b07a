import { canUseRecordKind, isMaster, isStaff } from './auth/policies';
import { RECORD_KINDS } from './records/kinds';
import { kindPagePath } from './records/paths';
import type { StaffRole } from './roles';

/**
 * The signed-in shell's sidebar (spec 01 section 2.11) and floating add button (spec 01 section
 * 2.11, spec 03 section 2) as data and pure rules, so the web renders them and the tests check
 * every route against every role without a browser.
 */

/** What the sidebar needs to know about the signed-in user. */
export type NavigationActor = {
  /** null for a student. */
  role: StaffRole | null;
  /** The user's department name; null when the user has none (the Master). */
  departmentName: string | null;
};

/** The one department whose users see the autopsy pages (spec 03 section 2). */
export const FORENSIC_DEPARTMENT_NAME = 'Forensic Medicine';

/** Department names are typed by people: compare them without case or surrounding spaces. */
export function isForensicDepartment(departmentName: string | null): boolean {
  return departmentName?.trim().toLowerCase() === FORENSIC_DEPARTMENT_NAME.toLowerCase();
}

/** Icons by name; the web maps each to an @tabler/icons-react component. */
export const NAV_ICON_NAMES = [
  'dashboard',
  'coupon',
  'referral',
  'package',
  'staff-list',
  'college',
  'department',
  'competency',
  'skill',
  'specialty',
  'students',
  'staff',
  'checklist',
  'logbook',
  'thesis',
  'drp',
  'autopsy',
  'appraisal',
  'memo',
  'aetcom',
  'reports',
  'print',
  'support',
  'activity',
  'institution',
  'upload',
  'attendance',
  'publication',
  'review',
] as const;
export type NavIconName = (typeof NAV_ICON_NAMES)[number];

/** Who may see an entry. */
export type NavRule = (actor: NavigationActor) => boolean;

export const everyone: NavRule = () => true;
export const staffOnly: NavRule = (actor) => isStaff(actor);
export const masterOnly: NavRule = (actor) => isMaster(actor);
export const hodOnly: NavRule = (actor) => actor.role === 'hod';
/** Staff who teach in a department: not Master, Admin or a DRP coordinator. */
export const departmentFaculty: NavRule = (actor) =>
  actor.role !== null && !['master', 'admin', 'drp_coordinator'].includes(actor.role);
export const forensicOnly: NavRule = (actor) => isForensicDepartment(actor.departmentName);

/**
 * The fifteen activity categories of the logbook (spec 02 section 2), in the sidebar's order.
 * The id is the `/task/{id}` segment: readable slugs instead of the source's database ids.
 */
export const LOGBOOK_ACTIVITIES = [
  { id: 'introduction-schedule', title: 'Introductory Program' },
  { id: 'teaching', title: 'Teaching' },
  { id: 'clinical-training', title: 'Clinical Training' },
  { id: 'opd', title: 'OPD (Campus)' },
  { id: 'conference', title: 'Conferences/CME/Workshops' },
  { id: 'paper-poster', title: 'Paper/Poster Presentation' },
  { id: 'thesis-review', title: 'Thesis Review (Activity)' },
  { id: 'speciality-posting', title: 'Speciality Posting' },
  { id: 'diagnostic-skill', title: 'Diagnostic Skills' },
  { id: 'surgical-skill', title: 'Surgical Skills' },
  { id: 'skills-lab', title: 'Skills Lab' },
  { id: 'extra-curricular', title: 'Extra Curricular' },
  { id: 'leave', title: 'Leave' },
  { id: 'clinical-case', title: 'Clinical Cases' },
  { id: 'procedure', title: 'Procedures' },
] as const;
export type LogbookActivityId = (typeof LOGBOOK_ACTIVITIES)[number]['id'];

/** The activity report screen of one category. */
export function taskPath(id: LogbookActivityId): `/task/${LogbookActivityId}` {
  return `/task/${id}`;
}

type LinkSpec = { title: string; path: string; icon: NavIconName; visibleTo: NavRule };
type GroupSpec = { id: string; title: string; icon: NavIconName; visibleTo: NavRule; children: LinkSpec[] };
type EntrySpec = ({ kind: 'link' } & LinkSpec) | ({ kind: 'group' } & GroupSpec);

const link = (title: string, path: string, icon: NavIconName, visibleTo: NavRule = everyone): EntrySpec => ({
  kind: 'link',
  title,
  path,
  icon,
  visibleTo,
});

const child = (title: string, path: string, icon: NavIconName, visibleTo: NavRule = everyone): LinkSpec => ({
  title,
  path,
  icon,
  visibleTo,
});

/**
 * Every sidebar entry in display order with its visibility rule. Entries without a rule are for
 * everyone; the spec names no narrower audience for them.
 */
export const NAVIGATION: readonly EntrySpec[] = [
  link('Dashboard', '/dashboard', 'dashboard'),
  link('Coupons', '/coupons', 'coupon', masterOnly),
  link('Referral', '/referral', 'referral', masterOnly),
  link('Packages', '/managePackages', 'package', masterOnly),
  link('All Staffs', '/allHod', 'staff-list', masterOnly),
  link('College', '/addCollege', 'college', masterOnly),
  link('Departments', '/departments', 'department', masterOnly),
  link('Competency', '/computency', 'competency', masterOnly),
  link('Skills', '/skills', 'skill', masterOnly),
  link('Specialty', '/specialty', 'specialty', masterOnly),
  // Every full view of patient identifiers (issue 15, DPDP Rules 2025 rule 6).
  link('Patient Access Log', '/patientAccessLog', 'review', masterOnly),
  link('All Students', '/allStudent', 'students', staffOnly),
  link('All Staff', '/allStaff', 'staff', hodOnly),
  link('Mand. Checklist', '/checkList', 'checklist'),
  {
    kind: 'group',
    id: 'logbook',
    title: 'Log Book',
    icon: 'logbook',
    visibleTo: everyone,
    children: LOGBOOK_ACTIVITIES.map(({ id, title }) => child(title, taskPath(id), 'activity')),
  },
  {
    kind: 'group',
    id: 'thesis',
    title: 'Thesis & Pub.',
    icon: 'thesis',
    visibleTo: everyone,
    children: [
      child('Thesis Synopsis', '/synopsis', 'thesis'),
      child('Thesis Review', '/thesisReview', 'review'),
      child('Paper/Poster Presentation', taskPath('paper-poster'), 'activity'),
      child('Publication', '/publication', 'publication'),
    ],
  },
  {
    kind: 'group',
    id: 'drp',
    title: 'DRP',
    icon: 'drp',
    visibleTo: everyone,
    children: [
      child('DRP Records', '/drp/offline', 'upload'),
      child('DRP Co-ordinator', '/drp/home', 'drp'),
      child('DRP Attendance', '/drp/attendence', 'attendance'),
      child('DRP Activity', '/drp/proc', 'activity'),
      child('DRP Autopsy', '/autopsy', 'autopsy', forensicOnly),
      child('Institutions', '/addInstitute', 'institution', staffOnly),
    ],
  },
  {
    kind: 'group',
    id: 'autopsy',
    title: 'AUTOPSY',
    icon: 'autopsy',
    visibleTo: forensicOnly,
    children: [
      child('Medico-legal Autopsy', '/forn/medico', 'autopsy'),
      child('Expert Opinion', '/forn/expertOpinion', 'review'),
      child('Crime Scene Investigation', '/forn/crimeScene', 'checklist'),
    ],
  },
  link('Quarterly Appraisal Form', '/appeal', 'appraisal'),
  link('Memo', '/memo', 'memo'),
  link('Aetcom', '/atcom', 'aetcom'),
  link('Reports', '/reports', 'reports', staffOnly),
  link('Print Logbook', '/printLogbook', 'print'),
  link('Support', '/contact', 'support'),
];

/** A link the sidebar shows. */
export type NavLinkItem = { kind: 'link'; title: string; path: string; icon: NavIconName };
/** A submenu the sidebar shows, with at least one visible link. */
export type NavGroupItem = {
  kind: 'group';
  id: string;
  title: string;
  icon: NavIconName;
  children: NavLinkItem[];
};
export type NavItem = NavLinkItem | NavGroupItem;

export type VisibleNavigationOptions = {
  /**
   * The screens that exist in this build; links elsewhere stay hidden until their screen is
   * built (issue 3). null shows every link the actor may see.
   */
  availablePaths: ReadonlySet<string> | null;
};

/**
 * A DRP coordinator works at a district institution, not in a department: they see the DRP
 * screens of the residents posted to them and nothing of the college's own (issue 12).
 */
export const DRP_COORDINATOR_PATHS: ReadonlySet<string> = new Set([
  '/dashboard',
  '/drp/offline',
  '/drp/home',
  '/drp/attendence',
  '/drp/proc',
  '/contact',
]);

/** The sidebar for this actor: entries they may see, pointing at screens that exist. */
export function visibleNavigation(actor: NavigationActor, options: VisibleNavigationOptions): NavItem[] {
  const { availablePaths } = options;
  const coordinator = actor.role === 'drp_coordinator';
  const shows = (spec: LinkSpec) =>
    spec.visibleTo(actor) &&
    (!coordinator || DRP_COORDINATOR_PATHS.has(spec.path)) &&
    (availablePaths === null || availablePaths.has(spec.path));
  const toLink = ({ title, path, icon }: LinkSpec): NavLinkItem => ({ kind: 'link', title, path, icon });

  const items: NavItem[] = [];
  for (const entry of NAVIGATION) {
    if (entry.kind === 'link') {
      if (shows(entry)) items.push(toLink(entry));
      continue;
    }
    if (!entry.visibleTo(actor)) continue;
    const children = entry.children.filter(shows).map(toLink);
    // An empty submenu is noise: drop it.
    if (children.length > 0) {
      items.push({ kind: 'group', id: entry.id, title: entry.title, icon: entry.icon, children });
    }
  }
  return items;
}

/** Route paths match as React Router matches them: ignoring case and a trailing slash. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (trimmed || '/').toLowerCase();
}

/**
 * Pages besides the record kinds' where a student adds something with the floating button: their
 * DRP posting (`/drp/home`). Everywhere else a student has nothing to add (issue 28: the button
 * showed on Reports, on the forensic pages outside Forensic Medicine, on the profile).
 */
export const STUDENT_PAGES_WITH_ADD_BUTTON = ['/drp/home'] as const;

/**
 * The pages where a student adds entries: each record kind's report (its own page or
 * `/task/{kind}`, the checklist's `/checkList` too) that the student's department keeps (the
 * forensic kinds only in Forensic Medicine), and STUDENT_PAGES_WITH_ADD_BUTTON.
 */
export function studentAddPaths(departmentName: string | null): ReadonlySet<string> {
  const inForensicDepartment = isForensicDepartment(departmentName);
  const found = new Set<string>(STUDENT_PAGES_WITH_ADD_BUTTON.map(normalisePath));
  for (const kind of RECORD_KINDS) {
    if (!canUseRecordKind({ role: null }, kind, 'write', inForensicDepartment)) continue;
    found.add(normalisePath(kindPagePath(kind.id)));
    if (!kind.page) found.add(normalisePath(`/task/${kind.id}`));
  }
  return found;
}

/** Pages where staff get the floating add button, and which staff (nowhere else for staff). */
export const STAFF_PAGES_WITH_ADD_BUTTON: readonly { path: string; visibleTo: NavRule }[] = [
  { path: '/allStaff', visibleTo: hodOnly },
  { path: '/memo', visibleTo: hodOnly },
  { path: '/coupons', visibleTo: masterOnly },
  { path: '/referral', visibleTo: masterOnly },
  { path: '/managePackages', visibleTo: masterOnly },
  { path: '/addCollege', visibleTo: masterOnly },
  { path: '/departments', visibleTo: masterOnly },
  { path: '/computency', visibleTo: masterOnly },
  { path: '/skills', visibleTo: masterOnly },
  // Faculty record a resident's DRP posting; DRP activities and logbook uploads are the
  // resident's own records, and a coordinator records nothing (docs/decisions/012).
  { path: '/drp/home', visibleTo: departmentFaculty },
  { path: '/addInstitute', visibleTo: (actor) => staffOnly(actor) && actor.role !== 'drp_coordinator' },
];

/**
 * Whether the floating add button shows on this page for this actor (spec 01 section 2.11, spec
 * 03 section 2): only where there is something to add. A student gets it on the pages of the
 * record kinds their department keeps and on their DRP postings (`studentAddPaths`); staff only on
 * the listed pages.
 */
export function showsFloatingAddButton(pathname: string, actor: NavigationActor): boolean {
  const path = normalisePath(pathname);
  if (actor.role === null) return studentAddPaths(actor.departmentName).has(path);
  return STAFF_PAGES_WITH_ADD_BUTTON.some(
    (page) => normalisePath(page.path) === path && page.visibleTo(actor),
  );
}
