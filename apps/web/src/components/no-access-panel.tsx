import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { StatusPanel } from './status-panel';

/** Shown instead of the page to a user whose role may not use it (the server refuses it too). */
export function NoAccessPanel({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Card withBorder radius="lg" padding="xl">
        <StatusPanel
          status="error"
          title="You do not have access to this page."
          message={message}
          actions={
            <Group justify="center">
              <Button component={Link} to={paths.dashboard} variant="light">
                Go to Dashboard
              </Button>
            </Group>
          }
        />
      </Card>
    </Stack>
  );
}
