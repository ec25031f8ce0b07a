import { z } from 'zod';
import { EMAIL_PATTERN } from './common';
import { ListQuerySchema } from './list';
import { PublicSettingsSchema } from './settings';

/** States and union territories of India: the state of a college or an institution. */
export const STATES_OF_INDIA = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof STATES_OF_INDIA)[number];

/** Competency types (spec 03 sections 2 and 9): stored as diag/proc, shown by label. */
export const COMPETENCY_TYPES = ['diag', 'proc'] as const;
export type CompetencyType = (typeof COMPETENCY_TYPES)[number];
export const COMPETENCY_TYPE_LABELS: Record<CompetencyType, string> = {
  diag: 'Diagnostic',
  proc: 'Procedure',
};

/** The college table shows this many departments before 'read more'. */
export const COLLEGE_DEPARTMENTS_SHOWN = 3;

/** Messages of spec 03 sections 5 and 8 for reference data, word for word where the spec has one. */
export const REFERENCE_ADMIN_MESSAGES = {
  fillAll: 'Please fill all the fields!',
  collegeFillAll: 'Oops... Please fill all the fields!',
  institutionFillAll: 'Please fill all the required fields!',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid 10 digit phone number',
  collegeAdded: 'College added successfully',
  departmentsUpdated: 'Departments updated successfully',
  added: (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'} added successfully`,
  deleted: (what: string) => `${what} deleted successfully`,
  institutionAdded: 'Institution added successfully',
  /** A DRP posting names the institution (issue 12): deleting it would orphan the posting. */
  institutionHasPostings: 'This institution has DRP postings and cannot be deleted.',
  inUse: (what: string) => `This ${what} is in use and cannot be deleted.`,
  deleteFailed: 'Something went wrong while deleting.',
  notFound: (what: string) => `${what} not found`,
  duplicate: (what: string) => `This ${what} already exists.`,
  /** `added` with a real plural ('3 competencies', not '3 competencys'); notes skipped repeats. */
  addedItems: (n: number, singular: string, plural: string, skipped = 0) =>
    `${n} ${n === 1 ? singular : plural} added successfully` +
    (skipped > 0 ? ` (${skipped} already existed)` : ''),
  /** A department link cannot be removed while the college still has people in it. */
  departmentHasUsers: (department: string) =>
    `${department} still has staff or students in this college and cannot be removed.`,
  logoImageOnly: 'The logo must be an image you uploaded (JPEG, PNG, WebP or GIF).',
  departmentNameRequired: 'Please enter the department name',
  courseRequired: 'Please enter at least one course',
  departmentAdded: 'Department added successfully',
  courseAdded: 'Course added successfully',
  departmentExists: (name: string) => `A department named "${name}" already exists.`,
  courseExists: (title: string, department: string) => `${department} already has a course named "${title}".`,
} as const;

/**
 * The add modals' text is split on commas, each item trimmed, one record per item (spec 03
 * section 5). Empty items and repeats are dropped.
 */
export function splitCommaList(text: string): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .filter((item) => item.length > 0);
  return [...new Set(items)];
}

const commaText = (message: string) =>
  z
    .string({ error: message })
    .max(5000, { error: message })
    .refine((text) => splitCommaList(text).length > 0, { error: message })
    .refine((text) => splitCommaList(text).every((item) => item.length <= 200), {
      error: 'Each item must be at most 200 characters',
    });

// ---- Colleges -------------------------------------------------------------------------------

export const CreateCollegeSchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    phone: z.string().trim().optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    address: z.string().trim().max(500).optional(),
    state: z.string().optional(),
    gstin: z.string().trim().max(20).optional(),
    website: z.string().trim().max(300).optional(),
    logoFileId: z.uuid().nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.phone || !v.email || !v.address || !v.state) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_ADMIN_MESSAGES.collegeFillAll, path: ['name'] });
    } else if (!(STATES_OF_INDIA as readonly string[]).includes(v.state)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_ADMIN_MESSAGES.collegeFillAll, path: ['state'] });
    } else if (!/^\d{10}$/.test(v.phone)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_ADMIN_MESSAGES.invalidPhone, path: ['phone'] });
    } else if (!EMAIL_PATTERN.test(v.email)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_ADMIN_MESSAGES.invalidEmail, path: ['email'] });
    }
  });
export type CreateCollegeInput = z.infer<typeof CreateCollegeSchema>;

/** A row of the College List (spec 03 section 2, /addCollege). */
export const CollegeListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  departments: z.array(z.object({ id: z.uuid(), name: z.string() })),
  address: z.string(),
  state: z.string(),
  phone: z.string(),
  email: z.string(),
  gstin: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type CollegeListItem = z.infer<typeof CollegeListItemSchema>;

/** Edit on a college row: the departments it runs (checkboxes). */
export const SetCollegeDepartmentsSchema = z.object({
  departmentIds: z.array(z.uuid()).max(200),
});
export type SetCollegeDepartmentsInput = z.infer<typeof SetCollegeDepartmentsSchema>;

/** The departments catalogue with each department's courses. */
export const DepartmentCatalogItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  courses: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type DepartmentCatalogItem = z.infer<typeof DepartmentCatalogItemSchema>;
export const DepartmentCatalogSchema = z.object({ items: z.array(DepartmentCatalogItemSchema) });

/** A department or course name: trimmed, inner runs of spaces made one. */
const catalogueName = (message: string) =>
  z
    .string({ error: message })
    .transform((text) => text.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: message })
        .max(200, { error: 'At most 200 characters' })
        .refine((text) => !text.includes(','), { error: 'A name cannot contain a comma' }),
    );

/** Add Department (Master): its name and at least one course (MD/MS ...). */
export const CreateDepartmentSchema = z.object({
  name: catalogueName(REFERENCE_ADMIN_MESSAGES.departmentNameRequired),
  courses: z
    .array(catalogueName(REFERENCE_ADMIN_MESSAGES.courseRequired), {
      error: REFERENCE_ADMIN_MESSAGES.courseRequired,
    })
    .min(1, { error: REFERENCE_ADMIN_MESSAGES.courseRequired })
    .max(20, { error: 'At most 20 courses at a time' }),
});
export type CreateDepartmentInput = z.infer<typeof CreateDepartmentSchema>;

/** Add Course on a department row (Master). */
export const CreateCourseSchema = z.object({
  title: catalogueName(REFERENCE_ADMIN_MESSAGES.courseRequired),
});
export type CreateCourseInput = z.infer<typeof CreateCourseSchema>;

/** Answer of Add Department and Add Course: the message and the department as listed. */
export const DepartmentResponseSchema = z.object({
  message: z.string(),
  department: DepartmentCatalogItemSchema,
});
export type DepartmentResponse = z.infer<typeof DepartmentResponseSchema>;

/** Answer of Add College and of Edit (departments): the message and the college as listed. */
export const CollegeResponseSchema = z.object({ message: z.string(), college: CollegeListItemSchema });
export type CollegeResponse = z.infer<typeof CollegeResponseSchema>;

// ---- Competencies, skills, specialities ------------------------------------------------------

export const CreateCompetenciesSchema = z.object({
  departmentId: z.uuid({ error: REFERENCE_ADMIN_MESSAGES.fillAll }),
  type: z.enum(COMPETENCY_TYPES, { error: REFERENCE_ADMIN_MESSAGES.fillAll }),
  text: commaText(REFERENCE_ADMIN_MESSAGES.fillAll),
});
export type CreateCompetenciesInput = z.infer<typeof CreateCompetenciesSchema>;

export const CompetencySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(COMPETENCY_TYPES),
  departmentId: z.uuid(),
  departmentName: z.string(),
  /** Null: the competency applies in every college that runs the department. */
  collegeName: z.string().nullable(),
});
export type Competency = z.infer<typeof CompetencySchema>;

export const CreateSkillsSchema = z.object({
  competencyId: z.uuid({ error: REFERENCE_ADMIN_MESSAGES.fillAll }),
  text: commaText(REFERENCE_ADMIN_MESSAGES.fillAll),
});
export type CreateSkillsInput = z.infer<typeof CreateSkillsSchema>;

export const SkillSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  competencyId: z.uuid(),
  competencyTitle: z.string(),
  departmentName: z.string(),
  type: z.enum(COMPETENCY_TYPES),
});
export type Skill = z.infer<typeof SkillSchema>;

export const CreateSpecialitiesSchema = z.object({
  departmentId: z.uuid({ error: REFERENCE_ADMIN_MESSAGES.fillAll }),
  text: commaText(REFERENCE_ADMIN_MESSAGES.fillAll),
});
export type CreateSpecialitiesInput = z.infer<typeof CreateSpecialitiesSchema>;

export const SpecialitySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  departmentId: z.uuid(),
  departmentName: z.string(),
});
export type Speciality = z.infer<typeof SpecialitySchema>;

/** Query of `GET /competencies`: the list query plus optional department and type filters. */
export const ListCompetenciesQuerySchema = ListQuerySchema.extend({
  departmentId: z.uuid().optional(),
  type: z.enum(COMPETENCY_TYPES).optional(),
});
export type ListCompetenciesQuery = z.infer<typeof ListCompetenciesQuerySchema>;

/** Query of `GET /skills`: the list query plus an optional competency filter. */
export const ListSkillsQuerySchema = ListQuerySchema.extend({ competencyId: z.uuid().optional() });
export type ListSkillsQuery = z.infer<typeof ListSkillsQuerySchema>;

/** Query of `GET /specialities`: the list query plus an optional department filter. */
export const ListSpecialitiesQuerySchema = ListQuerySchema.extend({ departmentId: z.uuid().optional() });
export type ListSpecialitiesQuery = z.infer<typeof ListSpecialitiesQuerySchema>;

/** Answer of the batch adds: how many records were created. */
export const CreatedCountSchema = z.object({ message: z.string(), created: z.number().int() });

// ---- Institutions ----------------------------------------------------------------------------

export const CreateInstitutionSchema = z
  .object({ state: z.string().optional(), name: z.string().trim().max(200).optional() })
  .superRefine((v, ctx) => {
    if (!v.state || !v.name || !(STATES_OF_INDIA as readonly string[]).includes(v.state)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_ADMIN_MESSAGES.institutionFillAll, path: ['name'] });
    }
  });
export type CreateInstitutionInput = z.infer<typeof CreateInstitutionSchema>;

export const InstitutionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: z.string(),
  /** Whether the caller may delete it (Master, or staff of the college that added it). */
  canDelete: z.boolean(),
});
export type Institution = z.infer<typeof InstitutionSchema>;

/** Answer of Add Institution. */
export const InstitutionResponseSchema = z.object({ message: z.string(), institution: InstitutionSchema });
export type InstitutionResponse = z.infer<typeof InstitutionResponseSchema>;

/** `GET /api/v1/states` (public). */
export const StatesResponseSchema = z.object({ items: z.array(z.string()) });

// ---- The config call -------------------------------------------------------------------------

/** `GET /api/v1/config` (spec 01 section 3): settings, the logbook menu, states, institutions. */
export const ConfigResponseSchema = z.object({
  setting: PublicSettingsSchema,
  menu: z.array(z.object({ id: z.string(), title: z.string() })),
  state: z.array(z.string()),
  inst: z.array(z.object({ id: z.uuid(), name: z.string(), state: z.string() })),
});
export type ConfigResponse = z.infer<typeof ConfigResponseSchema>;
