import { Button, Divider, Grid, Stack, Title } from '@mantine/core';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import {
  type FieldError,
  type RecordValues,
  todayIso,
  validateRecord,
} from '@pgel/shared/records/validation';
import { type FormEvent, useCallback, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { FormDialog } from '../../../components/form-dialog';
import { isApiError } from '../../../lib/api-client';
import { useCreateRecord } from '../api/create-record';
import { useRestrictedAllowed } from '../api/get-form-context';
import { recordFailureMessage, showRecordSuccess, showRecordValidation } from './record-dialogs';
import { RecordField } from './record-fields';
import {
  changeRecordValue,
  errorsByField,
  groupBySection,
  initialRecordValues,
  toCreateRecordInput,
} from './record-values';

/** Inputs that get a whole row; the rest sit two to a row on wider screens. */
const WIDE_INPUTS: ReadonlySet<FieldDef['input']> = new Set(['textarea', 'text-list', 'file']);

type RecordFormModalProps = {
  kind: RecordKind;
  opened: boolean;
  onClose: () => void;
};

/**
 * The entry form of a kind, drawn from its `fields` (grouped by section for the clinical case).
 * Checked with the same `validateRecord` the server runs; the first error is shown (or all of
 * them as a bullet list for `showAllErrors` kinds) and every failing field is marked.
 */
export function RecordFormModal({ kind, opened, onClose }: RecordFormModalProps) {
  // The page gives this modal a new key on every opening (and per kind), so each opening starts
  // from fresh values with today's date; the form stays drawn while the modal fades out.
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={kind.formTitle}
      size={hasSections(kind) ? 'xl' : 'lg'}
      closeOnEscape={false}
    >
      <RecordForm kind={kind} onClose={onClose} />
    </FormDialog>
  );
}

function hasSections(kind: RecordKind): boolean {
  return kind.fields.some((field) => field.section !== undefined);
}

function RecordForm({ kind, onClose }: { kind: RecordKind; onClose: () => void }) {
  const [today] = useState(() => todayIso());
  const [values, setValues] = useState<RecordValues>(() => initialRecordValues(kind, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const restrictedAllowed = useRestrictedAllowed(kind);
  const create = useCreateRecord();

  const change = useCallback(
    (name: string, value: unknown) => {
      setValues((current) => changeRecordValue(kind, current, name, value));
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _cleared, ...rest } = current;
        return rest;
      });
    },
    [kind],
  );

  const setBusy = useCallback((name: string, isBusy: boolean) => {
    setUploading((current) => {
      if (current.has(name) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRecord(kind, values, { today, restrictedAllowed });
    if (result.errors.length > 0) {
      setErrors(errorsByField(result.errors));
      void showRecordValidation(result.errors, kind.showAllErrors === true);
      return;
    }
    create.mutate(toCreateRecordInput(kind, result.clean), {
      onSuccess: () => {
        onClose();
        void showRecordSuccess(kind.successMessage);
      },
      onError: (error) => {
        const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
        if (fieldErrors && Object.keys(fieldErrors).length > 0) {
          setErrors({ ...fieldErrors });
          const list: FieldError[] = Object.entries(fieldErrors).map(([field, message]) => ({
            field,
            message,
          }));
          if (kind.showAllErrors) {
            void showRecordValidation(list, true);
            return;
          }
        }
        void showError(recordFailureMessage(error, RECORD_MESSAGES.submitFailed));
      },
    });
  };

  const sections = groupBySection(kind.fields);
  return (
    <form onSubmit={submit} noValidate aria-label={kind.formTitle}>
      <Stack gap="md">
        {sections.map((section) => (
          <Stack key={section.title ?? ''} gap="sm">
            {section.title ? (
              <Divider
                labelPosition="left"
                label={
                  <Title order={3} fz="sm" fw={650} c="brand.8" tt="uppercase">
                    {section.title}
                  </Title>
                }
              />
            ) : null}
            <Grid gap="md">
              {section.fields.map((field) => (
                <Grid.Col key={field.name} span={{ base: 12, sm: WIDE_INPUTS.has(field.input) ? 12 : 6 }}>
                  <RecordField
                    field={field}
                    values={values}
                    error={errors[field.name]}
                    onChange={change}
                    today={today}
                    restrictedAllowed={restrictedAllowed}
                    onBusyChange={setBusy}
                  />
                </Grid.Col>
              ))}
            </Grid>
          </Stack>
        ))}
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={uploading.size > 0}>
            Submit
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
