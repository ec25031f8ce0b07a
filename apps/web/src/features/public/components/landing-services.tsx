import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBellRinging,
  IconCertificate,
  IconChecklist,
  IconNotebook,
  IconPrinter,
  IconShieldLock,
} from '@tabler/icons-react';
import { LANDING_SECTIONS } from '../landing-sections';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

const SERVICES = [
  {
    title: 'Digital logbook',
    text: 'Fifteen activity categories, from the PG induction schedule and academic sessions to clinical cases, procedures, skill labs and leave records.',
    icon: IconNotebook,
  },
  {
    title: 'Verification and scoring',
    text: 'Every entry names the teacher who verifies it. Teachers approve or reject, score and leave feedback, singly or in bulk.',
    icon: IconChecklist,
  },
  {
    title: 'Academic records',
    text: 'Thesis synopsis and review, publications, quarterly appraisals, AETCOM and the mandatory checklist, kept next to the daily log.',
    icon: IconCertificate,
  },
  {
    title: 'Printable logbook',
    text: 'Print the complete, verified logbook of a student when the college, the university or an inspection asks for it.',
    icon: IconPrinter,
  },
  {
    title: 'Notifications',
    text: 'E-mail and messaging-app notifications when a teacher is added, a student is approved or an entry is verified.',
    icon: IconBellRinging,
  },
  {
    title: 'Secure documents',
    text: 'Certificates and documents are stored safely and shown only to the student and the faculty allowed to see them.',
    icon: IconShieldLock,
  },
] as const;

/** #services: what the subscription includes. */
export function LandingServices() {
  return (
    <LandingSection
      id={LANDING_SECTIONS.services}
      eyebrow="Services"
      title="Everything the postgraduate years need on record"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {SERVICES.map(({ title, text, icon: Icon }) => (
          <Card key={title} withBorder radius="lg" padding="lg" className={classes.card}>
            <ThemeIcon size={44} radius="md" aria-hidden>
              <Icon size={24} stroke={1.7} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md" mb={6}>
              {title}
            </Title>
            <Text fz="sm" c="gray.8">
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
