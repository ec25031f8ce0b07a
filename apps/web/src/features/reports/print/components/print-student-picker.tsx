import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type PrintStudent, usePrintStudents } from '../api/list-print-students';

type PrintStudentPickerProps = {
  value: string | null;
  onChange: (student: PrintStudent | null) => void;
};

/**
 * Staff choose whose logbook to print: the students they may print, searched on the server as
 * they type (Master and Admin see every department, so each option names it).
 */
export function PrintStudentPicker({ value, onChange }: PrintStudentPickerProps) {
  const [search, setSearch] = useState('');
  // Students already seen, so the chosen one keeps its label when a new search leaves it out.
  const [known, setKnown] = useState<ReadonlyMap<string, PrintStudent>>(new Map());
  // Once a student is chosen the box shows their name: that is not a search, list everyone again.
  const isChosenName = value !== null && search === known.get(value)?.name;
  const [debounced] = useDebouncedValue(isChosenName ? '' : search.trim(), 300);
  const { data, isFetching } = usePrintStudents(debounced, { enabled: true });

  const options = new Map((data ?? []).map((student) => [student.id, student]));
  const chosen = value ? known.get(value) : undefined;
  if (chosen && !options.has(chosen.id)) options.set(chosen.id, chosen);

  return (
    <Select
      label="Student"
      placeholder="Search student"
      data={[...options.values()].map((student) => ({ value: student.id, label: student.name }))}
      value={value}
      onChange={(next) => {
        const student = next ? (options.get(next) ?? null) : null;
        if (student) setKnown((current) => new Map(current).set(student.id, student));
        onChange(student);
      }}
      renderOption={({ option }) => {
        const student = options.get(option.value);
        return (
          <Group gap={2} wrap="wrap" style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
            <Text size="sm">{option.label}</Text>
            {student ? (
              <Text size="xs" c="dimmed">
                {student.departmentName} · {student.collegeName}
              </Text>
            ) : null}
          </Group>
        );
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters: show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No student found'}
      w={{ base: '100%', sm: 360 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
