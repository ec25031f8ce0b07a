import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { canDownloadBonafide } from '@pgel/shared/auth/policies';
import { BONAFIDE_PATH, BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import { IconCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '../../../components/download-button';
import { sessionUserQueryOptions } from '../../../lib/session';

/**
 * The profile page's Bonafide Certificate card (issue 28): where the student's notice and mail
 * lead once their HOD has certified them. The session user is asked again on opening, so a
 * student certified a moment ago finds it without signing in again.
 */
export function BonafideCard() {
  const { data: user } = useQuery({ ...sessionUserQueryOptions(), refetchOnMount: 'always' });
  if (!user || !canDownloadBonafide(user)) return null;
  return (
    <Card withBorder radius="lg" padding="lg" id="bonafide">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <ThemeIcon color="teal" variant="light" size={40} radius="xl" aria-hidden>
            <IconCertificate size={24} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {M.cardTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {M.cardText}
            </Text>
          </Stack>
        </Group>
        <DownloadButton url={BONAFIDE_PATH} fileName={M.fileName} w={{ base: '100%', xs: 'auto' }}>
          {M.download}
        </DownloadButton>
      </Group>
    </Card>
  );
}
