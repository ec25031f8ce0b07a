import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COMPETENCY_TYPE_LABELS,
  COMPETENCY_TYPES,
  CreateCompetenciesSchema,
  CreateSpecialitiesSchema,
} from '@pgel/shared/schemas/reference-admin';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { useCreateCompetencies } from '../api/create-competencies';
import { useCreateSpecialities } from '../api/create-specialities';
import { CommaListField } from './comma-list-field';
import { DepartmentSelect } from './department-select';
import { REFERENCE_SAVE } from './reference-dialogs';

const TYPE_OPTIONS = COMPETENCY_TYPES.map((type) => ({ value: type, label: COMPETENCY_TYPE_LABELS[type] }));

/** A list of titles kept per department, added as a comma-separated text (one title per item). */
export type DepartmentList<TInput> = {
  title: string;
  /** The text's label, and what one item becomes for the preview. */
  label: string;
  noun: { one: string; many: string };
  /** Competencies have a type (between the department and the text). */
  withType?: boolean;
  schema: z.ZodType<TInput>;
  useCreate: () => UseMutationResult<{ message: string }, Error, TInput>;
};

/** Add Competency: department, type and a comma-separated list, one competency per item. */
export const COMPETENCY_LIST: DepartmentList<z.output<typeof CreateCompetenciesSchema>> = {
  title: 'Add Competency',
  label: 'Competencies',
  noun: { one: 'competency', many: 'competencies' },
  withType: true,
  schema: CreateCompetenciesSchema,
  useCreate: useCreateCompetencies,
};

/** Add Speciality: a department and a comma-separated list, one speciality per item. */
export const SPECIALITY_LIST: DepartmentList<z.output<typeof CreateSpecialitiesSchema>> = {
  title: 'Add Speciality',
  label: 'Specialities',
  noun: { one: 'speciality', many: 'specialities' },
  schema: CreateSpecialitiesSchema,
  useCreate: useCreateSpecialities,
};

const EMPTY = { departmentId: null as string | null, type: null as string | null, text: '' };

type AddDepartmentListModalProps<TInput> = {
  list: DepartmentList<TInput>;
  opened: boolean;
  onClose: () => void;
};

/** The add modal of a per-department list (competencies, specialities). */
export function AddDepartmentListModal<TInput>({
  list,
  opened,
  onClose,
}: AddDepartmentListModalProps<TInput>) {
  const form = useForm({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(list.useCreate(), { ...REFERENCE_SAVE, onClose, onReset: form.reset });

  return (
    <FormDialog opened={opened} onClose={dialog.close} title={list.title}>
      {/* The schema keeps the fields its list has (a speciality has no type). */}
      <DialogForm
        onSubmit={() => dialog.submitValid(list.schema, form.values)}
        onCancel={dialog.close}
        isPending={dialog.isPending}
      >
        <DepartmentSelect
          value={form.values.departmentId}
          onChange={(id) => form.setFieldValue('departmentId', id)}
        />
        {list.withType ? (
          <Select
            label="Type"
            placeholder="Select type"
            data={TYPE_OPTIONS}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
          />
        ) : null}
        <CommaListField
          label={list.label}
          value={form.values.text}
          onChange={(text) => form.setFieldValue('text', text)}
          noun={list.noun}
        />
      </DialogForm>
    </FormDialog>
  );
}
