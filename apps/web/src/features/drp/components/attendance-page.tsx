import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { AttendanceRow } from '@pgel/shared/drp/attendance';
import { DEFAULT_PAGE_SIZE } from '@pgel/shared/schemas/list';
import { IconCalendarCheck, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, type ListParams } from '../../../components/data-table';
import { formatDate } from '../../records/components/record-format';
import { useAttendanceList } from '../api/attendance';
import { AttendanceModal } from './attendance-modal';
import { attendanceSummary } from './attendance-summary';

const TITLE = 'DRP Attendance';

/** The rows matching the search (student or institution), without case. */
function matching(rows: readonly AttendanceRow[], search: string | undefined): AttendanceRow[] {
  const needle = search?.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (row) =>
      row.student.name.toLowerCase().includes(needle) || row.institution.toLowerCase().includes(needle),
  );
}

/**
 * /drp/attendence (spec 03 section 2; docs/decisions/012): the posted residents the caller may
 * see with their attendance so far. The posting's coordinator marks the days; the resident and
 * their department read them. The list is short (one row a posting), so it pages in the browser.
 */
export function AttendancePage() {
  const list = useAttendanceList();
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, order: 'asc' });
  const [target, setTarget] = useState<{ row: AttendanceRow; mode: 'mark' | 'view' } | null>(null);
  const [isOpen, setOpen] = useState(false);
  const show = (row: AttendanceRow, mode: 'mark' | 'view') => {
    setTarget({ row, mode });
    setOpen(true);
  };

  const rows = matching(list.data ?? [], params.search);
  const first = (params.page - 1) * params.pageSize;
  const page = list.data
    ? { items: rows.slice(first, first + params.pageSize), total: rows.length, ...params }
    : undefined;

  const columns: DataTableColumn<AttendanceRow>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70 },
    {
      key: 'student',
      header: 'Student',
      card: 'title',
      cell: (row) => (
        <Text size="sm" fw={500} miw={110}>
          {row.student.name}
        </Text>
      ),
    },
    { key: 'institution', header: 'Institution', card: 'field', cell: (row) => row.institution },
    {
      key: 'schedule',
      header: 'Schedule',
      card: 'field',
      cell: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.scheduleFrom)} to {formatDate(row.scheduleTo)}
        </span>
      ),
    },
    {
      key: 'attendance',
      header: 'Attendance',
      card: 'field',
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{attendanceSummary(row)}</Text>
          {row.daysSoFar > 0 && row.marked < row.daysSoFar ? (
            <Text size="xs" c="dimmed">
              {row.marked} of {row.daysSoFar} days so far marked
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      card: 'actions',
      sticky: 'end',
      cell: (row) =>
        row.canMark ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCalendarCheck size={16} aria-hidden />}
            aria-label={`Mark Attendance of ${row.student.name}`}
            disabled={row.daysSoFar === 0}
            onClick={() => show(row, 'mark')}
          >
            Mark Attendance
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            aria-label={`View attendance of ${row.student.name}`}
            onClick={() => show(row, 'view')}
          >
            View
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {TITLE}
      </Title>
      <Card withBorder radius="lg" padding="md">
        <DataTable
          fixedPageSize
          label="DRP Attendance"
          columns={columns}
          rowKey={(row) => row.postingId}
          data={page}
          params={params}
          onPageChange={(next) => setParams((current) => ({ ...current, page: next }))}
          onPageSizeChange={(pageSize) => setParams((current) => ({ ...current, pageSize, page: 1 }))}
          onSearchChange={(search) =>
            setParams((current) => ({ ...current, search: search || undefined, page: 1 }))
          }
          isLoading={list.isPending}
          isFetching={list.isFetching}
          error={list.error ?? undefined}
          onRetry={() => void list.refetch()}
          searchPlaceholder="Search"
          minWidth={900}
        />
      </Card>
      <AttendanceModal
        row={target?.row ?? null}
        mode={target?.mode ?? 'view'}
        opened={isOpen}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}
