import { Button, Container, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INQUIRY_MESSAGES } from '@pgel/shared/schemas/settings';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { paths } from '../../../lib/paths';
import { PublicLayout } from './public-layout';

/** `/thank-you`: after an inquiry was submitted. */
export function ThankYouPage() {
  useDocumentTitle(`${INQUIRY_MESSAGES.thankYouTitle} | ${PRODUCT_NAME}`);
  return (
    <PublicLayout>
      <Container size={560} py={{ base: 48, sm: 96 }}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 48 }} ta="center">
          <ThemeIcon size={72} radius="xl" variant="light" color="teal" mx="auto" aria-hidden>
            <IconCircleCheck size={44} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 28, sm: 34 }} mt="lg">
            {INQUIRY_MESSAGES.thankYouTitle}
          </Title>
          <Text c="gray.8" mt="sm" fz="lg">
            {INQUIRY_MESSAGES.thankYouText}
          </Text>
          <Button
            component={Link}
            to={paths.home}
            mt="xl"
            size="md"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Back to Home
          </Button>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
