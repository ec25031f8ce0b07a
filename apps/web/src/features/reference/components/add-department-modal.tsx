import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CreateCourseSchema,
  CreateDepartmentSchema,
  type DepartmentCatalogItem,
  splitCommaList,
} from '@pgel/shared/schemas/reference-admin';
import { z } from 'zod';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { useAddCourse, useCreateDepartment } from '../api/departments-admin';
import { commaListPreview } from './comma-list-field';
import { REFERENCE_SAVE } from './reference-dialogs';

/** Courses are typed one per line or as a comma list; a name never holds a comma (the schema). */
export function splitCourseList(text: string): string[] {
  return splitCommaList(text.replace(/\r?\n/g, ','));
}

const COURSE_NOUN = { one: 'course', many: 'courses' };
const EMPTY_DEPARTMENT = { name: '', courses: '' };

/** Add Department (Master): a name new to the catalogue and at least one course (MD/MS ...). */
export function AddDepartmentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({ initialValues: EMPTY_DEPARTMENT });
  const dialog = useFormDialogSubmit(useCreateDepartment(), {
    ...REFERENCE_SAVE,
    onClose,
    onReset: form.reset,
  });
  const save = () =>
    dialog.submitValid(CreateDepartmentSchema, {
      name: form.values.name,
      courses: splitCourseList(form.values.courses),
    });
  const courseCount = splitCourseList(form.values.courses).length;

  return (
    <FormDialog opened={opened} onClose={dialog.close} title="Add Department">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
        <TextInput
          label="Department name"
          placeholder="e.g. Medical Genetics"
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={6}>
          <GrowingTextarea
            label="Courses"
            description="One per line, or separate with commas (e.g. MD Medical Genetics)"
            required
            minRows={3}
            maxRows={8}
            {...form.getInputProps('courses')}
          />
          <Text size="sm" c={courseCount > 0 ? 'gray.8' : 'dimmed'} aria-live="polite">
            {commaListPreview(form.values.courses.replace(/\r?\n/g, ','), COURSE_NOUN)}
          </Text>
        </Stack>
      </DialogForm>
    </FormDialog>
  );
}

/** The request of Add Course: the shared body and the row's department. */
const AddCourseFormSchema = CreateCourseSchema.extend({ departmentId: z.uuid() });

/** Add Course on a department row (Master): open while `department` is set. */
export function AddCourseModal({
  department,
  onClose,
}: {
  department: DepartmentCatalogItem | null;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { title: '' } });
  const dialog = useFormDialogSubmit(useAddCourse(), { ...REFERENCE_SAVE, onClose, onReset: form.reset });
  const save = () => {
    if (department) dialog.submitValid(AddCourseFormSchema, { departmentId: department.id, ...form.values });
  };

  return (
    <FormDialog opened={department !== null} onClose={dialog.close} title="Add Course">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
        <Text size="sm">
          Department: <b>{department?.name}</b>
        </Text>
        <TextInput
          label="Course title"
          placeholder="e.g. MD General Medicine"
          required
          data-autofocus
          {...form.getInputProps('title')}
        />
      </DialogForm>
    </FormDialog>
  );
}
