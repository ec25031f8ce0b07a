import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { canReadPatientAccessLog, type PatientAccessLogEntry, PRIVACY_TEXT } from '@pgel/shared/privacy/api';
import { findKind } from '@pgel/shared/records/kinds';
import dayjs from 'dayjs';
import { DataTable, type DataTableColumn, useListQuery } from '../../components/data-table';
import { useLiveSearchParams } from '../../lib/search-params';
import { useSessionUser } from '../../lib/session';
import { NoAccessPanel, ReferencePage } from '../reference/components/reference-page';
import { listPatientAccess, privacyKeys } from './api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function roleLabel(role: string): string {
  return role === 'hod' ? 'HOD' : role.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/**
 * /patientAccessLog (Master; issue 15, DPDP Rules 2025 rule 6): every full view of a patient's
 * identifiers (who, whose record, which, when, from where), newest first, kept one year. A
 * student's or viewer's name filters the list to them.
 */
export function PatientAccessLogPage() {
  const user = useSessionUser();
  const isAllowed = canReadPatientAccessLog(user);
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const pick = (name: string) => {
    const value = searchParams.get(name);
    return value && UUID.test(value) ? value : undefined;
  };
  const filters = { studentId: pick('studentId'), viewerId: pick('viewerId') };
  const list = useListQuery({
    queryKey: privacyKeys.accessLog(filters),
    queryFn: (params, signal) => listPatientAccess(params, filters, signal),
    enabled: isAllowed,
  });

  if (!isAllowed) return <NoAccessPanel title={PRIVACY_TEXT.pageTitle} />;

  const setFilter = (name: 'studentId' | 'viewerId', value: string | undefined) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  const columns: DataTableColumn<PatientAccessLogEntry>[] = [
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 60 },
    {
      key: 'when',
      header: 'When',
      cell: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{dayjs(row.viewedAt).format('DD-MM-YYYY HH:mm')}</span>
      ),
      card: 'title',
    },
    {
      key: 'viewer',
      header: 'Viewed by',
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component="button" type="button" onClick={() => setFilter('viewerId', row.viewerId)}>
            {row.viewerName}
          </Anchor>
          <Badge variant="light" color="gray">
            {roleLabel(row.viewerRole)}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'student',
      header: 'Student',
      cell: (row) => (
        <Anchor component="button" type="button" onClick={() => setFilter('studentId', row.studentId)}>
          {row.studentName}
        </Anchor>
      ),
    },
    { key: 'entry', header: 'Entry', cell: (row) => findKind(row.kind)?.menuTitle ?? row.kind },
    { key: 'ip', header: 'From', cell: (row) => row.ip ?? '-' },
  ];

  const filtered = filters.studentId !== undefined || filters.viewerId !== undefined;
  return (
    <ReferencePage title={PRIVACY_TEXT.pageTitle}>
      <Text size="sm" c="dimmed">
        {PRIVACY_TEXT.note}
      </Text>
      <DataTable
        label={PRIVACY_TEXT.pageTitle}
        columns={columns}
        rowKey={(row) => row.id}
        withSearch={false}
        minWidth={720}
        toolbar={
          filtered ? (
            <Button
              variant="light"
              onClick={() => {
                setFilter('studentId', undefined);
                setFilter('viewerId', undefined);
              }}
            >
              Show all views
            </Button>
          ) : null
        }
        {...list.tableProps}
      />
    </ReferencePage>
  );
}
