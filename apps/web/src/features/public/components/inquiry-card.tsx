import { Paper, Text, Title, type TitleOrder } from '@mantine/core';
import { InquiryForm } from './inquiry-form';

/** The inquiry form in its card, as /contact and the landing's contact section show it. */
export function InquiryCard({ headingOrder }: { headingOrder: TitleOrder }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={headingOrder} fz={headingOrder === 2 ? 'xl' : 'lg'} mb={4}>
        Send us a message
      </Title>
      <Text fz="sm" c="dimmed" mb="lg">
        All fields are required.
      </Text>
      <InquiryForm />
    </Paper>
  );
}
