import {
  type AddTeacherInput,
  AddTeacherResponseSchema,
  type MyTeacher,
} from '@pgel/shared/schemas/staff-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teachersQueryOptions } from './get-teachers';
import { myTeachersQueryOptions } from './list-my-teachers';

/**
 * `POST /people/teachers` (students): creates the teacher's staff account in the student's
 * college and department (or links an existing one of that department) and links it to them.
 */
export async function addTeacher(input: AddTeacherInput): Promise<{ message: string; teacher: MyTeacher }> {
  const payload = await apiRequest<unknown>('/people/teachers', { method: 'POST', body: input });
  return AddTeacherResponseSchema.parse(payload);
}

/**
 * Adds a teacher, then reloads both lists they now belong to: the student's own teachers and the
 * Unit Head choices (cached for minutes otherwise, so the new teacher would not be choosable).
 */
export function useAddTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeacher,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myTeachersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: teachersQueryOptions().queryKey, exact: true }),
      ]),
  });
}
