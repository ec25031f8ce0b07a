import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDepartmentStudents } from '../api/list-department-students';

type StudentFilterProps = {
  /** The chosen student's id, or null for all students. */
  value: string | null;
  onChange: (studentId: string | null) => void;
  /**
   * What the empty box says: 'All students' for a list filter; a page that shows one student at
   * a time asks for one instead.
   */
  placeholder?: string;
  /** A required field of a form (a visible 'Student' label, full width), not a list filter. */
  asField?: boolean;
};

/**
 * Staff's student filter: the department's students, searched on the server as you type (the
 * student list is paged, so it is never loaded whole).
 */
export function StudentFilter({
  value,
  onChange,
  placeholder = 'All students',
  asField = false,
}: StudentFilterProps) {
  const [search, setSearch] = useState('');
  // Names already seen, so the chosen student keeps its label when a new search leaves it out.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  // Once a student is chosen the box shows their name: that is not a search, list everyone again.
  const isChosenName = value !== null && search === known.get(value);
  const [debounced] = useDebouncedValue(isChosenName ? '' : search.trim(), 300);
  const { data, isFetching } = useDepartmentStudents(debounced, { enabled: true });

  const items = data?.items ?? [];
  const options = new Map(items.map((student) => [student.id, student.name]));
  if (value && !options.has(value)) {
    const name = known.get(value);
    if (name) options.set(value, name);
  }

  return (
    <Select
      aria-label={asField ? undefined : 'Student'}
      label={asField ? 'Student' : undefined}
      withAsterisk={asField}
      placeholder={asField ? 'Search student' : placeholder}
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={(next) => {
        if (next) {
          const name = options.get(next);
          if (name) setKnown((current) => new Map(current).set(next, name));
        }
        onChange(next);
      }}
      searchable
      clearable={!asField}
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters: show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No student found'}
      size={asField ? 'md' : 'sm'}
      w={asField ? undefined : { base: '100%', xs: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
