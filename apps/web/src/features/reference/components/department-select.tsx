import { Select } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useDepartments } from '../api/get-departments';

type DepartmentSelectProps = {
  value: string | null;
  onChange: (departmentId: string | null) => void;
};

/** 'Department': a searchable pick from the departments catalogue. */
export function DepartmentSelect({ value, onChange }: DepartmentSelectProps) {
  const departments = useDepartments();
  return (
    <Select
      label="Department"
      placeholder={departments.isPending ? 'Loading departments…' : 'Select department'}
      searchable
      nothingFoundMessage="No department found"
      data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
      value={value}
      onChange={onChange}
      error={departments.isError ? errorMessage(departments.error) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
