import { Button, Modal, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  AddSkillOptionSchema,
  AddTitledOptionSchema,
  OPTION_MESSAGES,
  RECORD_MESSAGES,
} from '@pgel/shared/records/api';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import type { z } from 'zod';
import { DialogActions } from '../../../components/dialog-actions';
import { showError, showMessage } from '../../../components/dialogs';
import {
  type AddedOption,
  type AddOptionKind,
  cachedOptionTitle,
  useAddProcedureOption,
  useAddSkillOption,
  useAddSpecialityOption,
} from '../api/add-option';
import { recordFailureMessage } from './record-dialogs';

/** The success dialog ('Skill added successfully!' and the like) closes by itself after this long. */
export const OPTION_ADDED_AUTO_CLOSE_MS = 1500;

/** Shown on the disabled Add Skills button until a competency is chosen. */
export const CHOOSE_COMPETENCY_HINT = 'Choose a competency first';

/** The same breakpoint as the other record modals: full screen under Mantine's `xs` (36em). */
const PHONE = '(max-width: 35.99em)';

const ADD_OPTION: Record<AddOptionKind, { title: string; placeholder: string }> = {
  procedure: { title: 'Add New Procedure', placeholder: 'Name of the procedure' },
  skill: { title: 'Add Skills', placeholder: 'Name of the skill' },
  speciality: { title: 'Add Speciality', placeholder: 'Name of the speciality' },
};

/**
 * This modal opens over the entry form's modal, and every open Mantine modal closes on Escape
 * (a window listener each) unless the key's target carries this attribute: with it on everything
 * focusable here, Escape closes this modal only and the half-filled entry form stays.
 */
const KEEP_ESCAPE = { 'data-mantine-stop-propagation': true } as const;

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
 * college and department, its list reloads and the form selects it.
 */
export function AddOptionModal({ kind, opened, onClose, competency, onAdded }: AddOptionModalProps) {
  const isPhone = useMediaQuery(PHONE) ?? false;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onClose();
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size="sm"
      radius="lg"
      centered={!isPhone}
      fullScreen={isPhone}
      closeOnEscape={false}
      onKeyDown={closeOnEscape}
    >
      {/* As the theme's Modal: the composed parts do not get its default props. */}
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content {...KEEP_ESCAPE}>
        <Modal.Header>
          <Modal.Title>{ADD_OPTION[kind].title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" {...KEEP_ESCAPE} />
        </Modal.Header>
        <Modal.Body>
          {/* Mounted while open only: each opening starts empty. */}
          <AddOptionForm kind={kind} competency={competency} onClose={onClose} onAdded={onAdded} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type AddOptionFormProps = Pick<AddOptionModalProps, 'kind' | 'competency' | 'onClose' | 'onAdded'>;

function AddOptionForm({ kind, competency, onClose, onAdded }: AddOptionFormProps) {
  const [title, setTitle] = useState('');
  const procedure = useAddProcedureOption();
  const skill = useAddSkillOption();
  const speciality = useAddSpecialityOption();
  const isPending = procedure.isPending || skill.isPending || speciality.isPending;

  const callbacks = {
    onSuccess: ({ message, item }: AddedOption) => {
      onAdded(item);
      onClose();
      void showMessage({
        title: 'Success',
        message,
        tone: 'success',
        autoCloseMs: OPTION_ADDED_AUTO_CLOSE_MS,
      });
    },
    onError: (error: Error) => void showError(recordFailureMessage(error, RECORD_MESSAGES.fallback)),
  };
  const invalid = (error: z.ZodError) =>
    void showError(error.issues[0]?.message ?? OPTION_MESSAGES.fillAll, VALIDATION_TITLE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through portals: the entry form around this modal must not submit.
    event.stopPropagation();
    if (isPending) return;
    if (kind === 'skill') {
      const parsed = AddSkillOptionSchema.safeParse({ competencyId: competency?.id ?? '', title });
      if (!parsed.success) return invalid(parsed.error);
      skill.mutate(parsed.data, callbacks);
      return;
    }
    const parsed = AddTitledOptionSchema.safeParse({ title });
    if (!parsed.success) return invalid(parsed.error);
    (kind === 'procedure' ? procedure : speciality).mutate(parsed.data, callbacks);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={ADD_OPTION[kind].title}>
      <Stack gap="md">
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
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          data-autofocus
          {...KEEP_ESCAPE}
        />
        <Text size="sm" c="dimmed">
          It is added to your department's list for everyone to choose.
        </Text>
        <DialogActions>
          <Button variant="default" onClick={onClose} {...KEEP_ESCAPE}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending} {...KEEP_ESCAPE}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </form>
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
