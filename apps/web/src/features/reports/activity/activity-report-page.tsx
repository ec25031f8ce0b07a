import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  canChooseReportDepartment,
  canSeeFlagCounts,
  canSeeReports,
  canSeeWeeklyUpdates,
} from '@pgel/shared/auth/policies';
import {
  REPORT_MESSAGES,
  REPORT_STATUS_FILTERS,
  type ReportItem,
  type ReportStatusFilter,
  reportDate,
} from '@pgel/shared/reports/activity';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { FlagBadges } from '../../../components/flag-badges';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { OverdueBadge } from '../../../components/overdue-badge';
import { useCardLayout } from '../../../components/use-card-layout';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { StatusBadge } from '../../records/components/record-format';
import {
  listReportActivity,
  type ReportFilters,
  reportActivityQueryKey,
  reportExportUrl,
} from './api/list-report-activity';
import { FlagCountsCard } from './components/flag-counts-card';
import { ReportFiltersBar } from './components/report-filters';
import { WeeklyUpdatesCard } from './components/weekly-updates-card';

const TITLE = 'Reports';

/** The URL's names of the applied filters. */
const PARAM = {
  collegeId: 'college',
  departmentId: 'department',
  menu: 'menu',
  studentId: 'student',
  status: 'status',
} as const;

function readStatus(value: string | null): ReportStatusFilter {
  return (REPORT_STATUS_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ReportStatusFilter)
    : 'all';
}

/**
 * /reports (any staff; spec 03 section 2): the recent activity of a department's students,
 * every record kind and academic record, with the Filter button and a CSV export. A row opens
 * the entry's own page.
 */
export function ActivityReportPage() {
  const user = useSessionUser();
  const actor = {
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
  const isAllowed = canSeeReports(actor);
  const canChooseDepartment = canChooseReportDepartment(actor);
  const navigate = useNavigate();
  const isPhone = useCardLayout();

  const [searchParams, setSearchParams] = useLiveSearchParams();
  const read = (name: keyof typeof PARAM) => searchParams.get(PARAM[name]) || undefined;
  const applied: ReportFilters = {
    collegeId: canChooseDepartment ? read('collegeId') : undefined,
    departmentId: canChooseDepartment ? read('departmentId') : undefined,
    menu: read('menu'),
    studentId: read('studentId'),
    status: readStatus(searchParams.get(PARAM.status)),
  };
  const list = useListQuery({
    queryKey: [...reportActivityQueryKey, applied],
    queryFn: (params, signal) => listReportActivity(params, applied, signal),
    enabled: isAllowed,
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} message="This page is for staff." />;

  // The HOD's counts of flagged entries per student (issue 27): their own department, or the one
  // Master or Admin has chosen.
  const departmentChosen = !canChooseDepartment || Boolean(applied.collegeId && applied.departmentId);
  const showsFlagCounts = canSeeFlagCounts(actor) && departmentChosen;
  // Each resident's weeks without entries (issue 30), beside the flags.
  const showsWeeklyUpdates = canSeeWeeklyUpdates(actor) && departmentChosen;

  const apply = (filters: ReportFilters) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of Object.keys(PARAM) as Array<keyof typeof PARAM>) {
        const value = filters[name];
        if (value && !(name === 'status' && value === 'all')) next.set(PARAM[name], value);
        else next.delete(PARAM[name]);
      }
      next.delete('page');
      return next;
    });

  const columns: DataTableColumn<ReportItem>[] = [
    { key: 'department', header: 'Department', cell: (item) => item.departmentName, card: 'field' },
    {
      key: 'menu',
      header: 'Menu',
      // A link as well as the row click: keyboard users reach it with Tab and open it with Enter.
      cell: (item) => (
        <Stack gap={0} align="flex-start">
          <Anchor component={Link} to={item.url} size="sm" onClick={(event) => event.stopPropagation()}>
            {item.menuTitle}
          </Anchor>
          {/* The role the verifier confirmed, else the resident's (issue 27). */}
          {item.role ? (
            <Text size="xs" c="dark.4">
              Role: {item.role}
            </Text>
          ) : null}
          {/* A phone's card has no room beside its status: Overdue and the flags go under the entry. */}
          {isPhone ? (
            <Group gap={4}>
              <OverdueBadge since={item.pendingSince} />
              <FlagBadges flags={item.flags} />
            </Group>
          ) : null}
        </Stack>
      ),
      card: 'field',
      cardLabel: 'Menu',
    },
    { key: 'student', header: 'Student Name', cell: (item) => item.studentName, card: 'title' },
    {
      key: 'status',
      header: 'Status',
      // A doubtful entry's flags under its status (issue 27).
      cell: (item) =>
        // The row's own state (issue 28: a memo Issued, an appraisal Recorded), coloured by the
        // status it counts as in the filter.
        isPhone ? (
          <StatusBadge status={item.status} label={item.statusLabel} />
        ) : (
          <Stack gap={4} align="flex-start">
            <StatusBadge status={item.status} label={item.statusLabel} />
            {/* Waiting for verification more than 7 days (issue 30). */}
            <OverdueBadge since={item.pendingSince} />
            <FlagBadges flags={item.flags} />
          </Stack>
        ),
      card: 'status',
    },
    {
      key: 'date',
      header: 'Date',
      cell: (item) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {reportDate(item.date)}
        </Text>
      ),
      card: 'field',
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {TITLE}
      </Title>
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          <ReportFiltersBar
            // A new URL (Back, a shared link) starts the selects from what it applies.
            key={JSON.stringify(applied)}
            applied={applied}
            canChooseDepartment={canChooseDepartment}
            onApply={apply}
            exportUrl={reportExportUrl(applied, list.params.search)}
          />
          <DataTable
            label="Recent activity"
            columns={columns}
            rowKey={(item) => `${item.menu}:${item.id}`}
            searchPlaceholder="Search student name"
            minWidth={640}
            emptyText={REPORT_MESSAGES.empty}
            onRowClick={(item) => navigate(item.url)}
            {...list.tableProps}
          />
        </Stack>
      </Card>
      {showsFlagCounts ? (
        <FlagCountsCard
          scope={{ collegeId: applied.collegeId, departmentId: applied.departmentId }}
          onPickStudent={(studentId) => apply({ ...applied, studentId })}
        />
      ) : null}
      {showsWeeklyUpdates ? (
        <WeeklyUpdatesCard
          scope={{ collegeId: applied.collegeId, departmentId: applied.departmentId }}
          onPickStudent={(studentId) => apply({ ...applied, studentId })}
        />
      ) : null}
    </Stack>
  );
}
