import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isDrpCoordinator } from '@pgel/shared/auth/policies';
import { roleLabel } from '@pgel/shared/roles';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import {
  IconBook,
  IconBuildingHospital,
  IconCertificate,
  IconExternalLink,
  IconStethoscope,
  IconUserCheck,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCardLayout } from '../../../components/use-card-layout';
import { useMedia } from '../../../lib/use-media';

const NOT_AVAILABLE = 'N/A';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The department's guideline document (spec 02 section 2: a link on the welcome header opens it
 * in a modal), with its reference number and date when the college recorded them.
 */
function GuidelineLink({ department }: { department: NonNullable<SessionUser['department']> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const isPhone = useMedia('(max-width: 36em)');
  if (!department.url) return null;
  const reference = [
    department.refNo ? `Ref. No. ${department.refNo}` : null,
    department.refDate ? dayjs(department.refDate).format('DD-MM-YYYY') : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconBook size={16} aria-hidden />} onClick={open}>
        {department.name} guidelines
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`${department.name} guidelines`}
        size="xl"
        fullScreen={isPhone}
      >
        <Stack gap="sm">
          {reference ? (
            <Text size="sm" c="dimmed">
              {reference}
            </Text>
          ) : null}
          <iframe
            src={department.url}
            title={`${department.name} guideline document`}
            style={{ width: '100%', height: 500, border: '1px solid var(--mantine-color-default-border)' }}
          />
          <Anchor href={department.url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              Open in a new tab <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}

/** The college, department, course and unit head tiles. */
function DetailTiles({ user }: { user: SessionUser }) {
  const details = [
    { label: 'College', value: user.college?.name, icon: IconBuildingHospital },
    { label: 'Department', value: user.department?.name, icon: IconStethoscope },
    { label: 'Course', value: user.course?.title, icon: IconCertificate },
    { label: 'Unit Head', value: user.unitHead?.name, icon: IconUserCheck },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      {details.map(({ label, value, icon: Icon }) => (
        <Paper key={label} withBorder radius="md" p="md" bg="gray.0">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
              <Icon size={20} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" fw={500}>
                {label}
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value || NOT_AVAILABLE}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The dashboard's greeting: who is signed in and where they belong. On a phone only the
 * greeting: the tiles would fill the first screen, so WelcomeDetails shows them after the work.
 */
export function WelcomeCard({ user }: { user: SessionUser }) {
  const isPhone = useCardLayout();
  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm">
      <Stack gap="lg">
        <Group wrap="nowrap" align="center" gap="md">
          <Avatar color="brand" radius="xl" size={56} aria-hidden>
            {initials(user.name)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
              Welcome, {user.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light" size="lg" radius="sm" tt="none" fw={600}>
                {roleLabel(user.role)}
              </Badge>
              {user.department ? <GuidelineLink department={user.department} /> : null}
            </Group>
          </Stack>
        </Group>
        {/* A DRP coordinator has none of the four: their own work shows instead (CoordinatorWork). */}
        {isPhone || isDrpCoordinator(user) ? null : <DetailTiles user={user} />}
      </Stack>
    </Card>
  );
}

/** A phone's college, department, course and unit head, placed below the logbook (see WelcomeCard). */
export function WelcomeDetails({ user }: { user: SessionUser }) {
  const isPhone = useCardLayout();
  if (!isPhone || isDrpCoordinator(user)) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Your college and course">
      <DetailTiles user={user} />
    </Card>
  );
}
