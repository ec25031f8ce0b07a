import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { CHECK_MESSAGES, DocumentCodeSchema } from '@pgel/shared/reports/documents';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { Brand } from '../../../components/brand';
import { StatusPanel } from '../../../components/status-panel';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDocumentCheck } from './api/get-document-check';
import { CheckDetails } from './components/check-details';
import { CheckStateBanner } from './components/check-state-banner';

/**
 * `/check/:code` (public, no sign-in): the QR code on a verifiable logbook PDF opens this page,
 * which says whether the logbook still holds the verified entries the document was issued with.
 */
export function CheckDocumentPage() {
  const { code: rawCode = '' } = useParams();
  const parsed = DocumentCodeSchema.safeParse(rawCode);
  // A code typed off paper may be in lower case; a malformed one cannot exist, so nothing is asked.
  const code = parsed.success ? parsed.data : null;
  const check = useDocumentCheck(code);

  useEffect(() => {
    document.title = CHECK_MESSAGES.title;
  }, []);

  const notFound = code === null || (isApiError(check.error) && check.error.status === 404);
  let body: ReactNode;
  if (notFound) {
    body = <StatusPanel status="error" title="Not found" message={CHECK_MESSAGES.notFound} />;
  } else if (check.data) {
    body = (
      <Stack gap="lg">
        <CheckStateBanner state={check.data.state} />
        <CheckDetails check={check.data} />
      </Stack>
    );
  } else if (check.isError) {
    body = (
      <StatusPanel status="error" title="Could not check the document" message={errorMessage(check.error)} />
    );
  } else {
    body = <StatusPanel status="loading" title="Checking the document…" />;
  }

  return (
    <Box bg="gray.0" mih="100dvh">
      <Container size={720} px={{ base: 12, xs: 'md' }} py={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg">
          {/* The small mark: the page's one h1 is the check's title. */}
          <Brand />
          <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
            <Stack gap="lg">
              <Title order={1} size="h2">
                {CHECK_MESSAGES.title}
              </Title>
              {body}
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            The check compares the verified entries of the logbook now with those it held when the document
            was issued.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
