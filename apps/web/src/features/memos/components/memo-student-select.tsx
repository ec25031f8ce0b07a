import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDepartmentStudents } from '../../records/api/list-department-students';

type MemoStudentSelectProps = {
  value: string | null;
  onChange: (studentId: string | null) => void;
};

/**
 * The Create Memo form's student: a labelled, required choice among the department's students,
 * searched on the server as the HOD types (the same search as the lists' StudentFilter, whose
 * "All students" choice makes no sense in a form).
 */
export function MemoStudentSelect({ value, onChange }: MemoStudentSelectProps) {
  const [search, setSearch] = useState('');
  const [chosenName, setChosenName] = useState<string | null>(null);
  // Once chosen, the box shows the name: that is not a search, list everyone again.
  const [debounced] = useDebouncedValue(search === chosenName ? '' : search.trim(), 300);
  const { data, isFetching } = useDepartmentStudents(debounced, { enabled: true });

  const options = new Map((data?.items ?? []).map((student) => [student.id, student.name]));
  if (value && chosenName && !options.has(value)) options.set(value, chosenName);

  return (
    <Select
      label="Student"
      withAsterisk
      placeholder="Search student"
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={(next) => {
        setChosenName(next ? (options.get(next) ?? null) : null);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No student found'}
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
