import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-page spinner while a route module or the session is loading. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader type="dots" size="lg" aria-hidden />
        <Text c="dimmed" size="sm" role="status">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
