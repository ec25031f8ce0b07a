import { Button, Center, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { isApiError } from '../lib/api-error';
import { isChunkLoadError } from '../lib/chunk-load-error';

// Only a refused session needs it, and it calls the API (zod): keep it out of the first bundle.
const LogoutScreen = lazy(() =>
  import('../features/auth/components/logout-screen').then((m) => ({ default: m.LogoutScreen })),
);

/** Texts of the fallback; the page only, the server never sends them. */
export const ROUTE_ERROR_TEXT = {
  chunkTitle: 'Could not load this page',
  chunk: 'A new version is available or the network dropped.',
  crashTitle: 'Something went wrong',
  crash: 'This page hit an unexpected problem. Reload to try again; you are still signed in.',
  reload: 'Reload',
} as const;

/** A 401 from the API: the session is gone, so the user is signed out properly. */
function isAuthFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * The router's error fallback (spec 01 section 2.1, narrowed by issue 10). Only a real
 * authentication failure signs the user out (logout screen). A page whose code failed to
 * download (a deploy in progress, a flaky phone network) or any other error offers a reload and
 * keeps the session. This file is in the first bundle: the fallback for a failed download must
 * not need a download itself.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isAuthFailure(error)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <LogoutScreen />
      </Suspense>
    );
  }
  const isChunk = isChunkLoadError(error);
  return (
    <ReloadPanel
      title={isChunk ? ROUTE_ERROR_TEXT.chunkTitle : ROUTE_ERROR_TEXT.crashTitle}
      message={isChunk ? ROUTE_ERROR_TEXT.chunk : ROUTE_ERROR_TEXT.crash}
    />
  );
}

/**
 * Drawn with the components main.tsx already styles: when a page's code did not load, the full
 * stylesheet may not have loaded either.
 */
function ReloadPanel({ title, message }: { title: string; message: string }) {
  return (
    <Center mih="100dvh" px="md">
      <Container size={440} w="100%">
        <Paper component="main" withBorder shadow="md" radius="lg" p="xl">
          <Stack align="center" gap="sm" ta="center" role="alert">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconRefresh size={32} />
            </ThemeIcon>
            <Title order={1} fz="xl">
              {title}
            </Title>
            <Text c="dimmed">{message}</Text>
            <Button mt="sm" fullWidth onClick={() => window.location.reload()}>
              {ROUTE_ERROR_TEXT.reload}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
