import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type LogbookMonth,
  MONTH_AUTHENTICATION_MESSAGES as M,
  MONTH_STATE_LABELS,
  monthAuthenticationPath,
} from '@pgel/shared/supervision/month-authentication';
import {
  addMonths,
  COURSE_MONTHS,
  indiaMonth,
  MONTH_NAMES,
  type MonthState,
  monthLabel,
  monthOfDate,
  monthsBetween,
} from '@pgel/shared/supervision/months';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconPencilExclamation } from '@tabler/icons-react';
import { type CSSProperties, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useStudentAuthentications } from '../api/get-student-authentications';
import { MONTH_STATE_COLORS } from './month-state-badge';
import classes from './month-strip.module.css';

/** 'Nov': a cell's month. */
const shortMonthName = (month: string) => MONTH_NAMES[Number(month.split('-')[1]) - 1]?.slice(0, 3);

/** The legend's states, in the order a resident reads them. */
const LEGEND: ReadonlyArray<Exclude<MonthState, 'upcoming'>> = ['authenticated', 'due', 'overdue'];

function StateIcon({ state, changed }: { state: MonthState; changed: boolean }) {
  if (changed) return <IconPencilExclamation size={14} aria-hidden />;
  if (state === 'authenticated') return <IconCircleCheck size={14} aria-hidden />;
  if (state === 'overdue') return <IconAlertTriangle size={14} aria-hidden />;
  return <IconClock size={14} aria-hidden />;
}

/** A cell's colours: the state's, red when changed after authentication. */
function cellStyle(month: LogbookMonth): CSSProperties {
  const color = month.changedAfterAuthentication ? 'red' : MONTH_STATE_COLORS[month.state];
  return {
    '--cell-bg': `var(--mantine-color-${color}-0)`,
    '--cell-border': `var(--mantine-color-${color}-6)`,
    '--cell-icon': `var(--mantine-color-${color}-9)`,
  } as CSSProperties;
}

function stateWords(month: LogbookMonth): string {
  const words = MONTH_STATE_LABELS[month.state];
  return month.changedAfterAuthentication ? `${words}, ${M.changedLabel.toLowerCase()}` : words;
}

/**
 * The months the strip will show, known before its answer from the resident's joining date: the
 * placeholder takes their room, so nothing below moves when the answer comes (issue 29's CLS).
 */
function expectedMonths(
  joiningDate: string | null,
  current: string,
): { begun: string[]; upcoming: number } | null {
  if (!joiningDate) return null;
  const first = monthOfDate(joiningDate);
  if (first > current) return null;
  const last = addMonths(first, COURSE_MONTHS - 1);
  const begun = monthsBetween(first, last < current ? last : current);
  return { begun, upcoming: COURSE_MONTHS - begun.length };
}

/** Grey cells with the months' names, in the place and size the states will take. */
function StripPlaceholder({ months }: { months: string[] }) {
  return (
    <>
      <ol className={classes.strip} aria-hidden>
        {months.map((month) => {
          const [year] = month.split('-');
          return (
            <li key={month} className={`${classes.cell} ${classes.placeholder}`}>
              <span className={classes.month}>{shortMonthName(month)}</span>
              <span className={classes.year}>{year}</span>
              <span className={classes.icon} />
            </li>
          );
        })}
      </ol>
      <Skeleton height={20} width={280} maw="100%" radius="xl" />
    </>
  );
}

/**
 * The resident's dashboard strip (issue 30): a cell per month of the course that has begun, in
 * the state's colour with its icon, each named in words for a screen reader ("October 2026:
 * Overdue"), and a legend with the count of each state in words. The months to come are one line.
 */
export function MonthStrip({ studentId, joiningDate }: { studentId: string; joiningDate: string | null }) {
  const query = useStudentAuthentications(studentId);
  // Drawn in a transition when the answer comes, like the dashboard's counts (issue 29).
  const data = useDeferredValue(query.data);
  const isPending = query.isPending || (query.data !== undefined && data === undefined);
  const months = data?.months ?? [];
  const begun = months.filter((m) => m.state !== 'upcoming');
  const upcoming = months.filter((m) => m.state === 'upcoming');
  const current = indiaMonth(new Date());
  const count = (state: MonthState) => begun.filter((m) => m.state === state).length;
  const changed = begun.filter((m) => m.changedAfterAuthentication).length;
  const expected = expectedMonths(joiningDate, current);

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="month-strip-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="month-strip-title">
            Monthly authentication
          </Title>
          <Anchor component={Link} to={monthAuthenticationPath(studentId)} size="sm">
            Details
          </Anchor>
        </Group>
        {isPending ? (
          expected ? (
            <StripPlaceholder months={expected.begun} />
          ) : (
            <Skeleton height={48} radius="sm" />
          )
        ) : null}
        {query.isError ? (
          <Text size="sm" c="red.9">
            The months could not be loaded.
          </Text>
        ) : null}
        {begun.length > 0 ? (
          <ol className={classes.strip} aria-label="Months of the course">
            {begun.map((month) => {
              const [year] = month.month.split('-');
              return (
                <li
                  key={month.month}
                  className={`${classes.cell} ${month.month === current ? classes.current : ''}`}
                  style={cellStyle(month)}
                  data-state={month.state}
                  data-changed={month.changedAfterAuthentication || undefined}
                  aria-current={month.month === current ? 'date' : undefined}
                  aria-label={`${monthLabel(month.month)}: ${stateWords(month)}`}
                  title={`${monthLabel(month.month)}: ${stateWords(month)}`}
                >
                  <span className={classes.month} aria-hidden>
                    {shortMonthName(month.month)}
                  </span>
                  <span className={classes.year} aria-hidden>
                    {year}
                  </span>
                  <span className={classes.icon}>
                    <StateIcon state={month.state} changed={month.changedAfterAuthentication} />
                  </span>
                </li>
              );
            })}
          </ol>
        ) : null}
        {data ? (
          <Group gap="xs" aria-label="Months by state">
            {LEGEND.map((state) => (
              <Badge
                key={state}
                color={MONTH_STATE_COLORS[state]}
                variant="light"
                c="gray.9"
                leftSection={<StateIcon state={state} changed={false} />}
              >
                {MONTH_STATE_LABELS[state]}: {count(state)}
              </Badge>
            ))}
            {changed > 0 ? (
              <Badge color="red" variant="outline" c="red.9" leftSection={<StateIcon state="due" changed />}>
                {M.changedLabel}: {changed}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {upcoming.length > 0 ? (
          <UpcomingLine count={upcoming.length} last={upcoming[upcoming.length - 1]?.month ?? current} />
        ) : isPending && expected && expected.upcoming > 0 ? (
          <UpcomingLine
            count={expected.upcoming}
            last={addMonths(expected.begun[0] ?? current, COURSE_MONTHS - 1)}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

function UpcomingLine({ count, last }: { count: number; last: string }) {
  return (
    <Text size="xs" c="dimmed">
      {count} {count === 1 ? 'month' : 'months'} of the course to come, until {monthLabel(last)}. Each is due
      by the 10th of the next month.
    </Text>
  );
}
