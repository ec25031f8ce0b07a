import { Button, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AddSkillOptionSchema, AddTitledOptionSchema, OPTION_MESSAGES } from '@pgel/shared/records/api';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DialogForm, FormDialog, KEEP_ESCAPE } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { type AddedOption, type AddOptionKind, cachedOptionTitle, useAddOption } from '../api/add-option';
import { RECORD_FAILURE } from './record-dialogs';

/** The success dialog ('Skill added successfully!' and the like) closes by itself after this long. */
export const OPTION_ADDED_AUTO_CLOSE_MS = 1500;

/** Shown on the disabled Add Skills button until a competency is chosen. */
export const CHOOSE_COMPETENCY_HINT = 'Choose a competency first';

const ADD_OPTION: Record<AddOptionKind, { title: string; placeholder: string }> = {
  procedure: { title: 'Add New Procedure', placeholder: 'Name of the procedure' },
  skill: { title: 'Add Skills', placeholder: 'Name of the skill' },
  speciality: { title: 'Add Speciality', placeholder: 'Name of the speciality' },
};

export type CompetencyRef = { id: string; title: string };

type AddOptionModalProps = {
  kind: AddOptionKind;
  opened: boolean;
  onClose: () => void;
  /** Add Skills: the competency chosen in the form, shown read-only. */
  competency?: CompetencyRef | null;
  /** The new item (or the existing one of that title), already in its list. */
  onAdded: (item: AddedOption['item']) => void;
};

/**
 * Add New Procedure, Add Skills and Add Speciality (spec 02 sections 2 and 5): a title (and, for a
 * skill, the competency), checked with the shared schemas; the item is added for the caller's own
 * college and department, its list reloads and the form selects it. It opens over the entry
 * form's modal (`nested`): Escape and Cancel close it only, and the half-filled entry form stays.
 */
export function AddOptionModal({ kind, opened, onClose, competency, onAdded }: AddOptionModalProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={ADD_OPTION[kind].title} size="sm" nested>
      {/* Mounted while open only: each opening starts empty. */}
      <AddOptionForm kind={kind} competency={competency} onClose={onClose} onAdded={onAdded} />
    </FormDialog>
  );
}

type AddOptionFormProps = Pick<AddOptionModalProps, 'kind' | 'competency' | 'onClose' | 'onAdded'>;

function AddOptionForm({ kind, competency, onClose, onAdded }: AddOptionFormProps) {
  const form = useForm({ initialValues: { title: '' } });
  const dialog = useFormDialogSubmit(useAddOption(), {
    successAutoCloseMs: OPTION_ADDED_AUTO_CLOSE_MS,
    failure: RECORD_FAILURE,
    onClose,
    onSuccess: ({ item }) => onAdded(item),
  });

  const save = () => {
    const { title } = form.values;
    if (kind === 'skill') {
      const input = validateOrWarn(
        AddSkillOptionSchema,
        { competencyId: competency?.id ?? '', title },
        OPTION_MESSAGES.fillAll,
      );
      if (input) dialog.submit({ kind, input });
      return;
    }
    const input = validateOrWarn(AddTitledOptionSchema, { title }, OPTION_MESSAGES.fillAll);
    if (input) dialog.submit({ kind, input });
  };

  return (
    <DialogForm
      onSubmit={save}
      onCancel={dialog.close}
      isPending={dialog.isPending}
      label={ADD_OPTION[kind].title}
    >
      {kind === 'skill' ? (
        <TextInput
          label="Competency"
          value={competency?.title ?? ''}
          readOnly
          variant="filled"
          aria-readonly
          {...KEEP_ESCAPE}
        />
      ) : null}
      <TextInput
        label="Title"
        withAsterisk
        placeholder={ADD_OPTION[kind].placeholder}
        maxLength={200}
        data-autofocus
        {...form.getInputProps('title')}
        {...KEEP_ESCAPE}
      />
      <Text size="sm" c="dimmed">
        It is added to your department's list for everyone to choose.
      </Text>
    </DialogForm>
  );
}

type AddOptionButtonProps = {
  kind: AddOptionKind;
  /** Add Skills: the competency chosen in the form; the button waits for one. */
  competencyId?: string;
  onAdded: (item: AddedOption['item']) => void;
};

/**
 * The small '+ Add' beside a remote select's label, named for screen readers by the modal it
 * opens ('Add New Procedure', 'Add Skills', 'Add Speciality'). Add Skills stays disabled (but
 * focusable, with its reason as a tooltip and description) until a competency is chosen.
 */
export function AddOptionButton({ kind, competencyId, onAdded }: AddOptionButtonProps) {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const hintId = useId();
  const { title } = ADD_OPTION[kind];
  const isWaiting = kind === 'skill' && !competencyId;
  const competency =
    kind === 'skill' && competencyId
      ? { id: competencyId, title: cachedOptionTitle(queryClient, competencyId) ?? '' }
      : null;

  return (
    <>
      <Tooltip
        label={CHOOSE_COMPETENCY_HINT}
        disabled={!isWaiting}
        events={{ hover: true, focus: true, touch: true }}
        withinPortal
      >
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          aria-label={title}
          data-disabled={isWaiting || undefined}
          aria-disabled={isWaiting || undefined}
          aria-describedby={isWaiting ? hintId : undefined}
          onClick={(event) => {
            if (isWaiting) {
              event.preventDefault();
              return;
            }
            setOpened(true);
          }}
        >
          Add
        </Button>
      </Tooltip>
      {isWaiting ? <VisuallyHidden id={hintId}>{CHOOSE_COMPETENCY_HINT}</VisuallyHidden> : null}
      <AddOptionModal
        kind={kind}
        opened={opened}
        onClose={() => setOpened(false)}
        competency={competency}
        onAdded={onAdded}
      />
    </>
  );
}
