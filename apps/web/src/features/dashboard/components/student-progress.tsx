import {
  Alert,
  Badge,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { CHECKLIST_TARGET, DASHBOARD_CATEGORIES } from '@pgel/shared/records/dashboard';
import { kindPagePath } from '@pgel/shared/records/paths';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { OfflineListNote } from '../../../components/offline-list-note';
import { errorMessage } from '../../../lib/api-client';
import { useRecordCounts } from '../api/get-record-counts';

type Counts = {
  total: number;
  approved: number;
  pending: number;
  rejected: number;
  /** Kinds that log the resident's role: approved entries per role the faculty confirmed. */
  roles?: Array<{ role: string; approved: number }>;
};
const NONE: Counts = { total: 0, approved: 0, pending: 0, rejected: 0 };

/** Where a category card leads: its kind's report (the checklist has its own screen). */
export const categoryPath = kindPagePath;

/**
 * Green for Completed or Approved (spec 02 section 2), amber otherwise: a category is approved
 * when it has entries and every one of them is approved; the checklist is complete at 8 approved.
 */
export function isCategoryDone(kindId: string, counts: Counts): boolean {
  if (kindId === 'checklist') return counts.approved >= CHECKLIST_TARGET;
  return counts.total > 0 && counts.approved === counts.total;
}

/** ' entry', ' entries': the words after a card's count, read out but not shown. */
function entryWord(total: number): string {
  return total === 1 ? ' entry' : ' entries';
}

const CategoryCard = memo(function CategoryCard({
  title,
  kindId,
  counts,
}: {
  title: string;
  kindId: string;
  counts: Counts;
}) {
  const done = isCategoryDone(kindId, counts);
  const isChecklist = kindId === 'checklist';
  const color = done ? 'teal' : 'orange';
  return (
    <UnstyledButton
      component={Link}
      to={categoryPath(kindId)}
      // Named by its own text (WCAG 2.5.3, label in name), with the words a screen reader needs
      // added out of sight: 'Teaching Experience 3 entries, complete, 3 approved · 0 pending'.
    >
      <Card
        withBorder
        radius="md"
        padding="md"
        h="100%"
        style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
        bg={done ? 'teal.0' : 'orange.0'}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text fw={700} fz={28} lh={1.1} c={done ? 'teal.9' : 'orange.9'}>
              {isChecklist ? (
                <>
                  <span aria-hidden>
                    {counts.total} / {CHECKLIST_TARGET}
                  </span>
                  <VisuallyHidden>
                    {counts.total} of {CHECKLIST_TARGET},
                  </VisuallyHidden>
                </>
              ) : (
                <>
                  {counts.total}
                  <VisuallyHidden>{entryWord(counts.total)},</VisuallyHidden>
                </>
              )}
              <VisuallyHidden> {done ? 'complete' : 'in progress'},</VisuallyHidden>
            </Text>
            <Text size="xs" c="dark.4">
              {counts.approved} approved · {counts.pending} pending
              {counts.rejected > 0 ? ` · ${counts.rejected} rejected` : ''}
            </Text>
            <ConfirmedRoles roles={counts.roles} />
          </Stack>
          <IconChevronRight size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        </Group>
      </Card>
    </UnstyledButton>
  );
});

/**
 * A procedure or skill card's approved entries by the role the faculty confirmed (issue 27):
 * what counts for the resident's eligibility, not what they logged. Roles with none are left out.
 */
function ConfirmedRoles({ roles }: { roles: Counts['roles'] }) {
  const counted = (roles ?? []).filter((entry) => entry.approved > 0);
  if (counted.length === 0) return null;
  return (
    <Stack gap={0} mt={2}>
      <Text size="xs" fw={600} c="dark.6">
        Confirmed roles
      </Text>
      {counted.map((entry) => (
        <Text key={entry.role} size="xs" c="dark.4">
          {entry.role}: {entry.approved}
        </Text>
      ))}
    </Stack>
  );
}

/** The student's dashboard: the Mandatory Checklist and one card per activity category. */
export function StudentProgress() {
  const counts = useRecordCounts();
  // The cards take new counts in a transition (issue 29): the answer's own update is synchronous
  // (the query's store) and would draw twenty cards in one long task on a phone.
  const data = useDeferredValue(counts.data);
  const byKind = new Map((data?.items ?? []).map((row) => [row.kind, row]));
  const offlineAt = data?.offlineAt;
  const checklist = DASHBOARD_CATEGORIES.find((c) => c.kindId === 'checklist');
  const others = DASHBOARD_CATEGORIES.filter((c) => c.kindId !== 'checklist');
  return (
    <Stack gap="md" component="section" aria-labelledby="progress-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="progress-title">
          My Logbook
        </Title>
        {counts.isFetching ? <Loader size="xs" aria-label="Loading counts" /> : null}
      </Group>
      {offlineAt ? <OfflineListNote fetchedAt={offlineAt} /> : null}
      {counts.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Error">
          {errorMessage(counts.error)}
        </Alert>
      ) : null}
      {checklist ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <CategoryCard
            title="Mandatory Checklist"
            kindId="checklist"
            counts={byKind.get('checklist') ?? NONE}
          />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
        {others.map((category) => (
          <CategoryCard
            key={category.title}
            title={category.title}
            kindId={category.kindId}
            counts={byKind.get(category.kindId) ?? NONE}
          />
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Badge color="teal" variant="dot">
          Complete or approved
        </Badge>
        <Badge color="orange" variant="dot">
          In progress
        </Badge>
      </Group>
    </Stack>
  );
}
