import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Flex,
  Group,
  Loader,
  type MantineColor,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { ROLE_LABELS } from '@pgel/shared/roles';
import {
  type MyTeacher,
  STAFF_STATUS_LABELS,
  type StaffStatus,
  TEACHER_MESSAGES,
} from '@pgel/shared/schemas/staff-admin';
import { IconAlertTriangle, IconSchool, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useMyTeachers } from '../api/list-my-teachers';
import { AddTeacherModal } from './add-teacher-modal';

const TITLE_ID = 'my-teachers-title';

// Filled, dark shades: white text on them keeps a 4.5:1 contrast (as the profile summary's badges).
const STATUS_COLORS: Record<StaffStatus, MantineColor> = {
  active: 'teal.9',
  unverified: 'gray.7',
  blocked: 'red.8',
  awaiting: 'blue.8',
  declined: 'red.8',
};

function TeacherRow({ teacher }: { teacher: MyTeacher }) {
  // Name and badge side by side (as in the profile summary), so on a phone the e-mail below
  // keeps the whole width of the card.
  return (
    <Stack
      component="li"
      gap={2}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {teacher.name}
        </Text>
        <Badge color={STATUS_COLORS[teacher.status]} variant="filled" style={{ flex: 'none' }}>
          {STAFF_STATUS_LABELS[teacher.status]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {ROLE_LABELS[teacher.role]}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {teacher.email}
      </Text>
    </Stack>
  );
}

function EmptyTeachers() {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md" py="xs">
      <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
        <IconSchool size={24} />
      </ThemeIcon>
      <Stack gap={4}>
        <Text fw={600}>No teachers added yet</Text>
        <Text size="sm" c="dimmed">
          Add the teachers who will approve your account and verify your logbook entries.
        </Text>
      </Stack>
    </Group>
  );
}

function TeacherList({ teachers }: { teachers: MyTeacher[] }) {
  const hasUnverified = teachers.some((t) => t.status === 'unverified');
  const hasAwaiting = teachers.some((t) => t.status === 'awaiting');
  return (
    <Stack gap="xs">
      <Stack component="ul" gap={0} aria-labelledby={TITLE_ID} m={0} p={0} style={{ listStyle: 'none' }}>
        {teachers.map((teacher) => (
          <TeacherRow key={teacher.id} teacher={teacher} />
        ))}
      </Stack>
      {hasUnverified ? (
        <Text size="xs" c="dimmed">
          {STAFF_STATUS_LABELS.unverified}: the teacher has not opened the link in their e-mail yet.
        </Text>
      ) : null}
      {hasAwaiting ? (
        <Text size="xs" c="dimmed">
          {STAFF_STATUS_LABELS.awaiting}: your head of department confirms a teacher you add before they can
          verify your entries.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * My Teachers (students, spec 01 section 1 steps 3-6): the teachers linked to the student, and
 * Add Teacher. `canAdd` is `canAddTeachers` of the signed-in student: a student without a college
 * and department has no department to add a teacher to.
 */
export function MyTeachersCard({ canAdd }: { canAdd: boolean }) {
  const [isAdding, setAdding] = useState(false);
  const teachers = useMyTeachers({ enabled: true });

  let body: ReactNode;
  if (teachers.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading teachers" />
      </Center>
    );
  } else if (teachers.isError) {
    body = (
      <Alert color="red" variant="light" title="Error" icon={<IconAlertTriangle size={20} />}>
        <Stack gap="sm" align="flex-start">
          <span>{errorMessage(teachers.error)}</span>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void teachers.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (teachers.data.length === 0) {
    body = canAdd ? <EmptyTeachers /> : null;
  } else {
    body = <TeacherList teachers={teachers.data} />;
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="md">
        <Flex
          direction={{ base: 'column', xs: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', xs: 'center' }}
          gap="sm"
        >
          <Title order={2} size="h3" id={TITLE_ID}>
            My Teachers
          </Title>
          {canAdd ? (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setAdding(true)}
              style={{ flex: 'none' }}
            >
              Add Teacher
            </Button>
          ) : null}
        </Flex>
        {canAdd ? null : (
          <Text size="sm" c="dimmed">
            {TEACHER_MESSAGES.noPlacement}
          </Text>
        )}
        {body}
      </Stack>
      {canAdd ? <AddTeacherModal opened={isAdding} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}
