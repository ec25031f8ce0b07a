import { Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type StatusPanelProps = {
  status: 'loading' | 'success' | 'error';
  title: string;
  message?: ReactNode;
  /** Buttons under the message. */
  actions?: ReactNode;
};

/** The centred icon, title, text and actions of a one-shot page (verification, logout, reset). */
export function StatusPanel({ status, title, message, actions }: StatusPanelProps) {
  return (
    <Stack align="center" gap="sm" ta="center" py="md" role={status === 'loading' ? 'status' : undefined}>
      {status === 'loading' ? (
        <Loader size="lg" aria-hidden />
      ) : (
        <ThemeIcon
          size={56}
          radius="xl"
          variant="light"
          color={status === 'success' ? 'teal' : 'red'}
          aria-hidden
        >
          {status === 'success' ? <IconCircleCheck size={34} /> : <IconAlertTriangle size={32} />}
        </ThemeIcon>
      )}
      <Title order={2} fz="xl">
        {title}
      </Title>
      {message ? (
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      ) : null}
      {actions ? (
        <Stack w="100%" gap="sm" mt="sm">
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
