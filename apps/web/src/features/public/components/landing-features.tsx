import {
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight, IconBuildingHospital, IconSchool, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { HOW_IT_WORKS_STEPS } from '../how-it-works-steps';
import { LANDING_SECTIONS } from '../landing-sections';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

const AUDIENCES = [
  {
    title: 'Students',
    icon: IconSchool,
    points: [
      'Record academic sessions, clinical cases, procedures, postings and leave in 15 activity categories',
      'Upload certificates and documents with each entry',
      'See the status, score and feedback of every entry',
      'Track the mandatory checklist and print your logbook',
    ],
  },
  {
    title: 'Faculty',
    icon: IconStethoscope,
    points: [
      'Approve new students after checking their ID proof',
      'Verify entries one by one or in bulk',
      'Score entries and leave feedback',
      'Get notified when an entry waits for you',
    ],
  },
  {
    title: 'Heads of department',
    icon: IconBuildingHospital,
    points: [
      'See every student and teacher of the department',
      'Follow progress with department reports',
      'Send memos and review appraisals and theses',
      'Keep records ready for inspections',
    ],
  },
] as const;

/** #features: what each kind of user gets, then the 7-step story in brief. */
export function LandingFeatures() {
  return (
    <>
      <LandingSection
        id={LANDING_SECTIONS.features}
        eyebrow="Features"
        title="One logbook for the whole department"
        description="Students write it, faculty verify it and heads of department see the whole picture, each from their own account."
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {AUDIENCES.map(({ title, icon: Icon, points }) => (
            <Card key={title} withBorder radius="lg" padding="xl" className={classes.card}>
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                <Icon size={26} stroke={1.7} />
              </ThemeIcon>
              <Title order={3} fz="xl" mt="md" mb="sm">
                For {title.toLowerCase()}
              </Title>
              <List spacing={8} size="sm" c="gray.8">
                {points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </LandingSection>

      <LandingSection
        id={LANDING_SECTIONS.howItWorks}
        eyebrow="How it works"
        title="From registration to verified entries in seven steps"
        tinted
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" verticalSpacing="lg">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <Stack key={step.title} gap="xs">
              <Group gap="sm" wrap="nowrap">
                <span className={classes.stepNumber} aria-hidden>
                  {index + 1}
                </span>
                <Title order={3} fz="md">
                  <VisuallyHidden>Step {index + 1}: </VisuallyHidden>
                  {step.title}
                </Title>
              </Group>
              <Text fz="sm" c="gray.8">
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="center" mt={40}>
          <Button
            component={Link}
            to={paths.howToWork}
            variant="light"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            See the full timeline
          </Button>
        </Group>
      </LandingSection>
    </>
  );
}
