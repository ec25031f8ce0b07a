import {
  ActionIcon,
  Box,
  Button,
  Group,
  Input,
  NumberInput,
  Radio,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { isStudent } from '@pgel/shared/auth/policies';
import { ENTRY_FORM_MESSAGES } from '@pgel/shared/records/entry-form';
import { favouriteTypeOf } from '@pgel/shared/records/favourites';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import { inclusiveDays, type RecordValues, selectOptions } from '@pgel/shared/records/validation';
import { IconClock, IconPlus, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '../../../components/date-field';
import { showError } from '../../../components/dialogs';
import { FileUpload } from '../../../components/file-upload';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { sessionUserQueryOptions } from '../../../lib/session';
import { addOptionKindOf } from '../api/add-option';
import { type RecordOption, recordOptionsPath, useRecordOptions } from '../api/get-record-options';
import { useSetFavourite } from '../api/pin-favourite';
import { AddOptionButton } from './add-option-modal';
import { RadioCards } from './radio-cards';

type InputOf<I extends FieldDef['input']> = Extract<FieldDef, { input: I }>;

/** What every input component gets: its definition, value, error and a way to change the value. */
type FieldProps<I extends FieldDef['input']> = {
  field: InputOf<I>;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
};

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
const comboboxProps = { withinPortal: true } as const;

export function TextField({ field, value, error, onChange }: FieldProps<'text'>) {
  return (
    <TextInput
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      maxLength={field.maxLength}
      value={asText(value)}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function TextareaField({ field, value, error, onChange }: FieldProps<'textarea'>) {
  return (
    <GrowingTextarea
      size="md"
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      maxLength={field.maxLength}
      minRows={2}
      maxRows={8}
      value={asText(value)}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** DD-MM-YYYY with a calendar; not after `today` unless the field allows future dates (leave). */
export function DateRecordField({
  field,
  value,
  error,
  onChange,
  today,
}: FieldProps<'date'> & { today: string }) {
  return (
    <DateField
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      maxDate={field.allowFuture ? undefined : today}
      value={asText(value) || null}
      error={error}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

export function TimeField({ field, value, error, onChange }: FieldProps<'time'>) {
  return (
    <TimeInput
      size="md"
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      leftSection={<IconClock size={16} aria-hidden />}
      value={asText(value)}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function NumberField({ field, value, error, onChange }: FieldProps<'number'>) {
  return (
    <NumberInput
      size="md"
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      min={field.min}
      max={field.max}
      allowDecimal={!field.integer}
      allowNegative={field.min < 0}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      error={error}
      onChange={(next) => onChange(next)}
    />
  );
}

/** Fixed choices this short are radio buttons: one tap instead of two (issue 10). */
const MAX_RADIO_OPTIONS = 4;

/**
 * A fixed choice. The department-only options (three clinical training types) are listed only
 * when the server says the caller's department is the one the setting names. A short list
 * without such options (a role, a leave type) is a row of radio buttons.
 */
export function SelectField({
  field,
  value,
  error,
  onChange,
  restrictedAllowed,
}: FieldProps<'select'> & { restrictedAllowed: boolean }) {
  const options = selectOptions(field, restrictedAllowed);
  if (!field.restricted && options.length <= MAX_RADIO_OPTIONS) {
    return (
      <RadioCards
        label={field.label}
        description={field.description}
        withAsterisk={field.required}
        options={options}
        value={asText(value) || null}
        error={error}
        onChange={(next) => onChange(next)}
      />
    );
  }
  return (
    <Select
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      placeholder={`Select ${field.label}`}
      data={[...options]}
      value={asText(value) || null}
      error={error}
      onChange={(next) => onChange(next ?? '')}
      // Picking the prefilled choice again keeps it (Mantine would clear it).
      allowDeselect={false}
      searchable
      nothingFoundMessage="No option found"
      comboboxProps={comboboxProps}
    />
  );
}

/**
 * Options from the server: the department's teachers, competencies, skills or specialities. A
 * skills list waits for its competency and reloads when it changes (the form clears the skill).
 * Procedure competencies, skills and specialities have a small '+ Add' in the label row: a missing
 * choice is added for the department and chosen here.
 */
export function RemoteSelectField({
  field,
  value,
  error,
  onChange,
  values,
}: FieldProps<'remote-select'> & { values: RecordValues }) {
  const dependsOn = field.source.list === 'skills' ? field.source.dependsOn : null;
  const path = recordOptionsPath(field.source, dependsOn ? values[dependsOn] : undefined);
  const options = useRecordOptions(path);
  const isWaiting = path === null;
  const addKind = addOptionKindOf(field.source);
  const placeholder = isWaiting
    ? 'Choose the competency first'
    : options.isPending
      ? 'Loading…'
      : options.isError
        ? 'Could not load the list'
        : `Select ${field.label}`;
  const favouriteType = favouriteTypeOf(field.source);
  const role = useQuery({ ...sessionUserQueryOptions(), enabled: favouriteType !== null }).data?.role;
  const canPin = favouriteType !== null && role !== undefined && isStudent({ role });
  const chosen = (options.data ?? []).find((option) => option.id === value);
  const pin = canPin && favouriteType && chosen ? <PinButton type={favouriteType} option={chosen} /> : null;
  // Room in the label row for what sits at its end: '+ Add' and the pin.
  const labelRoom = (addKind ? 5 : 0) + (pin ? 2.5 : 0);
  const select = (
    <Select
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      placeholder={placeholder}
      data={optionGroups(options.data ?? [])}
      value={asText(value) || null}
      error={error}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      disabled={isWaiting}
      searchable
      nothingFoundMessage="No option found"
      comboboxProps={comboboxProps}
      // A long label wraps before the '+ Add' and the pin in its row.
      labelProps={labelRoom > 0 ? { style: { paddingInlineEnd: `${labelRoom}rem` } } : undefined}
    />
  );
  if (addKind === null && pin === null) return select;
  // Outside the <label>: inside it, the buttons' names would join the select's accessible name.
  return (
    <Box pos="relative">
      {select}
      <Group pos="absolute" top={-1} right={0} gap={2} wrap="nowrap">
        {pin}
        {addKind ? (
          <AddOptionButton
            kind={addKind}
            competencyId={dependsOn ? asText(values[dependsOn]) : undefined}
            onAdded={(item) => onChange(item.id)}
          />
        ) : null}
      </Group>
    </Box>
  );
}

/**
 * A student's list in their order (issue 29): what they pinned, then what they used last, each
 * under its heading, then the rest; a plain list when there is neither.
 */
export function optionGroups(items: readonly RecordOption[]) {
  const toItem = (option: RecordOption) => ({ value: option.id, label: option.title });
  const pinned = items.filter((option) => option.pinned);
  const recent = items.filter((option) => !option.pinned && option.recent);
  if (pinned.length === 0 && recent.length === 0) return items.map(toItem);
  const rest = items.filter((option) => !option.pinned && !option.recent);
  return [
    { group: ENTRY_FORM_MESSAGES.pinnedGroup, items: pinned.map(toItem) },
    { group: ENTRY_FORM_MESSAGES.recentGroup, items: recent.map(toItem) },
    { group: ENTRY_FORM_MESSAGES.otherGroup, items: rest.map(toItem) },
  ].filter((group) => group.items.length > 0);
}

/** The star beside a chosen procedure, competency or skill: pins it first in the student's lists. */
function PinButton({
  type,
  option,
}: {
  type: NonNullable<ReturnType<typeof favouriteTypeOf>>;
  option: RecordOption;
}) {
  const setFavourite = useSetFavourite();
  const pinned = option.pinned === true;
  const label = pinned ? ENTRY_FORM_MESSAGES.unpin(option.title) : ENTRY_FORM_MESSAGES.pin(option.title);
  return (
    <ActionIcon
      variant="subtle"
      color={pinned ? 'yellow.8' : 'gray.7'}
      size={28}
      aria-label={label}
      aria-pressed={pinned}
      title={label}
      loading={setFavourite.isPending}
      onClick={() =>
        setFavourite.mutate(
          { type, id: option.id, pinned: !pinned },
          { onError: () => void showError(ENTRY_FORM_MESSAGES.pinFailed) },
        )
      }
    >
      {pinned ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
    </ActionIcon>
  );
}

/** Absent / Present (clinical case physical examination). */
export function AbsentPresentField({ field, value, error, onChange }: FieldProps<'absent-present'>) {
  return (
    <Radio.Group
      size="md"
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      value={asText(value) || null}
      error={error}
      onChange={(next) => onChange(next)}
    >
      <Group gap="lg" mt={6}>
        <Radio value="absent" label="Absent" size="sm" />
        <Radio value="present" label="Present" size="sm" />
      </Group>
    </Radio.Group>
  );
}

/** A list of lines (presenting complaints): rows are added and removed; the first row always stays. */
export function TextListField({ field, value, error, onChange }: FieldProps<'text-list'>) {
  const lines = Array.isArray(value) && value.length > 0 ? (value as string[]) : [''];
  const setLine = (index: number, line: string) =>
    onChange(lines.map((old, i) => (i === index ? line : old)));
  return (
    <Input.Wrapper
      size="md"
      label={field.label}
      description={field.description}
      withAsterisk={field.required}
      error={error}
      labelElement="div"
    >
      <Stack gap="xs" mt={6}>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; their text is what changes
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`${field.itemLabel} ${index + 1}`}
              placeholder={`${field.itemLabel} ${index + 1}`}
              value={line}
              error={index === 0 && error ? true : undefined}
              onChange={(event) => setLine(index, event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            {index > 0 ? (
              <ActionIcon
                variant="light"
                color="red"
                size={42}
                aria-label={`Remove ${field.itemLabel} ${index + 1}`}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...lines, ''])}
          >
            Add {field.itemLabel}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** A certificate or document: uploaded at once (purpose `document`); the form keeps its id. */
export function FileField({
  field,
  error,
  onChange,
  onBusyChange,
  uploadMessages,
}: FieldProps<'file'> & {
  onBusyChange?: (isBusy: boolean) => void;
  uploadMessages?: RecordKind['uploadMessages'];
}) {
  return (
    <FileUpload
      label={field.label}
      withAsterisk={field.required}
      error={error}
      purpose="document"
      description={field.description}
      onUploaded={(file) => onChange(file.id)}
      onRemove={() => onChange('')}
      onBusyChange={onBusyChange}
      // A failed upload (the server's fault or the network's) in the kind's own words.
      serverErrorMessage={uploadMessages?.failed}
      networkErrorMessage={uploadMessages?.error}
    />
  );
}

/** Read-only, worked out live from two other fields (leave days: inclusive, 0 when reversed). */
export function ComputedField({ field, values }: { field: InputOf<'computed'>; values: RecordValues }) {
  const result = inclusiveDays(values[field.from], values[field.to]);
  return (
    <TextInput
      label={field.label}
      description={field.description}
      value={String(result)}
      readOnly
      variant="filled"
      aria-readonly
    />
  );
}

export type RecordFieldProps = {
  field: FieldDef;
  values: RecordValues;
  error?: string;
  onChange: (name: string, value: unknown) => void;
  today: string;
  /** Whether the select's department-only options show, by setting name. */
  restrictedAllowed: (departmentSetting: string) => boolean;
  onBusyChange?: (name: string, isBusy: boolean) => void;
  /** The kind's own upload failure messages (the DRP logbook's), instead of the generic ones. */
  uploadMessages?: RecordKind['uploadMessages'];
};

/** One input of a record form, chosen by the field's `input` type. */
export function RecordField({
  field,
  values,
  error,
  onChange,
  today,
  restrictedAllowed,
  onBusyChange,
  uploadMessages,
}: RecordFieldProps) {
  const value = values[field.name];
  const change = (next: unknown) => onChange(field.name, next);
  switch (field.input) {
    case 'text':
      return <TextField field={field} value={value} error={error} onChange={change} />;
    case 'textarea':
      return <TextareaField field={field} value={value} error={error} onChange={change} />;
    case 'date':
      return <DateRecordField field={field} value={value} error={error} onChange={change} today={today} />;
    case 'time':
      return <TimeField field={field} value={value} error={error} onChange={change} />;
    case 'number':
      return <NumberField field={field} value={value} error={error} onChange={change} />;
    case 'select':
      return (
        <SelectField
          field={field}
          value={value}
          error={error}
          onChange={change}
          restrictedAllowed={field.restricted ? restrictedAllowed(field.restricted.departmentSetting) : false}
        />
      );
    case 'remote-select':
      return (
        <RemoteSelectField field={field} value={value} error={error} onChange={change} values={values} />
      );
    case 'absent-present':
      return <AbsentPresentField field={field} value={value} error={error} onChange={change} />;
    case 'text-list':
      return <TextListField field={field} value={value} error={error} onChange={change} />;
    case 'file':
      return (
        <FileField
          field={field}
          value={value}
          error={error}
          onChange={change}
          onBusyChange={onBusyChange ? (isBusy) => onBusyChange(field.name, isBusy) : undefined}
          uploadMessages={uploadMessages}
        />
      );
    case 'computed':
      return <ComputedField field={field} values={values} />;
  }
}
