import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { BONAFIDE_CHECK_MESSAGES, isBonafideCheck } from '@pgel/shared/reports/bonafide';
import { CHECK_MESSAGES, DocumentCodeSchema } from '@pgel/shared/reports/documents';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { Brand } from '../../../components/brand';
import { StatusPanel } from '../../../components/status-panel';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDocumentCheck } from './api/get-document-check';
import { BonafideCheckDetails } from './components/bonafide-check-details';
import { CheckDetails } from './components/check-details';
import { CheckStateBanner } from './components/check-state-banner';

/**
 * `/check/:code` (public, no sign-in): the QR code on a verifiable logbook PDF opens this page,
 * which says whether the logbook still holds the verified entries the document was issued with.
 * The QR code on a Bonafide Certificate opens it too: genuine or revoked (issue 28).
 */
export function CheckDocumentPage() {
  const { code: rawCode = '' } = useParams();
  const parsed = DocumentCodeSchema.safeParse(rawCode);
  // A code typed off paper may be in lower case; a malformed one cannot exist, so nothing is asked.
  const code = parsed.success ? parsed.data : null;
  const check = useDocumentCheck(code);

  const bonafide = check.data && isBonafideCheck(check.data) ? check.data : null;
  const title = bonafide ? BONAFIDE_CHECK_MESSAGES.title : CHECK_MESSAGES.title;
  useEffect(() => {
    document.title = title;
  }, [title]);

  const notFound = code === null || (isApiError(check.error) && check.error.status === 404);
  let body: ReactNode;
  if (notFound) {
    body = <StatusPanel status="error" title="Not found" message={CHECK_MESSAGES.notFound} />;
  } else if (bonafide) {
    body = (
      <Stack gap="lg">
        <CheckStateBanner
          state={bonafide.state}
          text={bonafide.state === 'genuine' ? BONAFIDE_CHECK_MESSAGES.genuineText : undefined}
        />
        <BonafideCheckDetails check={bonafide} />
      </Stack>
    );
  } else if (check.data && !isBonafideCheck(check.data)) {
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
                {title}
              </Title>
              {body}
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            {bonafide
              ? 'The check reads the certificate the college issued under this code, and whether it was withdrawn.'
              : 'The check compares the verified entries of the logbook now with those it held when the document was issued.'}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
