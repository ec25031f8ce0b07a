import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  COMPETENCY_TYPE_LABELS,
  type Competency,
  CreateSkillsSchema,
} from '@pgel/shared/schemas/reference-admin';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSkills } from '../api/create-skills';
import { useCompetencyOptions } from '../api/list-competencies';
import { CommaListField } from './comma-list-field';
import { REFERENCE_SAVE } from './reference-dialogs';

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

const EMPTY = { competency: null as Competency | null, text: '' };

/** Add Skills: a competency and a comma-separated list, one skill per item. */
export function AddSkillsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({ initialValues: EMPTY });
  const dialog = useFormDialogSubmit(useCreateSkills(), { ...REFERENCE_SAVE, onClose, onReset: form.reset });

  const save = () => {
    const { competency, text } = form.values;
    dialog.submitValid(CreateSkillsSchema, { competencyId: competency?.id, text });
  };

  return (
    <FormDialog opened={opened} onClose={dialog.close} title="Add Skills">
      <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
        {/* Mounted only while open: no competency search runs for a closed modal. */}
        {opened ? (
          <CompetencyPicker
            value={form.values.competency}
            onChange={(competency) => form.setFieldValue('competency', competency)}
          />
        ) : null}
        <CommaListField
          label="Skills"
          value={form.values.text}
          onChange={(text) => form.setFieldValue('text', text)}
          noun={{ one: 'skill', many: 'skills' }}
        />
      </DialogForm>
    </FormDialog>
  );
}
