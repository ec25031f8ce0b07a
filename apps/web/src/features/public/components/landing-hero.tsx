import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck, IconClipboardList, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LANDING_SECTIONS } from '../landing-sections';
import { LEGAL_FACTS } from '../legal/legal-facts';
import classes from './landing.module.css';

type LandingHeroProps = {
  /** Opens the video dialog; absent when no video is configured. */
  onPlayVideo?: () => void;
};

const HIGHLIGHTS = [
  `One payment for ${LEGAL_FACTS.subscriptionYears} years`,
  'Every entry verified and scored by your faculty',
  'Works on any phone, tablet or computer',
];

/** The landing's first section (#home): what the product is, Register and the video. */
export function LandingHero({ onPlayVideo }: LandingHeroProps) {
  return (
    <Box
      component="section"
      id={LANDING_SECTIONS.home}
      aria-labelledby="home-title"
      className={`${classes.hero} ${classes.section}`}
    >
      <Container size="lg" py={{ base: 48, sm: 80, md: 104 }}>
        <Grid gap={{ base: 40, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" color="brand" c="brand.8" w="fit-content">
                For postgraduate medical trainees
              </Badge>
              <Title order={1} id="home-title" className={classes.heroTitle}>
                Your residency logbook, <span className={classes.accent}>recorded and verified</span> in one
                place
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="gray.8" maw={580}>
                PG e-Logbook is the electronic logbook for postgraduate medical training. Students record
                cases, procedures and academic work as they happen; faculty and heads of department verify,
                score and follow progress, in line with the national postgraduate medical education
                regulations.
              </Text>
              <Group gap="sm">
                <Button
                  component={Link}
                  to={paths.signup}
                  size="lg"
                  rightSection={<IconArrowRight size={20} aria-hidden />}
                >
                  Register
                </Button>
                {onPlayVideo ? (
                  <Button
                    variant="default"
                    size="lg"
                    onClick={onPlayVideo}
                    leftSection={<IconPlayerPlay size={20} aria-hidden />}
                  >
                    Watch Video
                  </Button>
                ) : null}
              </Group>
              <List
                spacing={6}
                size="sm"
                c="gray.8"
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {HIGHLIGHTS.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="sm">
            <ProductPreview />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

const PREVIEW_ROWS = [
  { topic: 'Central venous line insertion', status: 'Approved', score: '9/10' },
  { topic: 'Case presentation: dengue shock', status: 'Approved', score: '8/10' },
  { topic: 'Lumbar puncture', status: 'Pending', score: '–' },
] as const;

/** A drawing of the app made of real components; decorative, so hidden from assistive technology. */
function ProductPreview() {
  return (
    <Box pos="relative" aria-hidden>
      <Paper withBorder shadow="xl" radius="lg" p="lg" className={classes.mock}>
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={36}>
              <IconClipboardList size={20} />
            </ThemeIcon>
            <div>
              <Text fw={700} fz="sm">
                PROCEDURES REPORT
              </Text>
              <Text fz="xs" c="dimmed">
                General Medicine · Year 2
              </Text>
            </div>
          </Group>
          <Badge variant="light" color="brand" c="brand.8">
            24 entries
          </Badge>
        </Group>
        <Stack gap="xs">
          {PREVIEW_ROWS.map((row) => (
            <Group
              key={row.topic}
              justify="space-between"
              wrap="nowrap"
              p="xs"
              bg="gray.0"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Text fz="sm" fw={500} truncate>
                {row.topic}
              </Text>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge
                  size="sm"
                  variant="filled"
                  color={row.status === 'Approved' ? 'teal.9' : 'yellow.4'}
                  c={row.status === 'Approved' ? 'white' : 'dark.8'}
                >
                  {row.status}
                </Badge>
                <Text fz="xs" fw={700} c="gray.8" w={34} ta="right">
                  {row.score}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
        <Box mt="lg">
          <Group justify="space-between" mb={6}>
            <Text fz="xs" fw={600}>
              Mandatory checklist
            </Text>
            <Text fz="xs" fw={700} c="brand.8">
              6 / 8
            </Text>
          </Group>
          <Progress value={75} radius="xl" size="md" />
        </Box>
      </Paper>
    </Box>
  );
}
