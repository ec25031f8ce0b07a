import { Button, Container, Group, Paper, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { paths } from '../../../lib/paths';
import { HOW_IT_WORKS_STEPS } from '../how-it-works-steps';
import { PageBand } from './page-band';
import { PublicLayout } from './public-layout';

/** `/howtowork`: the 7-step story of spec 01 section 1 as a timeline. */
export function HowItWorksPage() {
  useDocumentTitle(`How it works | ${PRODUCT_NAME}`);
  return (
    <PublicLayout>
      <PageBand eyebrow="How it works" title="How PG e-Logbook works">
        <Text mt="sm" maw={640} c="gray.8">
          From the first payment to verified, scored entries: the seven steps every student and teacher goes
          through.
        </Text>
      </PageBand>
      <Container size="sm" py={{ base: 'xl', sm: 56 }}>
        <Timeline active={HOW_IT_WORKS_STEPS.length - 1} bulletSize={44} lineWidth={3}>
          {HOW_IT_WORKS_STEPS.map(({ title, text, icon: Icon }, index) => (
            <Timeline.Item
              key={title}
              bullet={
                <ThemeIcon size={44} radius="xl" aria-hidden>
                  <Icon size={22} stroke={1.8} />
                </ThemeIcon>
              }
              title={
                <Title order={2} fz="lg" pt={4}>
                  <Text span fz="sm" fw={700} c="brand.8" display="block">
                    Step {index + 1}
                  </Text>
                  {title}
                </Title>
              }
              pb="lg"
            >
              <Text c="gray.8" mt={4} maw={560}>
                {text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} mt="xl" bg="gray.0">
          <Title order={2} fz="xl">
            Ready to start?
          </Title>
          <Text c="gray.8" mt={6}>
            Register as a student, or write to us to bring PG e-Logbook to your department.
          </Text>
          <Group mt="lg" gap="sm">
            <Button
              component={Link}
              to={paths.signup}
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Register
            </Button>
            <Button component={Link} to={paths.contact} variant="default">
              Contact us
            </Button>
          </Group>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
