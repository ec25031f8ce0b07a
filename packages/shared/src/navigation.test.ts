import { describe, expect, it } from 'vitest';
import {
  DRP_COORDINATOR_PATHS,
  isForensicDepartment,
  LOGBOOK_ACTIVITIES,
  NAV_ICON_NAMES,
  NAVIGATION,
  type NavItem,
  type NavigationActor,
  showsFloatingAddButton,
  visibleNavigation,
} from './navigation';
import { RECORD_KINDS } from './records/kinds';
import { STAFF_ROLES } from './roles';

const MEDICINE = 'General Medicine';
const FORENSIC = 'Forensic Medicine';

const actors = {
  student: { role: null, departmentName: MEDICINE },
  professor: { role: 'professor', departmentName: MEDICINE },
  hod: { role: 'hod', departmentName: MEDICINE },
  master: { role: 'master', departmentName: null },
  drpc: { role: 'drp_coordinator', departmentName: MEDICINE },
  forensicStudent: { role: null, departmentName: FORENSIC },
  forensicProfessor: { role: 'professor', departmentName: FORENSIC },
  forensicHod: { role: 'hod', departmentName: FORENSIC },
} satisfies Record<string, NavigationActor>;
type ActorName = keyof typeof actors;
const ACTOR_NAMES = Object.keys(actors) as ActorName[];

/** Every path the actor's sidebar links to, submenus flattened. */
function paths(items: NavItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item.path] : item.children.map((c) => c.path)));
}

function sees(actor: ActorName, path: string): boolean {
  return paths(visibleNavigation(actors[actor], { availablePaths: null })).includes(path);
}

const ALL: ActorName[] = ACTOR_NAMES;
/** Everyone but the DRP coordinator, who sees only the DRP screens (issue 12). */
const COLLEGE: ActorName[] = ACTOR_NAMES.filter((actor) => actor !== 'drpc');
/** Staff of the college: a DRP coordinator works at a district institution instead. */
const STAFF: ActorName[] = ['professor', 'hod', 'master', 'forensicProfessor', 'forensicHod'];
const FORENSIC_USERS: ActorName[] = ['forensicStudent', 'forensicProfessor', 'forensicHod'];

/** Who sees each sidebar path (spec 01 section 2.11); everyone else must not. */
const SIDEBAR_TABLE: [path: string, seenBy: ActorName[]][] = [
  ['/dashboard', ALL],
  ['/coupons', ['master']],
  ['/referral', ['master']],
  ['/managePackages', ['master']],
  ['/allHod', ['master']],
  ['/addCollege', ['master']],
  ['/departments', ['master']],
  ['/computency', ['master']],
  ['/skills', ['master']],
  ['/specialty', ['master']],
  ['/patientAccessLog', ['master']],
  ['/allStudent', STAFF],
  ['/allStaff', ['hod', 'forensicHod']],
  ['/checkList', COLLEGE],
  ...LOGBOOK_ACTIVITIES.map(({ id }): [string, ActorName[]] => [`/task/${id}`, COLLEGE]),
  ['/synopsis', COLLEGE],
  ['/thesisReview', COLLEGE],
  ['/publication', COLLEGE],
  ['/drp/offline', ALL],
  ['/drp/home', ALL],
  ['/drp/attendence', ALL],
  ['/drp/proc', ALL],
  ['/autopsy', FORENSIC_USERS],
  ['/addInstitute', STAFF],
  ['/forn/medico', FORENSIC_USERS],
  ['/forn/expertOpinion', FORENSIC_USERS],
  ['/forn/crimeScene', FORENSIC_USERS],
  ['/appeal', COLLEGE],
  ['/memo', COLLEGE],
  ['/atcom', COLLEGE],
  ['/reports', STAFF],
  ['/printLogbook', COLLEGE],
  ['/contact', ALL],
];

describe('sidebar visibility', () => {
  const cases = SIDEBAR_TABLE.flatMap(([path, seenBy]) =>
    ACTOR_NAMES.map((actor) => ({ path, actor, expected: seenBy.includes(actor) })),
  );

  it.each(cases)('$path for $actor: $expected', ({ path, actor, expected }) => {
    expect(sees(actor, path)).toBe(expected);
  });

  it('has a row in the table for every path of the sidebar', () => {
    const everyPath = new Set(
      NAVIGATION.flatMap((e) => (e.kind === 'link' ? [e.path] : e.children.map((c) => c.path))),
    );
    expect([...everyPath].sort()).toEqual([...new Set(SIDEBAR_TABLE.map(([p]) => p))].sort());
  });

  it('lists the fifteen logbook categories, each on its own /task/{id} page', () => {
    const logbook = visibleNavigation(actors.student, { availablePaths: null }).find(
      (item) => item.kind === 'group' && item.id === 'logbook',
    );
    expect(logbook?.kind === 'group' && logbook.children.map((c) => [c.title, c.path])).toEqual([
      ['Introductory Program', '/task/introduction-schedule'],
      ['Teaching', '/task/teaching'],
      ['Clinical Training', '/task/clinical-training'],
      ['OPD (Campus)', '/task/opd'],
      ['Conferences/CME/Workshops', '/task/conference'],
      ['Paper/Poster Presentation', '/task/paper-poster'],
      ['Thesis Review (Activity)', '/task/thesis-review'],
      ['Speciality Posting', '/task/speciality-posting'],
      ['Diagnostic Skills', '/task/diagnostic-skill'],
      ['Surgical Skills', '/task/surgical-skill'],
      ['Skills Lab', '/task/skills-lab'],
      ['Extra Curricular', '/task/extra-curricular'],
      ['Leave', '/task/leave'],
      ['Clinical Cases', '/task/clinical-case'],
      ['Procedures', '/task/procedure'],
    ]);
    expect(new Set(LOGBOOK_ACTIVITIES.map((a) => a.id)).size).toBe(15);
  });

  it('links Thesis & Pub. to the paper/poster task page', () => {
    const thesis = visibleNavigation(actors.student, { availablePaths: null }).find(
      (item) => item.kind === 'group' && item.id === 'thesis',
    );
    expect(thesis?.kind === 'group' && thesis.children.map((c) => c.path)).toEqual([
      '/synopsis',
      '/thesisReview',
      '/task/paper-poster',
      '/publication',
    ]);
  });

  it('gives the spec titles to the renamed links', () => {
    const titles = new Map(
      visibleNavigation(actors.master, { availablePaths: null })
        .flatMap((item) => (item.kind === 'link' ? [item] : item.children))
        .map((item) => [item.path, item.title]),
    );
    expect(titles.get('/allHod')).toBe('All Staffs');
    expect(titles.get('/computency')).toBe('Competency');
    expect(titles.get('/checkList')).toBe('Mand. Checklist');
    expect(titles.get('/appeal')).toBe('Quarterly Appraisal Form');
    expect(titles.get('/atcom')).toBe('Aetcom');
    expect(titles.get('/drp/offline')).toBe('DRP Records');
    expect(titles.get('/drp/home')).toBe('DRP Co-ordinator');
    expect(titles.get('/drp/attendence')).toBe('DRP Attendance');
    expect(titles.get('/drp/proc')).toBe('DRP Activity');
    expect(titles.get('/contact')).toBe('Support');
  });

  it('shows the AUTOPSY submenu only to the forensic department', () => {
    const groupIds = (actor: ActorName) =>
      visibleNavigation(actors[actor], { availablePaths: null }).flatMap((i) =>
        i.kind === 'group' ? [i.id] : [],
      );
    expect(groupIds('forensicStudent')).toEqual(['logbook', 'thesis', 'drp', 'autopsy']);
    expect(groupIds('student')).toEqual(['logbook', 'thesis', 'drp']);
    expect(groupIds('master')).toEqual(['logbook', 'thesis', 'drp']);
  });

  it.each([
    ['Forensic Medicine', true],
    ['  forensic medicine ', true],
    ['FORENSIC MEDICINE', true],
    ['General Medicine', false],
    ['Forensic', false],
    [null, false],
  ] as const)('treats department %j as forensic: %s', (name, expected) => {
    expect(isForensicDepartment(name)).toBe(expected);
  });

  it('gives a DRP coordinator the DRP screens and Dashboard and Support, in that order', () => {
    const items = visibleNavigation(actors.drpc, { availablePaths: null });
    expect(items.map((item) => item.title)).toEqual(['Dashboard', 'DRP', 'Support']);
    const drp = items[1];
    expect(drp?.kind === 'group' && drp.children.map((c) => [c.title, c.path])).toEqual([
      ['DRP Records', '/drp/offline'],
      ['DRP Co-ordinator', '/drp/home'],
      ['DRP Attendance', '/drp/attendence'],
      ['DRP Activity', '/drp/proc'],
    ]);
    expect(new Set(paths(items))).toEqual(DRP_COORDINATOR_PATHS);
  });

  it('keeps a DRP coordinator of a forensic department away from the autopsy pages too', () => {
    const seen = paths(
      visibleNavigation({ role: 'drp_coordinator', departmentName: FORENSIC }, { availablePaths: null }),
    );
    expect(seen.filter((path) => path === '/autopsy' || path.startsWith('/forn/'))).toEqual([]);
  });

  it('keeps every staff role to the staff links and away from Master-only ones (but the Master)', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'drp_coordinator')) {
      const seen = paths(visibleNavigation({ role, departmentName: MEDICINE }, { availablePaths: null }));
      expect(seen).toContain('/allStudent');
      expect(seen).toContain('/reports');
      expect(seen.includes('/coupons')).toBe(role === 'master');
      expect(seen.includes('/allStaff')).toBe(role === 'hod');
    }
  });

  it('uses only icons the web knows', () => {
    const icons = NAVIGATION.flatMap((e) =>
      e.kind === 'link' ? [e.icon] : [e.icon, ...e.children.map((c) => c.icon)],
    );
    for (const icon of icons) expect(NAV_ICON_NAMES).toContain(icon);
  });
});

describe('links to screens that exist', () => {
  const today = new Set(['/dashboard', '/profile', '/contact']);

  it.each(ACTOR_NAMES)('shows %s only Dashboard and Support today', (actor) => {
    const items = visibleNavigation(actors[actor], { availablePaths: today });
    expect(items).toEqual([
      { kind: 'link', title: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
      { kind: 'link', title: 'Support', path: '/contact', icon: 'support' },
    ]);
  });

  it('shows a submenu once one of its screens exists, with only those links', () => {
    const items = visibleNavigation(actors.student, {
      availablePaths: new Set(['/dashboard', '/task/teaching', '/task/leave']),
    });
    expect(items.map((i) => i.title)).toEqual(['Dashboard', 'Log Book']);
    const logbook = items[1];
    expect(logbook?.kind === 'group' && logbook.children.map((c) => c.title)).toEqual(['Teaching', 'Leave']);
  });

  it('still applies the role rule to screens that exist', () => {
    const built = new Set(['/dashboard', '/coupons', '/allStaff']);
    expect(paths(visibleNavigation(actors.student, { availablePaths: built }))).toEqual(['/dashboard']);
    expect(paths(visibleNavigation(actors.hod, { availablePaths: built }))).toEqual([
      '/dashboard',
      '/allStaff',
    ]);
    expect(paths(visibleNavigation(actors.master, { availablePaths: built }))).toEqual([
      '/dashboard',
      '/coupons',
    ]);
  });
});

describe('floating add button', () => {
  type Who = 'student' | 'forensicStudent' | 'professor' | 'hod' | 'master' | 'admin' | 'drp_coordinator';
  const WHO: Who[] = ['student', 'forensicStudent', 'professor', 'hod', 'master', 'admin', 'drp_coordinator'];
  const actorOf = (who: Who): NavigationActor => {
    if (who === 'student') return actors.student;
    if (who === 'forensicStudent') return actors.forensicStudent;
    return { role: who, departmentName: who === 'master' || who === 'admin' ? null : MEDICINE };
  };
  const STUDENTS: Who[] = ['student', 'forensicStudent'];

  /**
   * Who gets the button on each page (spec 01 section 2.11, spec 03 section 2): only where they
   * can add something (issue 28: a student got it on Reports, on the forensic pages outside
   * Forensic Medicine, on pages for staff).
   */
  const FAB_TABLE: [path: string, shownTo: Who[]][] = [
    // Nothing to add here for anyone.
    ['/dashboard', []],
    ['/profile', []],
    ['/drp/attendence', []],
    ['/support', []],
    ['/', []],
    ['/appeal', []],
    ['/atcom', []],
    ['/printLogbook', []],
    ['/contact', []],
    ['/reports', []],
    ['/allStudent', []],
    ['/allHod', []],
    ['/specialty', []],
    ['/task/no-such-kind', []],
    // HOD's own pages.
    ['/memo', ['hod']],
    ['/allStaff', ['hod']],
    // Master's commerce pages (issue 13): Create Coupon on both coupon pages, Add Package.
    ['/coupons', ['master']],
    ['/referral', ['master']],
    ['/managePackages', ['master']],
    // Master's reference data.
    ['/addCollege', ['master']],
    ['/departments', ['master']],
    ['/computency', ['master']],
    ['/skills', ['master']],
    // DRP (issue 12, docs/decisions/012): the resident or the faculty of a department record a
    // posting; activities and logbook uploads are the resident's own; a coordinator records nothing.
    ['/drp/home', ['student', 'forensicStudent', 'professor', 'hod']],
    ['/drp/proc', STUDENTS],
    ['/drp/offline', STUDENTS],
    // Any staff but a DRP coordinator, who administers no institutions; a student may not.
    ['/addInstitute', ['professor', 'hod', 'master', 'admin']],
    // The record kinds: students only.
    ['/checkList', STUDENTS],
    ['/task/checklist', STUDENTS],
    ['/task/teaching', STUDENTS],
    ['/task/clinical-case', STUDENTS],
    ['/synopsis', STUDENTS],
    ['/thesisReview', STUDENTS],
    ['/publication', STUDENTS],
    // The forensic records: only a student of Forensic Medicine keeps them.
    ['/autopsy', ['forensicStudent']],
    ['/forn/medico', ['forensicStudent']],
    ['/forn/expertOpinion', ['forensicStudent']],
    ['/forn/crimeScene', ['forensicStudent']],
  ];

  const cases = FAB_TABLE.flatMap(([path, shownTo]) =>
    WHO.map((who) => ({ path, who, expected: shownTo.includes(who) })),
  );

  it.each(cases)('$path for $who: $expected', ({ path, who, expected }) => {
    expect(showsFloatingAddButton(path, actorOf(who))).toBe(expected);
  });

  it("shows a student the button on every record kind's page their department keeps", () => {
    for (const kind of RECORD_KINDS) {
      const path = kind.page ?? `/task/${kind.id}`;
      expect(showsFloatingAddButton(path, actors.forensicStudent), path).toBe(true);
      expect(showsFloatingAddButton(path, actors.student), path).toBe(kind.department !== 'forensic');
    }
  });

  const TEACHING_ROLES = STAFF_ROLES.filter((role) => !['master', 'admin', 'drp_coordinator'].includes(role));

  it.each(TEACHING_ROLES)(
    'shows department faculty (%s) the button on /drp/home and /addInstitute',
    (role) => {
      const actor = { role, departmentName: MEDICINE };
      expect(showsFloatingAddButton('/drp/home', actor)).toBe(true);
      expect(showsFloatingAddButton('/addInstitute', actor)).toBe(true);
      expect(showsFloatingAddButton('/drp/proc', actor)).toBe(false);
      expect(showsFloatingAddButton('/drp/offline', actor)).toBe(false);
      expect(showsFloatingAddButton('/dashboard', actor)).toBe(false);
    },
  );

  it('never shows a DRP coordinator the button, on any page of their sidebar or elsewhere', () => {
    for (const path of [...DRP_COORDINATOR_PATHS, '/addInstitute', '/memo']) {
      expect(showsFloatingAddButton(path, actors.drpc), path).toBe(false);
    }
  });

  it('matches paths as the router does: trailing slash and case do not matter', () => {
    expect(showsFloatingAddButton('/publication/', actors.student)).toBe(true);
    expect(showsFloatingAddButton('/CheckList', actors.student)).toBe(true);
    expect(showsFloatingAddButton('/Dashboard', actors.student)).toBe(false);
    expect(showsFloatingAddButton('/allstaff', actors.hod)).toBe(true);
    expect(showsFloatingAddButton('/drp/home/', actors.professor)).toBe(true);
    expect(showsFloatingAddButton('', actors.student)).toBe(false);
  });
});

describe('logbook links', () => {
  it('every sidebar activity opens a record kind of the registry', () => {
    const kindIds = new Set(RECORD_KINDS.map((kind) => kind.id));
    for (const activity of LOGBOOK_ACTIVITIES) expect(kindIds.has(activity.id), activity.id).toBe(true);
  });
});
