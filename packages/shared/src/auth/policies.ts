import { isTeachingRole, type StaffRole } from '../roles';

/** Who is asking: the least a policy needs to know about the signed-in user. */
export type Actor = {
  id: string;
  role: StaffRole | null;
  collegeId: string | null;
  departmentId: string | null;
};

export function isStudent(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === null;
}

export function isStaff(actor: Pick<Actor, 'role'>): boolean {
  return actor.role !== null;
}

export function isMaster(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'master';
}

/**
 * Which login tab an account belongs to: students sign in only as students and staff only as
 * faculty (spec 01 section 2.4).
 */
export type LoginKind = 'student' | 'staff';

export function loginKindFor(actor: Pick<Actor, 'role'>): LoginKind {
  return isStudent(actor) ? 'student' : 'staff';
}

/** Where a user lands after signing out from the profile menu (spec 01 section 2.5). */
export function loginPathFor(actor: Pick<Actor, 'role'>): '/login' | '/staffLogin' {
  return isStudent(actor) ? '/login' : '/staffLogin';
}

/** Colleges, departments' links, competencies, skills and specialities are the Master's (spec 03 section 6). */
export function canManageReferenceData(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/** The site's own settings (the landing page's video) are the Master's (issue 10). */
export function canManageSiteSettings(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/** Institutions (DRP postings): any staff adds them (spec 03 section 2, /addInstitute). */
export function canAddInstitution(actor: Pick<Actor, 'role'>): boolean {
  // A DRP coordinator works at one institution and administers none (issue 12).
  return isStaff(actor) && actor.role !== 'drp_coordinator';
}

/** An institution is deleted by Master, or by staff of the college that added it. */
export function canDeleteInstitution(
  actor: Pick<Actor, 'role' | 'collegeId'>,
  institution: { collegeId: string | null },
): boolean {
  if (isMaster(actor)) return true;
  return isStaff(actor) && institution.collegeId !== null && institution.collegeId === actor.collegeId;
}

/** The student list and the verify toggle: any staff, inside their college and department (Master everywhere). */
export function canVerifyStudent(
  actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>,
  student: { collegeId: string | null; departmentId: string | null },
): boolean {
  if (isMaster(actor)) return true;
  return (
    isStaff(actor) &&
    actor.collegeId !== null &&
    actor.collegeId === student.collegeId &&
    actor.departmentId === student.departmentId
  );
}

/** Bulk verification, payment status, deleting students and resetting their passwords: Master only. */
export function canAdministerStudents(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/** Who a staff-administration check is about. */
type StaffMember = {
  id: string;
  role: StaffRole | null;
  collegeId: string | null;
  departmentId: string | null;
};

/** /allStaff, Add Staff, Assign Students and the footer Add HOD: an HOD, for their own department (spec 03 section 6). */
export function canManageDepartmentStaff(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return actor.role === 'hod' && actor.collegeId !== null && actor.departmentId !== null;
}

/** /allHod (All Staffs), staff identity, the verify toggle and staff password resets: Master only. */
export function canAdministerStaff(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/**
 * Editing, blocking or unblocking one staff member: Master anyone but another Master; an HOD
 * the staff of their own college and department (never Master or Admin).
 */
export function canEditStaffMember(actor: Actor, staff: StaffMember): boolean {
  if (staff.role === null || staff.role === 'master') return false;
  if (isMaster(actor)) return true;
  return (
    canManageDepartmentStaff(actor) &&
    staff.role !== 'admin' &&
    staff.collegeId === actor.collegeId &&
    staff.departmentId === actor.departmentId
  );
}

/** Nobody blocks themselves (they would lock themselves out mid-session). */
export function canChangeStaffStatus(actor: Actor, staff: StaffMember): boolean {
  return actor.id !== staff.id && canEditStaffMember(actor, staff);
}

/** A student with a college and department adds their teachers (spec 01 section 1, step 3). */
export function canAddTeachers(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return isStudent(actor) && actor.collegeId !== null && actor.departmentId !== null;
}

/** The least a record policy needs to know about a record (issue 5, records contract). */
export type RecordScope = {
  studentId: string;
  collegeId: string | null;
  departmentId: string | null;
  status: 'pending' | 'approved' | 'rejected';
  verifiedAt: string | Date | null;
};

/** Staff of the same college and department as the record (or the student). */
function isStaffOfDepartment(
  actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>,
  scope: { collegeId: string | null; departmentId: string | null },
): boolean {
  return (
    isStaff(actor) &&
    actor.collegeId !== null &&
    actor.departmentId !== null &&
    actor.collegeId === scope.collegeId &&
    actor.departmentId === scope.departmentId
  );
}

/**
 * Favourites (issue 29): a student placed in a college and department pins the procedures,
 * competencies and skills of their department that they log most (their own pins only).
 */
export function canPinFavourites(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return isStudent(actor) && actor.collegeId !== null && actor.departmentId !== null;
}

/** A student placed in a college and department adds logbook records (spec 02). */
export function canCreateRecord(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return isStudent(actor) && actor.collegeId !== null && actor.departmentId !== null;
}

/** What the logbook rule needs to know about a student: placement and the department's approval. */
export type LogbookWriter = Pick<Actor, 'role' | 'collegeId' | 'departmentId'> & {
  verifyByHod: boolean;
  paid: boolean;
};

/**
 * A student writes their logbook (adds or deletes entries, the Mandatory Checklist, the academic
 * records) only once their account is approved (spec 01 section 4, verifyByHod): until then
 * nobody in the department has checked who they are, so nothing they enter should reach a
 * teacher. Placed in a college and department, as every record is.
 */
export function canWriteLogbook(actor: LogbookWriter): boolean {
  return canCreateRecord(actor) && actor.paid && actor.verifyByHod;
}

/**
 * Students buy a package before they use the logbook (issue 13). Only students buy; one who has
 * paid buys nothing more.
 */
export function canBuyPackage(actor: Pick<Actor, 'role'> & { paid: boolean }): boolean {
  return isStudent(actor) && !actor.paid;
}

/** Packages, coupons, referrals and the CRM connection (spec 03 section 6): Master only. */
export function canManageCommerce(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/**
 * What the record policies read of a kind (a `RecordKind` fits): who verifies it and which
 * department keeps it. Passed by the caller, so this module does not load the registry.
 */
export type RecordKindAccess = {
  department?: 'forensic';
  verifiedBy?: 'department' | 'drp-coordinator' | 'department-or-drp-coordinator';
};

/** Whether faculty of the student's department verify the kind (the default). */
export function isVerifiedByDepartment(kind?: RecordKindAccess): boolean {
  return kind?.verifiedBy !== 'drp-coordinator';
}

/** Whether the DRP coordinator the student is posted to verifies the kind (issue 12). */
export function isVerifiedByDrpCoordinator(kind?: RecordKindAccess): boolean {
  return kind?.verifiedBy === 'drp-coordinator' || kind?.verifiedBy === 'department-or-drp-coordinator';
}

/**
 * Whether the actor may use a kind at all: `read` its lists and records, `write` (create,
 * delete, verify) them. A forensic kind is kept only in the Forensic Medicine department (Master
 * reads it); a DRP coordinator uses only the kinds they verify, never a forensic one.
 * `inForensicDepartment` is `isForensicDepartment(the actor's department name)`, which the caller
 * looks up.
 */
export function canUseRecordKind(
  actor: Pick<Actor, 'role'>,
  kind: RecordKindAccess,
  use: 'read' | 'write',
  inForensicDepartment: boolean,
): boolean {
  if (isDrpCoordinator(actor)) return kind.department === undefined && isVerifiedByDrpCoordinator(kind);
  if (kind.department !== 'forensic') return true;
  if (isMaster(actor)) return use === 'read';
  return inForensicDepartment;
}

/**
 * A record is seen by its student, the staff of its college and department, and Master; a DRP
 * coordinator sees the kinds they verify. Which students a coordinator's records belong to (a
 * posting of theirs that has started) is decided in SQL by the records' coordinator scope: only
 * those rows reach this check.
 */
export function canSeeRecord(
  actor: Actor,
  record: Pick<RecordScope, 'studentId' | 'collegeId' | 'departmentId'>,
  kind?: RecordKindAccess,
): boolean {
  if (isMaster(actor)) return true;
  if (isStudent(actor)) return actor.id === record.studentId;
  if (isDrpCoordinator(actor)) return isVerifiedByDrpCoordinator(kind);
  return isStaffOfDepartment(actor, record);
}

/**
 * Verify, reset and bulk-verify: faculty of the record's college and department (not Master or
 * Admin) when the kind is verified by the department, the student's DRP coordinator when it is
 * verified by the coordinator (the posting is checked by the coordinator scope in SQL, as for
 * `canSeeRecord`); never on one's own record. Without `kind`, the department rule.
 */
export function canVerifyRecord(
  actor: Actor,
  record: Pick<RecordScope, 'studentId' | 'collegeId' | 'departmentId'>,
  kind?: RecordKindAccess,
): boolean {
  if (actor.id === record.studentId) return false;
  if (isDrpCoordinator(actor)) return isVerifiedByDrpCoordinator(kind);
  if (!isTeachingRole(actor.role) || !isVerifiedByDepartment(kind)) return false;
  return isStaffOfDepartment(actor, record);
}

/** Whether the actor verifies records of a department at all (faculty placed in one). */
export function canVerifyDepartmentRecords(
  actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>,
): boolean {
  return (
    isTeachingRole(actor.role) &&
    !isDrpCoordinator(actor) &&
    actor.collegeId !== null &&
    actor.departmentId !== null
  );
}

/**
 * Whether the actor may verify anything at all (the staff side of the verify routes and the
 * dashboard's Pending Verifications): department faculty, and DRP coordinators.
 */
export function canVerifyRecords(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return canVerifyDepartmentRecords(actor) || isDrpCoordinator(actor);
}

/**
 * The owning student deletes a record only while it has never been verified. `everVerified`
 * stays true after a reset to Pending: verified evidence is never deleted, by anyone
 * (docs/decisions/004).
 */
export function canDeleteRecord(
  actor: Actor,
  record: Pick<RecordScope, 'studentId' | 'status' | 'verifiedAt'> & { everVerified: boolean },
): boolean {
  return (
    isStudent(actor) &&
    actor.id === record.studentId &&
    record.status === 'pending' &&
    record.verifiedAt === null &&
    !record.everVerified
  );
}

/**
 * Sign-off on the spot (issue 30): a resident offers "Sign off now" on their own pending entries,
 * on their own device. Whoever then signs must pass `canVerifyRecord` for each entry, checked
 * with their own account, never the resident's.
 */
export function canRequestSignOff(
  actor: Pick<Actor, 'id' | 'role'>,
  record: Pick<RecordScope, 'studentId' | 'status'>,
): boolean {
  return isStudent(actor) && actor.id === record.studentId && record.status === 'pending';
}

// ---- Academic records (issue 11) ----------------------------------------------------------------

/**
 * A student keeps their own thesis steps, publications and memo explanations: placed in a
 * college and department, like every record (the logbook approval rule applies on write).
 */
export function canKeepAcademicRecords(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return canCreateRecord(actor);
}

/**
 * Quarterly appraisal and AETCOM scores: faculty of the student's college and department, as for
 * verification (Master and Admin read them but do not score; docs/decisions/011).
 */
export function canScoreStudent(
  actor: Actor,
  student: { id: string; collegeId: string | null; departmentId: string | null },
): boolean {
  return canVerifyRecord(actor, { studentId: student.id, ...student });
}

/** Whether the actor scores anyone at all (the staff side of the appraisal and AETCOM forms). */
export function canScoreStudents(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return canVerifyDepartmentRecords(actor);
}

/** The HOD issues and closes the memos of their department (spec 03 section 6). */
export function canIssueMemos(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return actor.role === 'hod' && actor.collegeId !== null && actor.departmentId !== null;
}

// ---- DRP postings and forensic records (issue 12) -----------------------------------------------

export function isDrpCoordinator(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'drp_coordinator';
}

/**
 * Who records a DRP posting: the resident themself, or faculty of a department for one of its
 * residents (docs/decisions/012). Not Master or Admin (no department), not a coordinator.
 */
export function canRecordDrpPosting(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  if (isStudent(actor)) return canCreateRecord(actor);
  return !isDrpCoordinator(actor) && canVerifyRecords(actor);
}

/**
 * A posting is deleted by its student or the faculty of its department, only while no day of
 * attendance has been marked and no DRP activity or upload belongs to it (after that it is
 * evidence of the posting).
 */
export function canDeleteDrpPosting(
  actor: Actor,
  posting: {
    studentId: string;
    collegeId: string;
    departmentId: string;
    attendanceMarked: boolean;
    hasRecords?: boolean;
  },
): boolean {
  if (posting.attendanceMarked || posting.hasRecords === true) return false;
  if (isStudent(actor)) return actor.id === posting.studentId;
  return !isDrpCoordinator(actor) && canVerifyRecord(actor, posting);
}

// ---- Reports, printable logbook, bonafide certificate (issue 14) --------------------------------

/** Master and Admin see every department's reports and print any logbook (spec 03 section 2). */
export function isInstitutionWide(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'master' || actor.role === 'admin';
}

/**
 * `/reports` is for any staff: Master and Admin over every department, other staff (a DRP
 * coordinator excepted: they have no department) over their own.
 */
export function canSeeReports(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  if (isInstitutionWide(actor)) return true;
  return (
    isStaff(actor) && !isDrpCoordinator(actor) && actor.collegeId !== null && actor.departmentId !== null
  );
}

/** Whether the reports' department filter is open (Master, Admin) or fixed to the actor's own. */
export function canChooseReportDepartment(actor: Pick<Actor, 'role'>): boolean {
  return isInstitutionWide(actor);
}

/**
 * The flagged entries counted per student (issue 27) are the HOD's view of their own department;
 * Master and Admin see them for the department they choose on /reports.
 */
export function canSeeFlagCounts(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  if (isInstitutionWide(actor)) return true;
  return actor.role === 'hod' && actor.collegeId !== null && actor.departmentId !== null;
}

/**
 * The weeks each resident wrote no entry (issue 30) are the HOD's view of their own department,
 * beside the flagged entries; Master and Admin see them for the department they choose.
 */
export function canSeeWeeklyUpdates(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return canSeeFlagCounts(actor);
}

/** Whether the actor prints logbooks at all (the /printLogbook page): students and report staff. */
export function canPrintLogbooks(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return isStudent(actor) || canSeeReports(actor);
}

/** A student prints their own logbook; staff of the student's department, Master and Admin any. */
export function canPrintLogbookOf(
  actor: Actor,
  student: { id: string; collegeId: string | null; departmentId: string | null },
): boolean {
  if (isStudent(actor)) return actor.id === student.id;
  if (isInstitutionWide(actor)) return true;
  return !isDrpCoordinator(actor) && isStaffOfDepartment(actor, student);
}

/** The HOD of the student's department, or Master, marks a student certified (bonafide). */
export function canCertifyStudent(
  actor: Actor,
  student: { collegeId: string | null; departmentId: string | null },
): boolean {
  if (isMaster(actor)) return true;
  return actor.role === 'hod' && isStaffOfDepartment(actor, student);
}

/** Whether the actor certifies anyone at all (the Certified column on /allStudent). */
export function canCertifyStudents(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return isMaster(actor) || (actor.role === 'hod' && actor.collegeId !== null && actor.departmentId !== null);
}

/** A certified student downloads their own bonafide certificate (spec 01 section 2.11). */
export function canDownloadBonafide(actor: Pick<Actor, 'role'> & { certified: boolean }): boolean {
  return isStudent(actor) && actor.certified;
}

// ---- Verifiers confirmed by someone other than the student (issue 27) ---------------------------

/**
 * What an account may still do before it is fully in (docs/decisions/016): `password` while its
 * password is one someone else chose (it chooses its own first), `confirmation` while a teacher a
 * student proposed or a coordinator a student named waits to be confirmed. Either way only the
 * account's own profile, password and notifications; null when nothing is held back.
 */
export type AccountRestriction = 'password' | 'confirmation';

export function accountRestrictionOf(account: {
  mustChangePassword: boolean;
  confirmation: 'confirmed' | 'awaiting' | 'declined';
}): AccountRestriction | null {
  if (account.mustChangePassword) return 'password';
  return account.confirmation === 'confirmed' ? null : 'confirmation';
}

/** Who an awaiting account is, for the rule of who confirms it. */
export type ConfirmationCandidate = {
  kind: 'teacher' | 'coordinator';
  collegeId: string | null;
  departmentId: string | null;
  /** Coordinators: the college and department of each resident posted to them. */
  residentPlacements: ReadonlyArray<{ collegeId: string; departmentId: string }>;
};

/**
 * Teachers a student proposed are confirmed by the HOD of their department or Master; DRP
 * coordinators a student named by the HOD or a faculty member of a posted resident's department,
 * or Master. Never by the account itself, never by a student.
 */
export function canConfirmStaff(actor: Actor, candidate: ConfirmationCandidate): boolean {
  if (isMaster(actor)) return true;
  if (candidate.kind === 'teacher') {
    return actor.role === 'hod' && isStaffOfDepartment(actor, candidate);
  }
  return (
    canVerifyDepartmentRecords(actor) &&
    candidate.residentPlacements.some((placement) => isStaffOfDepartment(actor, placement))
  );
}

/** Whether the actor confirms anyone at all (the To confirm list): Master, HODs, department faculty. */
export function canConfirmAnyStaff(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return isMaster(actor) || canVerifyDepartmentRecords(actor);
}

// ---- Monthly authentication (issue 30) ----------------------------------------------------------

/** Who may sign a resident's months: their thesis guide (once chosen) and unit head, by id. */
export type MonthSigners = {
  studentId: string;
  collegeId: string | null;
  departmentId: string | null;
  thesisGuideId: string | null;
  unitHeadId: string | null;
};

/**
 * A resident's month is authenticated by their guide (the thesis guide once chosen, else the
 * unit head on the profile), their unit head, or the HOD of their department acting for either;
 * each a teacher of the resident's college and department, never the resident.
 */
export function canAuthenticateMonths(actor: Actor, resident: MonthSigners): boolean {
  if (actor.id === resident.studentId || !isTeachingRole(actor.role) || isDrpCoordinator(actor)) return false;
  if (!isStaffOfDepartment(actor, resident)) return false;
  return actor.role === 'hod' || actor.id === resident.thesisGuideId || actor.id === resident.unitHeadId;
}

/** Whether the actor signs anyone's months at all (the faculty dashboard's card). */
export function canAuthenticateAnyMonths(actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>): boolean {
  return canVerifyDepartmentRecords(actor);
}

/**
 * The months and their states are read by whoever may print the resident's logbook (which lists
 * the authenticated months): the resident, the staff of their department, Master and Admin.
 */
export function canSeeMonthAuthentications(
  actor: Actor,
  student: { id: string; collegeId: string | null; departmentId: string | null },
): boolean {
  return canPrintLogbookOf(actor, student);
}
