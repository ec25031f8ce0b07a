import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACADEMIC_MESSAGES } from '@pgel/shared/academic/common';
import { canScoreStudents, isStaff } from '@pgel/shared/auth/policies';
import { ACADEMIC_ENTRY_PARAM } from '@pgel/shared/reports/activity';
import { IconAlertTriangle, IconUserSearch } from '@tabler/icons-react';
import { memo, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { DateField, todayIso } from '../../../components/date-field';
import { errorMessage } from '../../../lib/api-client';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { formatDate } from '../../records/components/record-format';
import { StudentFilter } from '../../records/components/student-filter';

/**
 * Who is looking at an assessment page (appraisal, AETCOM) and whose records: a student their
 * own; staff the student they picked (kept in the address as `?student=`, so a reload keeps it).
 * Only faculty who score (`canScoreStudents`) get the entry form; Master and Admin read.
 */
export function useAssessmentViewer() {
  const user = useSessionUser();
  const actor = {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
  const isStaffUser = isStaff(actor);
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const studentId = isStaffUser ? searchParams.get('student') || null : null;
  // One saved entry to open and show (`?entry=`: a /reports row links to it).
  const entryId = searchParams.get(ACADEMIC_ENTRY_PARAM) || null;
  const setStudentId = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('student', id);
      else next.delete('student');
      // Another student's page has none of the linked entries.
      next.delete(ACADEMIC_ENTRY_PARAM);
      return next;
    });
  // After a new save the page is about that entry, not the one a /reports row linked to.
  const clearEntry = () =>
    setSearchParams(
      (current) => {
        if (!current.has(ACADEMIC_ENTRY_PARAM)) return current;
        const next = new URLSearchParams(current);
        next.delete(ACADEMIC_ENTRY_PARAM);
        return next;
      },
      { replace: true },
    );
  return {
    isStaffUser,
    canScore: isStaffUser && canScoreStudents(actor),
    studentId,
    entryId,
    setStudentId,
    clearEntry,
  };
}

/** The page's heading and, for staff, the student they work on. */
export function AssessmentHeader({
  title,
  viewer,
}: {
  title: string;
  viewer: ReturnType<typeof useAssessmentViewer>;
}) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {viewer.isStaffUser ? (
        <Group gap="xs" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
          <IconUserSearch size={20} aria-hidden style={{ flex: 'none' }} />
          <StudentFilter
            value={viewer.studentId}
            onChange={viewer.setStudentId}
            placeholder="Select a student"
          />
        </Group>
      ) : null}
    </Group>
  );
}

/**
 * From Date (never after today) and the derived To Date, read-only, DD-MM-YYYY. Enter in the
 * From Date takes the typed date and leaves the field; it never submits the form (issue 28).
 */
export const PeriodFields = memo(function PeriodFields({
  fromDate,
  toDate,
  onFromDateChange,
}: {
  fromDate: string | null;
  toDate: string | null;
  onFromDateChange: (value: string | null) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <DateField
        label="From Date"
        withAsterisk
        maxDate={todayIso()}
        value={fromDate}
        onChange={onFromDateChange}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          event.currentTarget.blur();
        }}
      />
      <TextInput
        label="To Date"
        size="md"
        readOnly
        variant="filled"
        placeholder="DD-MM-YYYY"
        value={toDate ? formatDate(toDate) : ''}
      />
    </SimpleGrid>
  );
});

/**
 * A form's Save and what it says about progress, kept in view at the foot of the screen while
 * the form scrolls past (above the shell's footer), so a long form never hides its Save.
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{
        position: 'sticky',
        bottom: 'var(--app-shell-footer-offset, 0px)',
        zIndex: 3,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {children}
    </Group>
  );
}

/** Staff who have not picked a student yet. */
export function ChooseStudentNotice() {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text c="dimmed" ta="center">
        {ACADEMIC_MESSAGES.studentRequired}
      </Text>
    </Card>
  );
}

/** A section's card with its heading. */
export function Section({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    // Overflow visible: a card clips by default, which would pin StickyActions to the card.
    <Card withBorder radius="lg" padding="md" style={{ overflow: 'visible' }}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** Loading, failure (with Retry) or the saved records. */
export function QueryState({
  isPending,
  error,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Group justify="space-between" gap="xs">
          <span>{errorMessage(error)}</span>
          <Button size="compact-sm" variant="white" color="red.8" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="Loading" />
      </Group>
    );
  }
  return children;
}

/**
 * The linked entry's element, scrolled into view once it is on the page (`?entry=`) and again
 * whenever another entry is linked (Back and Forward between two links); `linkedId` is the id of
 * the linked entry the element shows, else null. The caller marks it (aria-current) so it stands
 * out among the others.
 */
export function useLinkedEntry<T extends HTMLElement>(linkedId: string | null): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    if (linkedId !== null) ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [linkedId]);
  return ref;
}
