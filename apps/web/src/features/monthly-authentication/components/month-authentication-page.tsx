import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Actor, canAuthenticateMonths, canSeeMonthAuthentications } from '@pgel/shared/auth/policies';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import {
  type LogbookMonth,
  MONTH_AUTHENTICATION_MESSAGES as M,
  type StudentAuthentications,
} from '@pgel/shared/supervision/month-authentication';
import { addMonths, indiaMonth, isMonth } from '@pgel/shared/supervision/months';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { useLocalList } from '../../../components/use-local-list';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { useStudentAuthentications } from '../api/get-student-authentications';
import { AuthenticateMonthDialog } from './authenticate-month-dialog';
import { MonthDetailCard } from './month-detail-card';
import { MonthStateBadge } from './month-state-badge';

const TITLE = 'Monthly Authentication';

function actorOf(user: SessionUser): Actor {
  return {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
}

/** The month shown first: the one in the address, else the last month that ended, else this one. */
function chosenMonth(asked: string | null, months: readonly LogbookMonth[]): string | null {
  const has = (month: string) => months.some((m) => m.month === month);
  if (asked && isMonth(asked) && has(asked)) return asked;
  const current = indiaMonth(new Date());
  const lastEnded = addMonths(current, -1);
  if (has(lastEnded)) return lastEnded;
  return has(current) ? current : (months.at(-1)?.month ?? null);
}

/** Who the resident's guide is, in words. */
function guideLine(data: StudentAuthentications): string {
  if (!data.guide) return M.noGuide;
  return `Guide: ${data.guide.name} (${data.guide.source === 'thesis' ? 'thesis guide' : 'unit head'})`;
}

/**
 * `/authentication/:studentId` (issue 30): a resident's months, newest first, with their entries
 * by status and their state; the chosen month's entries by kind, and for the resident's guide,
 * unit head or HOD the Authenticate month form. Others who may print the logbook read it.
 */
export function MonthAuthenticationPage() {
  const { studentId = '' } = useParams();
  const user = useSessionUser();
  const actor = actorOf(user);
  const query = useStudentAuthentications(studentId);
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const [signing, setSigning] = useState<LogbookMonth | null>(null);
  const detailRef = useRef<HTMLElement>(null);

  const data = query.data;
  const begun = (data?.months ?? []).filter((m) => m.state !== 'upcoming').reverse();
  const month = chosenMonth(searchParams.get('month'), begun);
  const list = useLocalList(data ? begun : undefined);

  if (isApiError(query.error) && (query.error.status === 403 || query.error.status === 404)) {
    return <NoAccessPanel title={TITLE} message={query.error.message} />;
  }

  const resident = data
    ? {
        id: data.student.id,
        collegeId: data.student.collegeId,
        departmentId: data.student.departmentId,
      }
    : null;
  const canSee = resident ? canSeeMonthAuthentications(actor, resident) : true;
  const canSign =
    data !== undefined &&
    canAuthenticateMonths(actor, {
      studentId: data.student.id,
      collegeId: data.student.collegeId,
      departmentId: data.student.departmentId,
      ...data.signers,
    });
  if (!canSee) return <NoAccessPanel title={TITLE} message={M.notAllowedToSee} />;

  const choose = (next: string) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('month', next);
      return params;
    });
    // On a phone the month's card is under the list: bring it into view.
    const card = detailRef.current;
    if (card && card.getBoundingClientRect().top > window.innerHeight) {
      card.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  };

  const columns: DataTableColumn<LogbookMonth>[] = [
    {
      key: 'month',
      header: 'Month',
      card: 'title',
      cell: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {m.label}
          </Text>
          {m.state === 'authenticated' ? null : (
            <Text size="xs" c="dimmed">
              Due by {dayjs(m.dueBy).format('D MMM YYYY')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'entries',
      header: 'Entries',
      cell: (m) =>
        m.entries.total === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Text size="sm">
            {m.entries.total} · {m.entries.pending} pending
          </Text>
        ),
    },
    { key: 'state', header: 'State', cell: (m) => <MonthStateBadge month={m} /> },
    {
      key: 'open',
      header: 'Open',
      sticky: 'end',
      cell: (m) => (
        <Button
          size="compact-sm"
          variant={m.month === month ? 'filled' : 'light'}
          aria-label={`Show ${m.label}`}
          aria-pressed={m.month === month}
          onClick={() => choose(m.month)}
        >
          {m.month === month ? 'Shown' : 'Show'}
        </Button>
      ),
    },
  ];

  const shown = begun.find((m) => m.month === month) ?? null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        {data ? (
          <>
            <Text fw={600}>
              {data.student.name}
              {data.student.departmentName ? ` · ${data.student.departmentName}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {guideLine(data)}
            </Text>
          </>
        ) : null}
      </Stack>
      {query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Error">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="months-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="months-title">
              Months
            </Title>
            <DataTable
              label="Months"
              columns={columns}
              rowKey={(m) => m.month}
              withSearch={false}
              minWidth={420}
              error={query.error}
              onRetry={() => void query.refetch()}
              {...list}
            />
          </Stack>
        </Card>
        {shown && data ? (
          <MonthDetailCard
            ref={detailRef}
            studentId={data.student.id}
            month={shown}
            canSign={canSign}
            onAuthenticate={() => setSigning(shown)}
          />
        ) : null}
      </SimpleGrid>
      {signing && data ? (
        <AuthenticateMonthDialog
          opened
          onClose={() => setSigning(null)}
          studentId={data.student.id}
          studentName={data.student.name}
          month={signing}
        />
      ) : null}
    </Stack>
  );
}
