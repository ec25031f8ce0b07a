import { Avatar, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { roleLabel } from '@pgel/shared/roles';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconBuildingHospital, IconCertificate, IconStethoscope, IconUserCheck } from '@tabler/icons-react';

const NOT_AVAILABLE = 'N/A';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The dashboard's greeting: who is signed in and where they belong. */
export function WelcomeCard({ user }: { user: SessionUser }) {
  const details = [
    { label: 'College', value: user.college?.name, icon: IconBuildingHospital },
    { label: 'Department', value: user.department?.name, icon: IconStethoscope },
    { label: 'Course', value: user.course?.title, icon: IconCertificate },
    { label: 'Unit Head', value: user.unitHead?.name, icon: IconUserCheck },
  ];
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
            </Group>
          </Stack>
        </Group>
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
      </Stack>
    </Card>
  );
}
