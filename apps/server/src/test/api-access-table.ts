/**
 * Who may call each operation of the API (issue 15): for every operation of
 * `/api/v1/openapi.json` ("METHOD /path", without the `/api/v1` prefix), the actors that may get
 * a 2xx when they name the owning student's data. `platform/api-access-matrix.test.ts` calls every
 * operation as every actor and fails on a 2xx outside this table, on an operation missing here
 * and on an entry the document no longer has: a new route cannot be added without saying who may
 * use it.
 */
export const API_ACTORS = [
  'anonymous',
  /** The student whose data the path ids name. */
  'student',
  'sameDepartmentStudent',
  'otherCollegeStudent',
  /** Faculty (professor) of the student's department: the student's teacher on their records. */
  'faculty',
  /** Faculty of another department of the same college. */
  'otherDepartmentFaculty',
  /** The HOD of the student's department. */
  'hod',
  'otherCollegeHod',
  /** The DRP coordinator the student is posted under. */
  'drpCoordinator',
  'master',
  /**
   * A teacher the owning student proposed (linked to them) and a DRP coordinator they named (on a
   * posting of theirs), both awaiting confirmation (issue 27): their own profile, password and
   * notifications only, and what is open to anyone.
   */
  'unconfirmedTeacher',
  'unconfirmedCoordinator',
] as const;
export type ApiActor = (typeof API_ACTORS)[number];

/**
 * An operation's entry: the actors that may get a 2xx, all of whom may see the owning student's
 * data in it; or, for a list every user reads in their own scope, `{ answers, seesOwner }`: a
 * 2xx body that names the owning student (id, name or e-mail) to an actor outside `seesOwner`
 * fails the test.
 */
export type AccessEntry =
  | readonly ApiActor[]
  | { answers: readonly ApiActor[]; seesOwner: readonly ApiActor[] };

const STUDENTS = ['student', 'sameDepartmentStudent', 'otherCollegeStudent'] as const;
const COLLEGE_STAFF = ['faculty', 'otherDepartmentFaculty', 'hod', 'otherCollegeHod'] as const;
const STAFF = [...COLLEGE_STAFF, 'drpCoordinator', 'master'] as const;
const SIGNED_IN = [...STUDENTS, ...STAFF] as const;
/** Accounts awaiting confirmation: refused everywhere but their own account (issue 27). */
const HELD_BACK = ['unconfirmedTeacher', 'unconfirmedCoordinator'] as const;
const OWN_ACCOUNT = [...SIGNED_IN, ...HELD_BACK] as const;
const ALL = ['anonymous', ...OWN_ACCOUNT] as const;
/** The student and whoever keeps their department's logbook: its faculty, its HOD, Master. */
const OWNER_AND_DEPARTMENT = ['student', 'faculty', 'hod', 'master'] as const;
const DEPARTMENT_STAFF = ['faculty', 'hod', 'master'] as const;
const MASTER = ['master'] as const;
/** Signed in, each in their own scope; the owning student seen only by the listed actors. */
const ownScope = (answers: readonly ApiActor[], seesOwner: readonly ApiActor[]) => ({ answers, seesOwner });

export const API_ACCESS_TABLE: Record<string, AccessEntry> = {
  // Public pages, the launch gate and the contact form (spec: open to everyone).
  'GET /health': ALL,
  'GET /settings/public': ALL,
  'PUT /settings/video': MASTER,
  // The seller on GST tax invoices (issue 28).
  'GET /settings/seller': MASTER,
  'PUT /settings/seller': MASTER,
  'POST /settings/launch/check': ALL,
  'POST /settings/launch': ALL,
  'POST /inquiries': ALL,

  // Reference data: read by sign-up (public) or by every signed-in user; kept by Master.
  'GET /colleges': ALL,
  'GET /colleges/{collegeId}/departments': ALL,
  'GET /departments/{departmentId}': ALL,
  'GET /config': SIGNED_IN,
  'GET /states': ALL,
  'GET /departments': SIGNED_IN,
  'GET /admin/colleges': MASTER,
  'POST /admin/colleges': MASTER,
  'PUT /admin/colleges/{id}/departments': MASTER,
  'GET /admin/departments': MASTER,
  'POST /admin/departments': MASTER,
  'POST /admin/departments/{id}/courses': MASTER,
  'GET /competencies': SIGNED_IN,
  'POST /competencies': MASTER,
  'DELETE /competencies/{id}': MASTER,
  'GET /skills': SIGNED_IN,
  'POST /skills': MASTER,
  'DELETE /skills/{id}': MASTER,
  'GET /specialities': SIGNED_IN,
  'POST /specialities': MASTER,
  'DELETE /specialities/{id}': MASTER,
  // Institutions: any staff but a DRP coordinator adds one; its college's staff delete it.
  'GET /institutions': [...COLLEGE_STAFF, 'master'],
  'POST /institutions': [...COLLEGE_STAFF, 'master'],
  'DELETE /institutions/{id}': ['faculty', 'otherDepartmentFaculty', 'hod', 'master'],

  // Sign-in, sign-up, e-mail links and password reset are open; the rest is one's own account.
  'POST /auth/login': ALL,
  'POST /auth/staff-login': ALL,
  'POST /auth/logout': ALL,
  'GET /auth/me': ownScope(OWN_ACCOUNT, ['student']),
  'POST /auth/signup': ALL,
  // Sign-up shows the sponsor's name for a referral code.
  'GET /auth/sponsors/{referralId}': ALL,
  'POST /auth/verify/{token}': ALL,
  'POST /auth/verify-staff/{token}': ALL,
  'POST /auth/verify-drpc/{token}': ALL,
  'POST /auth/forgot-password': ALL,
  'POST /auth/reset-password': ALL,
  'POST /auth/change-password': OWN_ACCOUNT,

  // Files: anyone signed in uploads their own; the owning student's document is read by them
  // and by their department's staff.
  'POST /files': SIGNED_IN,
  'GET /files/{id}': OWNER_AND_DEPARTMENT,

  // One's own notifications and profile.
  // The teacher a record names is told of it, with the student's name.
  'GET /notifications': ownScope(OWN_ACCOUNT, ['student', 'faculty']),
  'POST /notifications/{id}/read': ['student'],
  // Each caller's own, whoever they are (issue 28).
  'POST /notifications/read-all': OWN_ACCOUNT,
  'GET /profile': ownScope(OWN_ACCOUNT, ['student']),
  'PUT /profile': OWN_ACCOUNT,
  'PATCH /profile': [...COLLEGE_STAFF, 'drpCoordinator', ...HELD_BACK],

  // People: students add their teachers; staff see their college and department's students.
  'GET /people/teachers': ownScope(SIGNED_IN, []),
  'POST /people/teachers': STUDENTS,
  'GET /people/teachers/mine': ownScope(STUDENTS, []),
  'GET /students': ownScope(STAFF, DEPARTMENT_STAFF),
  'POST /students/bulk-verification': MASTER,
  'POST /students/{id}/verification': DEPARTMENT_STAFF,
  'POST /students/{id}/payment': MASTER,
  'POST /students/{id}/password': MASTER,
  'DELETE /students/{id}': MASTER,
  'PUT /students/{id}/certified': ['hod', 'master'],
  'GET /bonafide': ['student'],
  // Monthly authentication (issue 30): read by whoever prints the logbook; signed by the
  // resident's guide, unit head or HOD (the faculty member is the owner's thesis guide once
  // the thesis routes have run).
  'GET /students/{id}/authentications': OWNER_AND_DEPARTMENT,
  'GET /students/{id}/authentications/{month}': OWNER_AND_DEPARTMENT,
  'POST /students/{id}/authentications': ['faculty', 'hod'],
  'GET /authentications/residents': ownScope(SIGNED_IN, ['faculty', 'hod']),

  // Staff: the HOD keeps their department's staff (HODs of a college add HODs), Master all.
  'GET /staff': ownScope(['hod', 'otherCollegeHod', 'master'], ['hod', 'master']),
  'POST /staff': ['hod', 'otherCollegeHod', 'master'],
  'POST /staff/hods': ['hod', 'otherCollegeHod'],
  'PUT /staff/{id}': ['hod', 'master'],
  'POST /staff/{id}/status': ['hod', 'master'],
  'POST /staff/{id}/password': MASTER,
  'GET /staff/{id}/students': ['hod'],
  'PUT /staff/{id}/students': ['hod'],
  // To confirm: the HOD and Master see teachers a student proposed (with the student's name);
  // faculty see the coordinators of their residents. The id is a teacher the owning student proposed.
  'GET /staff/to-confirm': ownScope([...COLLEGE_STAFF, 'master'], ['faculty', 'hod', 'master']),
  'POST /staff/{id}/confirmation': ['hod', 'master'],

  // Records: the student writes their own; their department's staff verify.
  'GET /records': ownScope(
    SIGNED_IN.filter((a) => a !== 'drpCoordinator'),
    OWNER_AND_DEPARTMENT,
  ),
  'POST /records': ['student', 'sameDepartmentStudent'],
  'GET /records/options/{source}': ownScope([...STUDENTS, ...COLLEGE_STAFF], []),
  'GET /records/form-context': ownScope([...STUDENTS, ...COLLEGE_STAFF], []),
  'GET /records/{kind}/defaults': ownScope(STUDENTS, ['student']),
  // Favourites (issue 29): a student's own pins, of choices their department offers.
  'GET /me/favourites': ownScope(STUDENTS, ['student']),
  'PUT /me/favourites/{type}/{id}': ['student', 'sameDepartmentStudent'],
  'DELETE /me/favourites/{type}/{id}': ['student', 'sameDepartmentStudent'],
  'GET /records/counts': ownScope(STUDENTS, ['student']),
  'GET /records/pending': ownScope(STAFF, DEPARTMENT_STAFF),
  'POST /records/bulk-verification': ['faculty', 'hod'],
  'GET /records/{id}': OWNER_AND_DEPARTMENT,
  'DELETE /records/{id}': ['student'],
  'GET /records/{id}/scores': OWNER_AND_DEPARTMENT,
  'POST /records/{id}/verification': ['faculty', 'hod'],
  'POST /records/{id}/reset': ['faculty', 'hod'],
  // Sign-off on the spot (issue 30): the resident's session, the faculty member's credentials.
  'POST /records/sign-off': ['student'],
  'POST /records/{id}/sign-off': ['student'],
  'POST /records/options/procedures': [...STUDENTS, ...COLLEGE_STAFF],
  'POST /records/options/skills': ['student', 'sameDepartmentStudent', 'faculty', 'hod'],
  'POST /records/options/specialities': [...STUDENTS, ...COLLEGE_STAFF],

  // Synopsis and thesis: each student keeps their own.
  'GET /theses/{stage}': OWNER_AND_DEPARTMENT,
  'POST /theses/{stage}/title': STUDENTS,
  'POST /theses/{stage}/guide': ['student', 'sameDepartmentStudent'],
  'POST /theses/{stage}/co-guides': STUDENTS,
  'POST /theses/{stage}/certificate': STUDENTS,
  'POST /theses/thesis/acceptance-date': STUDENTS,

  // Memos: the HOD issues and closes, the student explains.
  // Staff read their college and department's memos.
  'GET /memos': ownScope(SIGNED_IN, OWNER_AND_DEPARTMENT),
  // One memo (a /reports row opens it): whoever the list shows it to.
  'GET /memos/{id}': OWNER_AND_DEPARTMENT,
  'POST /memos': ['hod'],
  'POST /memos/{id}/explanation': ['student'],
  'POST /memos/{id}/close': ['hod'],

  // Appraisals and AETCOM: the department's staff score.
  'GET /appraisals': OWNER_AND_DEPARTMENT,
  'POST /appraisals': ['faculty', 'hod'],
  'GET /aetcom': OWNER_AND_DEPARTMENT,
  'POST /aetcom': ['faculty', 'hod'],

  // DRP: postings by the student or their department; attendance marked by the coordinator.
  'GET /drp/institutions': SIGNED_IN,
  'GET /drp/institutions/{id}/coordinator': [...STUDENTS, ...COLLEGE_STAFF],
  'GET /drp/postings': ownScope(SIGNED_IN, [...OWNER_AND_DEPARTMENT, 'drpCoordinator']),
  // A student's request names no one else: they post themself.
  'POST /drp/postings': [...STUDENTS, 'faculty', 'hod'],
  'DELETE /drp/postings/{id}': ['student', 'faculty', 'hod'],
  'GET /drp/attendance': ownScope(SIGNED_IN, [...OWNER_AND_DEPARTMENT, 'drpCoordinator']),
  'GET /drp/postings/{id}/attendance': [...OWNER_AND_DEPARTMENT, 'drpCoordinator'],
  'PUT /drp/postings/{id}/attendance': ['drpCoordinator'],
  // The coordinator's dashboard figures: their own postings only (issue 28).
  'GET /drp/coordinator-dashboard': ['drpCoordinator'],

  // Commerce: Master keeps packages and coupons; a student pays for their own order.
  'GET /packages': SIGNED_IN,
  'POST /packages': MASTER,
  'PUT /packages/{id}': MASTER,
  'DELETE /packages/{id}': MASTER,
  'GET /colleges/{collegeId}/packages': MASTER,
  'PUT /colleges/{collegeId}/packages': MASTER,
  'GET /coupons': MASTER,
  'POST /coupons': MASTER,
  'POST /coupons/validate': STUDENTS,
  'DELETE /coupons/{id}': MASTER,
  'GET /referrals': MASTER,
  'GET /coupon-payments': MASTER,
  'GET /payments/gateways': SIGNED_IN,
  'POST /payments/orders': ['student'],
  'GET /payments/orders/{id}': ['student'],
  'POST /payments/orders/{id}/verify': ['student'],
  'GET /payments/sandbox/{gatewayOrderId}': ['student'],
  'POST /payments/sandbox/{gatewayOrderId}/complete': ['student'],
  // GST tax invoices (issue 28): the buyer's own and Master's; each user lists only their own.
  'GET /me/invoices': ownScope(SIGNED_IN, ['student']),
  'GET /invoices': MASTER,
  'GET /invoices/{id}/pdf': ['student', 'master'],
  // Gateways call these; the signature, not a session, decides.
  'POST /payments/webhooks/razorpay': ALL,
  'POST /payments/webhooks/phonepe': ALL,
  'POST /crm/zoho/callback': MASTER,

  // Reports and the printed logbook.
  'GET /reports': DEPARTMENT_STAFF,
  'GET /reports/export.csv': DEPARTMENT_STAFF,
  // Flagged entries per student (issue 27): the HOD of the department and Master.
  'GET /reports/flags': ['hod', 'master'],
  // Residents' weeks without entries (issue 30): the HOD of the department and Master.
  'GET /reports/weekly-updates': ['hod', 'master'],
  'GET /print-logbook/students': ownScope(
    SIGNED_IN.filter((a) => a !== 'drpCoordinator'),
    OWNER_AND_DEPARTMENT,
  ),
  'GET /print-logbook/{studentId}': OWNER_AND_DEPARTMENT,
  'GET /print-logbook/{studentId}/pdf': OWNER_AND_DEPARTMENT,
  // The public check of a printed logbook names whose it is.
  'GET /check/{code}': ALL,

  // Patient privacy: the access log is Master's.
  'GET /patient-access-log': MASTER,
};

/**
 * The operations no actor can get a 2xx from in the matrix's world, because what they need is
 * not in it. Every other operation must answer at least one actor a 2xx, so that an operation
 * whose path ids or body are wrong (a 4xx to everyone) fails instead of proving nothing.
 */
export const CANNOT_SUCCEED: readonly string[] = [
  // The launch gate: open only before launch, with the launch password (the world is launched).
  'POST /settings/launch/check',
  'POST /settings/launch',
  // E-mail links and the password reset: a real token is only in the e-mail sent.
  'POST /auth/verify/{token}',
  'POST /auth/verify-staff/{token}',
  'POST /auth/verify-drpc/{token}',
  'POST /auth/reset-password',
  // Gateways sign these with a secret the world does not have.
  'POST /payments/webhooks/razorpay',
  'POST /payments/webhooks/phonepe',
  // Zoho calls back with a code of its own.
  'POST /crm/zoho/callback',
];

/**
 * The operations that show a record's full patient names (its detail), and the actors who may
 * see them there: the owning student and the staff who may verify the record. Every other 2xx
 * answer (lists above all) shows patient names as initials only.
 */
export const SHOWS_PATIENT_NAMES: Record<string, readonly ApiActor[]> = {
  'GET /records/{id}': ['student', 'faculty', 'hod'],
};
