import { ActionIcon, Button, Grid, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  CO_GUIDE_NAME_MAX,
  type CoGuide,
  coGuidesError,
  MAX_CO_GUIDES,
  THESIS_MESSAGES,
  type Thesis,
  type ThesisStage,
} from '@pgel/shared/academic/thesis';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCollegeDepartments } from '../api/get-college-departments';
import { FROM_SYNOPSIS } from './step-forms';
import { prerequisiteError, useThesisStepSubmit } from './use-thesis-step';

type CoGuideRow = { key: number; name: string; department: string | null };

type MarkedField = { row: number; field: 'name' | 'department'; message: string } | null;

/**
 * Which field the shared check's message is about, so that field is marked too (the dialog says
 * it first). The messages name the row: compared with the shared ones, they say which field.
 */
function fieldOf(message: string | null, count: number): MarkedField {
  if (!message) return null;
  for (let n = 1; n <= count; n += 1) {
    if (message === THESIS_MESSAGES.coGuideName(n)) return { row: n - 1, field: 'name', message };
    if (message === THESIS_MESSAGES.coGuideDepartment(n)) return { row: n - 1, field: 'department', message };
  }
  return null;
}

type CoGuidesFormProps = {
  stage: ThesisStage;
  thesis: Thesis | null;
  /** The college whose departments a co-guide may belong to (the student's). */
  collegeId: string | null;
  /** A step before this one is not written yet. */
  disabled: boolean;
  /** The rows to start from (the thesis: the synopsis's co-guides, issue 28); one empty row if none. */
  proposed?: readonly CoGuide[];
};

function startingRows(proposed: readonly CoGuide[]): CoGuideRow[] {
  if (proposed.length === 0) return [{ key: 0, name: '', department: null }];
  return proposed
    .slice(0, MAX_CO_GUIDES)
    .map((coGuide, key) => ({ key, name: coGuide.name, department: coGuide.department }));
}

/**
 * The co-guide rows (spec 03 section 5): a name and a department each, at least one. 'Add
 * Co-guide' adds a row; every row but the first can be removed. Saved once, after
 * coGuidesError's row-by-row check and the confirmation.
 */
export function CoGuidesForm({ stage, thesis, collegeId, disabled, proposed = [] }: CoGuidesFormProps) {
  const [initialRows] = useState(() => startingRows(proposed));
  const nextKey = useRef(initialRows.length);
  const [rows, setRows] = useState<CoGuideRow[]>(initialRows);
  const [marked, setMarked] = useState<MarkedField>(null);
  const departments = useCollegeDepartments(collegeId, { enabled: !disabled });
  const { submit, isPending } = useThesisStepSubmit(stage, 'coGuides');

  // The department is kept by name: the record shows it as written, whatever becomes of the list.
  const departmentOptions = (departments.data ?? []).map((department) => department.name);
  // A proposed row's department stays visible even when the list no longer has that name.
  const optionsFor = (department: string | null) =>
    department && !departmentOptions.includes(department)
      ? [department, ...departmentOptions]
      : departmentOptions;

  const change = (key: number, patch: Partial<Omit<CoGuideRow, 'key'>>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setMarked(null);
  };
  const addRow = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    setRows((current) => [...current, { key, name: '', department: null }]);
  };
  const removeRow = (key: number) => {
    setRows((current) => current.filter((row, index) => index === 0 || row.key !== key));
    setMarked(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const coGuides = rows.map((row) => ({ name: row.name.trim(), department: row.department ?? '' }));
    const problem = prerequisiteError(stage, thesis, 'coGuides') ?? coGuidesError(coGuides);
    setMarked(fieldOf(problem, rows.length));
    void submit(problem, { coGuides });
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        {proposed.length > 0 ? (
          <Text size="sm" c="dimmed">
            {FROM_SYNOPSIS}
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const n = index + 1;
          const error = marked?.row === index ? marked : null;
          return (
            <Grid key={row.key} gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={`Co-guide ${n} name`}
                  placeholder="Name"
                  value={row.name}
                  maxLength={CO_GUIDE_NAME_MAX}
                  onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                  error={error?.field === 'name' ? error.message : undefined}
                  disabled={disabled}
                />
              </Grid.Col>
              <Grid.Col span={{ base: index === 0 ? 12 : 10, sm: index === 0 ? 6 : 5 }}>
                <Select
                  label={`Co-guide ${n} department`}
                  placeholder={
                    departments.isPending && !disabled ? 'Loading departments…' : 'Select department'
                  }
                  data={optionsFor(row.department)}
                  value={row.department}
                  onChange={(value) => change(row.key, { department: value })}
                  searchable
                  nothingFoundMessage="No department found"
                  error={
                    error?.field === 'department'
                      ? error.message
                      : departments.isError
                        ? errorMessage(departments.error)
                        : undefined
                  }
                  disabled={disabled}
                  comboboxProps={{ withinPortal: true }}
                />
              </Grid.Col>
              {index === 0 ? null : (
                <Grid.Col span={{ base: 2, sm: 1 }}>
                  <Group justify="flex-end" pb={error ? 22 : 0}>
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        aria-label={`Remove Co-guide ${n}`}
                        onClick={() => removeRow(row.key)}
                        disabled={disabled}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Grid.Col>
              )}
            </Grid>
          );
        })}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addRow}
            disabled={disabled || rows.length >= MAX_CO_GUIDES}
          >
            Add Co-guide
          </Button>
          <Button type="submit" loading={isPending} disabled={disabled}>
            Save Co-guides
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
