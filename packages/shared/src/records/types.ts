/**
 * The record engine's vocabulary (DESIGN.md section 3). A record kind is data: its fields,
 * columns, messages and scoring. The server validates with it, the web renders the form, the
 * report table and the detail viewer from it. Adding a kind is adding a `RecordKind` to the
 * registry in `kinds.ts`; no new route or page.
 */

export const RECORD_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** What a verifier may set; Reset (back to Pending) is its own action. */
export const VERDICTS = ['approved', 'rejected'] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * Fields every record has, stored in their own columns (not in `details`): the activity date,
 * the guiding faculty, the student's remark and one certificate. A kind lists the ones its form
 * shows in `fields` by these names.
 */
export const COMMON_FIELDS = ['date', 'teacherId', 'studentRemark', 'certificateFileId'] as const;
export type CommonField = (typeof COMMON_FIELDS)[number];

/** Lists a form loads from the server: the department's teachers, competencies, skills, specialities. */
export type OptionSource =
  | { list: 'teachers' }
  | { list: 'competencies'; for: 'diag' | 'proc' }
  /** Skills of the competency chosen in `dependsOn` (changing it clears the skill). */
  | { list: 'skills'; dependsOn: string }
  | { list: 'specialities' };

type FieldBase = {
  /** A COMMON_FIELDS name or a key of `details`. */
  name: string;
  label: string;
  /** Optional fields may be left empty; required ones get the kind's `requiredMessage(label)`. */
  required: boolean;
  /**
   * Patient-identifying (clinical case name, contact number, address): never in list answers,
   * only in the detail for the student and the staff who may verify the record.
   */
  sensitive?: boolean;
  /**
   * A patient's (or the deceased's) name: shown as initials in every list and to those who may see
   * the record but not its patient (issue 15, `maskPatientDetails`); in full only in the detail for
   * the student and the staff who may verify it, each such view written to the access log.
   */
  patientName?: true;
  /**
   * A hospital or police case number (a procedure's IPD/OPD No., a post-mortem's PMR No., the
   * DD/FIR No.): it identifies the patient to anyone with the hospital's registers, so it is never
   * kept in a draft on the device (`deviceWithheldFields`).
   */
  caseNumber?: true;
  /** The form section a long form (clinical case) groups the field under. */
  section?: string;
  /** Hint under the input. */
  description?: string;
};

export type FieldDef = FieldBase &
  (
    | { input: 'text'; maxLength?: number; pattern?: { regex: RegExp; message: string } }
    | { input: 'textarea'; maxLength?: number }
    /** Not after today unless `allowFuture` (leave); the form defaults `date` to today. */
    | { input: 'date'; allowFuture?: boolean }
    /** A time of day, HH:mm. */
    | { input: 'time' }
    | { input: 'number'; min: number; max: number; integer?: boolean }
    /**
     * A fixed choice. `restricted` options appear only for the department the named setting
     * points at (spec 02 section 5: three clinical training types for one department).
     */
    | {
        input: 'select';
        options: readonly string[];
        restricted?: { options: readonly string[]; departmentSetting: string };
      }
    | { input: 'remote-select'; source: OptionSource }
    /** Absent / Present radio pair (clinical case physical examination). */
    | { input: 'absent-present' }
    /** A list of non-blank lines, at least `min` (clinical case presenting complaints). */
    | { input: 'text-list'; min: number; itemLabel: string }
    /** An uploaded file's id (files module, purpose `document`). */
    | { input: 'file' }
    /** Read-only, worked out from other fields on both sides; the server recomputes it. */
    | { input: 'computed'; compute: 'inclusiveDays'; from: string; to: string }
  );

/** A column of the report table, after SR (and Student Name for staff). */
export type ColumnDef = {
  label: string;
  /**
   * Where the value comes from: a common column of the list item (`date`, `teacherName`,
   * `status`, `studentRemark`, `verifierRemark`, `verified` (or its two halves `verifiedByName` and
   * `verifiedAt`), `score`, `certificate`) or
   * `details.<key>` (remote selects show their option's title).
   */
  value: string;
  /** 'role': the resident's logged role, or the role the verifier confirmed once verified (issue 27). */
  format?: 'date' | 'text' | 'number' | 'status' | 'file' | 'score' | 'verified' | 'role';
  /**
   * Names or identifies the patient (a procedure's patient name, a clinical case's patient id):
   * shown in the table, but never put in the search text (`recordSearchText`), so the search
   * index holds no patient identifiers. Columns of `sensitive` fields are left out anyway.
   */
  identifiesPatient?: true;
  /**
   * A hospital number (a procedure's IPD/OPD No.): the table shows it whole to those who may see
   * the record, but a printout and a PDF print only its last characters (`maskIdentifier`, issue 28).
   */
  printMasked?: true;
  /**
   * Clicking the value opens the record's certificate or its detail (publication: the title
   * opens the certificate, the author the detail; spec 03 section 2).
   */
  opens?: 'certificate' | 'detail';
  /**
   * Several values in one cell joined with ' / ' (the crime scene list's 'Name / Age / Sex'); each
   * is read like `value`. When set, `value` names the first of them.
   */
  values?: readonly string[];
};

/** One step of a scale: the stored value and what the verifier and the student read. */
export type ScaleStep = { value: number; label: string };

export type Scoring =
  /** One score from a scale. */
  | { type: 'scale'; scale: readonly ScaleStep[] }
  /**
   * Row-by-row 0-4 scoring when the record's `field` value has a rubric (clinical training
   * types); the overall is the rows' average rounded to 2 decimals. Other values use `otherwise`.
   */
  | {
      type: 'rubric';
      field: string;
      rubrics: Readonly<Record<string, readonly string[]>>;
      rowScale: readonly ScaleStep[];
      otherwise: readonly ScaleStep[];
    }
  /** Not scored: the score is stored as 0 and the verifier is not asked (leave). */
  | { type: 'none' };

export type RecordKind = {
  /** Stable, readable id: the `/task/{id}` segment and the `kind` column. */
  id: string;
  /** Menu and card title; the report screen is titled `${menuTitle} REPORT`. */
  menuTitle: string;
  /** What the form is called ('Add Teaching Experience'). */
  formTitle: string;
  fields: readonly FieldDef[];
  columns: readonly ColumnDef[];
  /** The message a missing required field gives, from its label. */
  requiredMessage: (label: string) => string;
  /**
   * One message naming every required field left empty, in field order (publications, issue 28:
   * 'Please fill all the data first: Certificate, Journal'); each field still shows its own
   * `requiredMessage`. Unset, the first error's message is the form's.
   */
  missingSummary?: (labels: readonly string[]) => string;
  /** Shown after a successful submission (spec 02 section 8). */
  successMessage: string;
  scoring: Scoring;
  /**
   * The field whose value fills the record's `date` column (lists sort by it, the index is on
   * student, kind, date): `date` for most kinds, `fromDate` for leave and the checklist.
   */
  dateField: string;
  /** Which detail key the Pending Verifications table shows as the task/topic. */
  summaryField: string;
  /**
   * The verify action's own messages where the spec gives a kind different ones (the checklist
   * update): a missing status, score or feedback, and a failed save. Otherwise the generic ones.
   */
  verifyMessages?: { required: string; failed: string };
  /** Errors all at once as a bullet list in a 'Validation Error' dialog (clinical case) instead of the first. */
  showAllErrors?: boolean;
  /**
   * The kind's own screen when it is not `/task/{id}` (publications, the thesis review uploads):
   * links to an entry go there, and `/task/{id}` is not offered for it.
   */
  page?: string;
  /** What a verifier may set, when not both (review uploads are only approved: spec 03 section 4). */
  verdicts?: readonly Verdict[];
  /** The delete confirmation's warning when the kind words it differently (publications). */
  deleteWarning?: string;
  /**
   * An upload to the student's thesis synopsis or thesis: the record's date is the day of the
   * upload, and the stage's title must exist first (spec 03 section 7: the upload names the
   * synopsis or thesis record).
   */
  thesisStage?: 'synopsis' | 'thesis';
  /**
   * Only students and staff of this department keep, see and verify the kind (the autopsy and
   * forensic records: spec 03 section 2); everyone else gets no link and a 403. Master reads it.
   */
  department?: 'forensic';
  /**
   * Who verifies (issue 12): faculty of the student's department (the default), the DRP
   * coordinator the student is posted to, or either.
   */
  verifiedBy?: 'department' | 'drp-coordinator' | 'department-or-drp-coordinator';
  /**
   * The record belongs to the student's DRP posting: 'covering-date' needs a posting whose
   * schedule covers the record's date (activities), 'any' a posting at all (offline logbook
   * uploads, dated the day of the upload). The server fills `details.institution` and
   * `details.state` from that posting.
   */
  drpPosting?: 'covering-date' | 'any';
  /**
   * `sensitive` fields also appear in list answers for the owning student and the staff who may
   * verify the record (the deceased's name on the forensic lists); never for anyone else.
   */
  sensitiveInList?: boolean;
  /** What a failed submission says when the kind words it its own way (DRP activity: spec 03 section 8). */
  submitFailedMessage?: string;
  /** The upload's own failure messages (DRP logbook: 'Upload failed', 'An error occurred during upload'). */
  uploadMessages?: { failed: string; error: string };
  /** The record's date is the day it arrives (uploads); the form has no date field. */
  datedOnArrival?: boolean;
  /**
   * The entry logs the resident's role (PGMER-2023: observed, assisted, performed with a guide or
   * independently) in the select `field`, one of SKILL_ROLES (issue 27). The verifier confirms it
   * or changes it; both are kept (`details[field]` and the record's `confirmedRole`). `subject` is
   * the remote select the role is about (the skill): a new entry proposes the student's last role
   * for that same subject.
   */
  role?: { field: string; subject: string };
};
