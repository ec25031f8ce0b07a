import { Button, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  COMPETENCY_TYPE_LABELS,
  type Competency,
  CreateSkillsSchema,
} from '@pgel/shared/schemas/reference-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSkills } from '../api/create-skills';
import { useCompetencyOptions } from '../api/list-competencies';
import { CommaListField } from './comma-list-field';
import { showSavedMessage, showSaveError, validateOrWarn } from './reference-dialogs';
import { ReferenceModal } from './reference-modal';

const competencyLabel = (c: Competency) =>
  `${c.title} — ${c.departmentName} (${COMPETENCY_TYPE_LABELS[c.type]})`;

/**
 * 'Competency': a searchable pick. The list API serves at most 20 rows a page, so typing asks the
 * server; the chosen competency stays an option whatever the current results are.
 */
function CompetencyPicker({
  value,
  onChange,
}: {
  value: Competency | null;
  onChange: (competency: Competency | null) => void;
}) {
  const [search, setSearch] = useState('');
  // Once picked, the box shows the option's label: that is not a search for the server.
  const query = value && search === competencyLabel(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 300);
  const options = useCompetencyOptions(debounced, { enabled: true });
  const found = options.data?.items ?? [];
  const all = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;

  return (
    <Select
      label="Competency"
      placeholder="Type to search competencies"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the text; show all it returned.
      filter={({ options: items }) => items}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No competency found'}
      data={all.map((c) => ({ value: c.id, label: competencyLabel(c) }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(all.find((c) => c.id === id) ?? null)}
      error={options.isError ? errorMessage(options.error) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Add Skills: a competency and a comma-separated list, one skill per item. */
export function AddSkillsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateSkills();
  const [competency, setCompetency] = useState<Competency | null>(null);
  const [text, setText] = useState('');

  const close = () => {
    setCompetency(null);
    setText('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validateOrWarn(CreateSkillsSchema, { competencyId: competency?.id, text });
    if (!input) return;
    create.mutate(input, {
      onSuccess: ({ message }) => {
        close();
        showSavedMessage(message);
      },
      onError: showSaveError,
    });
  };

  return (
    <ReferenceModal opened={opened} onClose={close} title="Add Skills">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* Mounted only while open: no competency search runs for a closed modal. */}
          {opened ? <CompetencyPicker value={competency} onChange={setCompetency} /> : null}
          <CommaListField
            label="Skills"
            value={text}
            onChange={setText}
            noun={{ one: 'skill', many: 'skills' }}
          />
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </ReferenceModal>
  );
}
