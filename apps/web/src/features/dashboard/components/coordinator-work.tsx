import {
  Alert,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  type CoordinatorResident,
  COORDINATOR_DASHBOARD_TEXT as T,
} from '@pgel/shared/drp/coordinator-dashboard';
import { drpActivity, drpUpload } from '@pgel/shared/records/kinds/drp';
import {
  IconAlertTriangle,
  IconCalendarCheck,
  IconChevronRight,
  IconClipboardCheck,
  IconFileCheck,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useCoordinatorDashboard } from '../api/get-coordinator-dashboard';

/** Where the coordinator marks attendance (the spec's spelling of the route). */
const ATTENDANCE_PAGE = '/drp/attendence';
/** Names shown on the Residents card before '+ n more'. */
const NAMES_SHOWN = 4;

type WorkCardProps = {
  title: string;
  icon: TablerIcon;
  count: number | null;
  /** Words read after the count ('days', 'entries'), out of sight. */
  unit: string;
  to: string;
  /** Amber while something waits; teal when nothing does; the brand colour for a plain count. */
  tone: 'work' | 'done' | 'plain';
  children?: ReactNode;
};

const TONES = {
  work: { border: 'orange.6', background: 'orange.0', text: 'orange.9' },
  done: { border: 'teal.6', background: 'teal.0', text: 'teal.9' },
  plain: { border: 'brand.6', background: undefined, text: 'brand.9' },
} as const;

/** One figure of the coordinator's work, leading to the page where they act on it. */
function WorkCard({ title, icon: Icon, count, unit, to, tone, children }: WorkCardProps) {
  const colours = TONES[tone];
  const [borderColour, shade] = colours.border.split('.');
  return (
    <UnstyledButton component={Link} to={to} h="100%">
      <Card
        withBorder
        radius="md"
        padding="md"
        h="100%"
        bg={colours.background}
        style={{ borderLeft: `4px solid var(--mantine-color-${borderColour}-${shade})` }}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
              <Icon size={20} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {title}
              </Text>
              <Text fw={700} fz={28} lh={1.1} c={colours.text}>
                {count ?? '–'}
                <VisuallyHidden> {unit},</VisuallyHidden>
              </Text>
              {children}
            </Stack>
          </Group>
          <IconChevronRight size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dark.4">
      {children}
    </Text>
  );
}

/** The residents' names (and where, until when), the first few, then how many more. */
function ResidentNames({ residents }: { residents: readonly CoordinatorResident[] }) {
  if (residents.length === 0) return <Hint>{T.noResidents}</Hint>;
  const shown = residents.slice(0, NAMES_SHOWN);
  const more = residents.length - shown.length;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {shown.map((resident) => (
        <Text
          key={resident.postingId}
          component="li"
          size="xs"
          c="dark.4"
          style={{ overflowWrap: 'anywhere' }}
        >
          <Text span fw={600} inherit c="dark.6">
            {resident.student.name}
          </Text>{' '}
          · {resident.institution}, until {dayjs(resident.scheduleTo).format('DD-MM-YYYY')}
        </Text>
      ))}
      {more > 0 ? (
        <Text component="li" size="xs" c="dark.4">
          + {more} more
        </Text>
      ) : null}
    </Stack>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A DRP coordinator's dashboard (issue 28), instead of the college, department, course and unit
 * head tiles they have none of: their residents now, the attendance days still to mark and the
 * DRP entries waiting for them, each card leading to the page where they act.
 */
export function CoordinatorWork() {
  const work = useCoordinatorDashboard();
  const data = work.data;
  const residents = data?.residents ?? [];
  const unmarkedResidents = residents.filter((resident) => resident.daysToMark > 0).length;
  const toneOf = (count: number | undefined) => (count === undefined ? 'plain' : count > 0 ? 'work' : 'done');
  return (
    <Stack gap="md" component="section" aria-labelledby="drp-work-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="drp-work-title">
          {T.region}
        </Title>
        {work.isFetching ? <Loader size="xs" aria-label="Loading figures" /> : null}
      </Group>
      {work.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Error">
          {errorMessage(work.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <WorkCard
          title={T.residents}
          icon={IconUsers}
          count={data ? residents.length : null}
          unit={residents.length === 1 ? 'resident' : 'residents'}
          to={ATTENDANCE_PAGE}
          tone="plain"
        >
          {data ? <ResidentNames residents={residents} /> : null}
        </WorkCard>
        <WorkCard
          title={T.daysToMark}
          icon={IconCalendarCheck}
          count={data ? data.daysToMark : null}
          unit={data?.daysToMark === 1 ? 'day' : 'days'}
          to={ATTENDANCE_PAGE}
          tone={toneOf(data?.daysToMark)}
        >
          {data ? (
            <Hint>
              {data.daysToMark > 0
                ? `of ${plural(unmarkedResidents, 'resident', 'residents')}, up to today`
                : T.allMarked}
            </Hint>
          ) : null}
        </WorkCard>
        <WorkCard
          title={T.activities}
          icon={IconClipboardCheck}
          count={data ? data.toVerify.activities : null}
          unit={data?.toVerify.activities === 1 ? 'entry' : 'entries'}
          to={drpActivity.page ?? ATTENDANCE_PAGE}
          tone={toneOf(data?.toVerify.activities)}
        >
          {data ? (
            <Hint>{data.toVerify.activities > 0 ? 'pending activities' : T.nothingToVerify}</Hint>
          ) : null}
        </WorkCard>
        <WorkCard
          title={T.logbooks}
          icon={IconFileCheck}
          count={data ? data.toVerify.logbooks : null}
          unit={data?.toVerify.logbooks === 1 ? 'entry' : 'entries'}
          to={drpUpload.page ?? ATTENDANCE_PAGE}
          tone={toneOf(data?.toVerify.logbooks)}
        >
          {data ? (
            <Hint>{data.toVerify.logbooks > 0 ? 'pending logbook uploads' : T.nothingToVerify}</Hint>
          ) : null}
        </WorkCard>
      </SimpleGrid>
    </Stack>
  );
}
