import { z } from 'zod';

/** The public college choice on the sign-up page. */
export const CollegeOptionSchema = z.object({ id: z.uuid(), name: z.string(), state: z.string() });
export type CollegeOption = z.infer<typeof CollegeOptionSchema>;
export const CollegeOptionListSchema = z.object({ items: z.array(CollegeOptionSchema) });

/** A department linked to a college, as the sign-up page lists it. */
export const DepartmentOptionSchema = z.object({ id: z.uuid(), name: z.string() });
export type DepartmentOption = z.infer<typeof DepartmentOptionSchema>;
export const DepartmentOptionListSchema = z.object({ items: z.array(DepartmentOptionSchema) });

export const CourseSchema = z.object({ id: z.uuid(), title: z.string() });
export type Course = z.infer<typeof CourseSchema>;

/** "Department detail" (spec 01 section 2.6): its title, id and its courses. */
export const DepartmentDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  courses: z.array(CourseSchema),
});
export type DepartmentDetail = z.infer<typeof DepartmentDetailSchema>;

export const REFERENCE_MESSAGES = {
  collegeNotFound: 'College not found',
  departmentNotFound: 'Department not found',
} as const;
