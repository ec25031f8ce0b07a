import { Alert, Badge, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  ATTENDANCE_MARKS,
  ATTENDANCE_MESSAGES,
  type AttendanceDays,
  type AttendanceMark,
  type AttendanceRow,
} from '@pgel/shared/drp/attendance';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../lib/api-client';
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

/** Mark Attendance (the coordinator) or the read-only days and percentage (everyone else). */
export function AttendanceModal({ row, opened, mode, onClose }: AttendanceModalProps) {
  const days = useAttendanceDays(row?.postingId ?? null);
  const title = mode === 'mark' ? ATTENDANCE_MESSAGES.markTitle : 'Attendance';
  let body: ReactNode;
  if (days.isPending) {
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
  } else if (mode === 'mark') {
    // Keyed by the posting and the answer: the marks start afresh from the server's latest.
    body = (
      <MarkDaysForm
        key={`${days.data.row.postingId}@${days.dataUpdatedAt}`}
        data={days.data}
        onClose={onClose}
      />
    );
  } else {
    body = <ViewDays data={days.data} onClose={onClose} />;
  }
  return (
    <FormDialog
      opened={opened && row !== null}
      onClose={onClose}
      title={row ? `${title}: ${row.student.name}` : title}
      closeOnEscape={mode === 'view'}
      closeOnClickOutside={mode === 'view'}
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

type Marks = Record<string, AttendanceMark | null>;

function MarkDaysForm({ data, onClose }: { data: AttendanceDays; onClose: () => void }) {
  const saved: Marks = Object.fromEntries(data.days.map((day) => [day.date, day.mark]));
  const [marks, setMarks] = useState<Marks>(saved);
  const dialog = useFormDialogSubmit(useMarkAttendance(), { onClose, successAutoCloseMs: 1500 });
  const unmarked = data.days.filter((day) => marks[day.date] == null);

  const save = () => {
    // Only what changed: a day marked again takes the new mark, the rest stay as they are.
    const changed = data.days.flatMap((day) => {
      const mark = marks[day.date];
      return mark && mark !== saved[day.date] ? [{ date: day.date, mark }] : [];
    });
    if (changed.length === 0) {
      void showError(ATTENDANCE_MESSAGES.nothingToSave, VALIDATION_TITLE);
      return;
    }
    dialog.submit({ postingId: data.row.postingId, days: changed });
  };

  if (data.days.length === 0) {
    return <NoDaysYet onClose={onClose} />;
  }
  return (
    <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
      <Group justify="space-between" gap="xs">
        <Summary row={data.row} />
        <Button
          size="compact-sm"
          variant="light"
          disabled={unmarked.length === 0}
          onClick={() =>
            setMarks((current) => ({
              ...current,
              ...Object.fromEntries(unmarked.map((day) => [day.date, 'present' as const])),
            }))
          }
        >
          All present
        </Button>
      </Group>
      <Stack gap={6}>
        {data.days.map((day) => (
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
              {marks[day.date] == null ? (
                <Badge size="xs" variant="light" color="gray">
                  Not marked
                </Badge>
              ) : null}
            </Group>
            <SegmentedControl
              size="xs"
              data={MARK_OPTIONS}
              value={marks[day.date] ?? ''}
              color={marks[day.date] === 'absent' ? 'red.8' : 'teal.8'}
              onChange={(value) =>
                setMarks((current) => ({ ...current, [day.date]: value as AttendanceMark }))
              }
            />
          </Group>
        ))}
      </Stack>
    </DialogForm>
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
