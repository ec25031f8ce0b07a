import { Alert, Badge, Box, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  ATTENDANCE_MARKS,
  ATTENDANCE_MESSAGES,
  type AttendanceDays,
  type AttendanceMark,
  type AttendanceRow,
} from '@pgel/shared/drp/attendance';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showConfirm, showError } from '../../../components/dialogs';
import { DraftRestoredNote } from '../../../components/draft-restored-note';
import { FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../lib/api-client';
import { readDraft, removeDraft, writeDraft } from '../../../lib/entry-drafts';
import { sessionUserQueryOptions } from '../../../lib/session';
import { useAttendanceDays, useMarkAttendance } from '../api/attendance';
import { attendanceSummary } from './attendance-summary';

type AttendanceModalProps = {
  /** The posting whose days are shown (kept while the dialog closes, so it does not flicker). */
  row: AttendanceRow | null;
  opened: boolean;
  /** 'mark' for the posting's coordinator; 'view' (read-only) for everyone else. */
  mode: 'mark' | 'view';
  onClose: () => void;
};

const MARK_LABELS: Record<AttendanceMark, string> = {
  present: ATTENDANCE_MESSAGES.present,
  absent: ATTENDANCE_MESSAGES.absent,
};
const MARK_OPTIONS = ATTENDANCE_MARKS.map((mark) => ({ value: mark, label: MARK_LABELS[mark] }));

/** 'Mon, 03-03-2026': the weekday helps a coordinator find the right day. */
const dayLabel = (date: string) => dayjs(date).format('ddd, DD-MM-YYYY');

/**
 * The draft of a posting's unsaved marks on this device (issue 28), one per signed-in user and
 * posting (lib/entry-drafts.ts: removed on sign-out too): a reload or a dropped page gives the
 * marks back; saving or discarding them removes it.
 */
const draftForm = (postingId: string) => `drp-attendance:${postingId}`;

/** Asks before unsaved marks are thrown away; true when the coordinator chose to discard them. */
function confirmDiscard(count: number): Promise<boolean> {
  return showConfirm({
    title: ATTENDANCE_MESSAGES.closeTitle,
    message: ATTENDANCE_MESSAGES.closeText(count),
    confirmLabel: ATTENDANCE_MESSAGES.discard,
    cancelLabel: ATTENDANCE_MESSAGES.keepMarking,
    danger: true,
  });
}

/**
 * Mark Attendance (the coordinator) or the read-only days and percentage (everyone else).
 * Issue 28: closing with unsaved marks (close button, Escape, Cancel) asks first; Save stays in
 * view at the foot however long the posting; unsaved marks are kept as a draft on the device.
 */
export function AttendanceModal({ row, opened, mode, onClose }: AttendanceModalProps) {
  const days = useAttendanceDays(row?.postingId ?? null);
  const userId = useQuery(sessionUserQueryOptions()).data?.id ?? null;
  const title = mode === 'mark' ? ATTENDANCE_MESSAGES.markTitle : 'Attendance';
  // What the form reports: its unsaved marks, so the frame's close button and Escape ask first.
  const unsaved = useRef(0);
  const isAsking = useRef(false);
  const postingId = row?.postingId ?? null;
  const requestClose = useCallback(async () => {
    if (isAsking.current) return;
    if (unsaved.current > 0) {
      isAsking.current = true;
      const discard = await confirmDiscard(unsaved.current);
      isAsking.current = false;
      if (!discard) return;
      if (userId && postingId) removeDraft(userId, draftForm(postingId));
    }
    onClose();
  }, [onClose, userId, postingId]);
  const askToClose = useCallback(() => void requestClose(), [requestClose]);
  const setUnsaved = useCallback((count: number) => {
    unsaved.current = count;
  }, []);

  let body: ReactNode;
  if (days.data && mode === 'mark') {
    // Kept through a refetch (the marks are the coordinator's changes over the server's days).
    body = (
      <MarkDaysForm
        key={days.data.row.postingId}
        data={days.data}
        userId={userId}
        onDone={onClose}
        onCancel={askToClose}
        onUnsavedChange={setUnsaved}
      />
    );
  } else if (days.isPending) {
    body = (
      <Group justify="center" py="lg">
        <Loader aria-label="Loading" />
      </Group>
    );
  } else if (days.isError) {
    body = (
      <Alert color="red" variant="light">
        {errorMessage(days.error)}
      </Alert>
    );
  } else {
    body = <ViewDays data={days.data} onClose={onClose} />;
  }
  return (
    <FormDialog
      opened={opened && row !== null}
      onClose={mode === 'mark' ? askToClose : onClose}
      title={row ? `${title}: ${row.student.name}` : title}
      closeOnEscape={mode === 'view'}
      closeOnClickOutside={mode === 'view'}
      onEscape={mode === 'mark' ? askToClose : undefined}
    >
      {body}
    </FormDialog>
  );
}

function Summary({ row }: { row: AttendanceRow }) {
  return (
    <Text size="sm" c="dimmed">
      {row.institution} · {attendanceSummary(row)}
    </Text>
  );
}

type Marks = Record<string, AttendanceMark>;

const isMark = (value: unknown): value is AttendanceMark =>
  typeof value === 'string' && (ATTENDANCE_MARKS as readonly string[]).includes(value);

/** The marks that differ from the server's, for days of the posting so far. */
function unsavedMarks(data: AttendanceDays, changes: Marks): Marks {
  const unsaved: Marks = {};
  for (const day of data.days) {
    const mark = changes[day.date];
    if (mark && mark !== day.mark) unsaved[day.date] = mark;
  }
  return unsaved;
}

/** The draft kept for this posting, as marks that still differ from the server's (may be none). */
function restoredMarks(userId: string | null, data: AttendanceDays): Marks {
  if (!userId) return {};
  const draft = readDraft(userId, draftForm(data.row.postingId));
  if (!draft) return {};
  const stored: Marks = {};
  for (const [date, mark] of Object.entries(draft.values)) if (isMark(mark)) stored[date] = mark;
  return unsavedMarks(data, stored);
}

type MarkDaysFormProps = {
  data: AttendanceDays;
  userId: string | null;
  /** Closes the dialog at once (saved). */
  onDone: () => void;
  /** Cancel: asks first when marks are unsaved. */
  onCancel: () => void;
  onUnsavedChange: (count: number) => void;
};

function MarkDaysForm({ data, userId, onDone, onCancel, onUnsavedChange }: MarkDaysFormProps) {
  // The coordinator's marks over the server's days; a draft from an earlier visit comes back.
  const [restored] = useState(() => restoredMarks(userId, data));
  const [changes, setChanges] = useState<Marks>(restored);
  const [restoredCount, setRestoredCount] = useState(Object.keys(restored).length);
  const dialog = useFormDialogSubmit(useMarkAttendance(), {
    onClose: onDone,
    successAutoCloseMs: 1500,
    onSuccess: () => {
      if (userId) removeDraft(userId, draftForm(data.row.postingId));
      setChanges({});
    },
  });
  const unsaved = unsavedMarks(data, changes);
  const unsavedCount = Object.keys(unsaved).length;
  const markOf = (date: string, saved: AttendanceMark | null) => changes[date] ?? saved;
  const unmarked = data.days.filter((day) => markOf(day.date, day.mark) == null);

  // The draft follows every change; it goes once nothing is unsaved.
  const draftKey = JSON.stringify(unsaved);
  useEffect(() => {
    onUnsavedChange(unsavedCount);
    if (!userId) return;
    const form = draftForm(data.row.postingId);
    if (unsavedCount > 0) writeDraft(userId, form, JSON.parse(draftKey) as Marks);
    else removeDraft(userId, form);
  }, [draftKey, unsavedCount, userId, data.row.postingId, onUnsavedChange]);
  useEffect(() => () => onUnsavedChange(0), [onUnsavedChange]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through portals: a form under this dialog must not submit too.
    event.stopPropagation();
    // Only what changed: a day marked again takes the new mark, the rest stay as they are.
    const changed = Object.entries(unsaved).map(([date, mark]) => ({ date, mark }));
    if (changed.length === 0) {
      void showError(ATTENDANCE_MESSAGES.nothingToSave, VALIDATION_TITLE);
      return;
    }
    dialog.submit({ postingId: data.row.postingId, days: changed });
  };

  const discardDraft = async () => {
    if (!(await confirmDiscard(unsavedCount))) return;
    setChanges({});
    setRestoredCount(0);
  };

  if (data.days.length === 0) {
    return <NoDaysYet onClose={onDone} />;
  }
  return (
    <form onSubmit={save} noValidate aria-label={ATTENDANCE_MESSAGES.markTitle}>
      <Stack gap="md">
        {restoredCount > 0 && unsavedCount > 0 ? (
          <DraftRestoredNote
            discardLabel={ATTENDANCE_MESSAGES.discardDraft}
            onDiscard={() => void discardDraft()}
          >
            {ATTENDANCE_MESSAGES.draftRestored(restoredCount)}
          </DraftRestoredNote>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Summary row={data.row} />
          <Button
            size="compact-sm"
            variant="light"
            disabled={unmarked.length === 0}
            onClick={() =>
              setChanges((current) => ({
                ...current,
                ...Object.fromEntries(unmarked.map((day) => [day.date, 'present' as const])),
              }))
            }
          >
            All present
          </Button>
        </Group>
        <Stack gap={6}>
          {data.days.map((day) => {
            const mark = markOf(day.date, day.mark);
            return (
              <Group
                key={day.date}
                role="group"
                aria-label={dayLabel(day.date)}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
              >
                <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dayLabel(day.date)}
                  </Text>
                  {mark == null ? (
                    <Badge size="xs" variant="light" color="gray">
                      Not marked
                    </Badge>
                  ) : null}
                  {day.date in unsaved ? (
                    <Badge size="xs" variant="outline" color="orange.9">
                      Unsaved
                    </Badge>
                  ) : null}
                </Group>
                <SegmentedControl
                  size="xs"
                  data={MARK_OPTIONS}
                  value={mark ?? ''}
                  color={mark === 'absent' ? 'red.8' : 'teal.8'}
                  onChange={(value) =>
                    setChanges((current) => ({ ...current, [day.date]: value as AttendanceMark }))
                  }
                />
              </Group>
            );
          })}
        </Stack>
      </Stack>
      <StickyFooter>
        <Text size="sm" c={unsavedCount > 0 ? 'orange.9' : 'dimmed'} fw={unsavedCount > 0 ? 600 : 400}>
          {unsavedCount > 0 ? ATTENDANCE_MESSAGES.unsaved(unsavedCount) : ATTENDANCE_MESSAGES.allSaved}
        </Text>
        <Group gap="sm" wrap="nowrap" ml="auto">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={dialog.isPending}>
            Save
          </Button>
        </Group>
      </StickyFooter>
    </form>
  );
}

/** The modal body's padding, which the footer reaches across so nothing shows beside or below it. */
const BODY_PADDING = 'var(--mb-padding, var(--mantine-spacing-md))';

/**
 * The foot of the marking form, stuck to the bottom of the dialog while the days scroll under
 * it: Save is never below the last of 90 days (issue 28).
 */
function StickyFooter({ children }: { children: ReactNode }) {
  return (
    <Box
      data-sticky-footer
      mt="md"
      py="sm"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        marginInline: `calc(${BODY_PADDING} * -1)`,
        marginBottom: `calc(${BODY_PADDING} * -1)`,
        paddingInline: BODY_PADDING,
        paddingBottom: BODY_PADDING,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        {children}
      </Group>
    </Box>
  );
}

function ViewDays({ data, onClose }: { data: AttendanceDays; onClose: () => void }) {
  if (data.days.length === 0) return <NoDaysYet onClose={onClose} />;
  return (
    <Stack gap="md">
      <Summary row={data.row} />
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.days.map((day) => (
          <Group key={day.date} component="li" justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{dayLabel(day.date)}</Text>
            {day.mark ? (
              <Badge variant="light" color={day.mark === 'present' ? 'teal.8' : 'red.8'}>
                {MARK_LABELS[day.mark]}
              </Badge>
            ) : (
              <Badge variant="light" color="gray">
                Not marked
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      <CloseButton onClose={onClose} />
    </Stack>
  );
}

function NoDaysYet({ onClose }: { onClose: () => void }) {
  return (
    <Stack gap="md">
      <Text>{ATTENDANCE_MESSAGES.notStarted}</Text>
      <CloseButton onClose={onClose} />
    </Stack>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <DialogActions>
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </DialogActions>
  );
}
