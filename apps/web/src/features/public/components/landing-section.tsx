import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

type LandingSectionProps = {
  id: string;
  /** Short label above the title. */
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** A light grey background, to alternate with white sections. */
  tinted?: boolean;
  children: ReactNode;
};

/** One section of the landing page: an anchor target with a centred `h2` heading. */
export function LandingSection({ id, eyebrow, title, description, tinted, children }: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      className={classes.section}
      bg={tinted ? 'gray.0' : undefined}
      py={{ base: 56, sm: 88 }}
    >
      <Container size="lg">
        <Stack gap={8} align="center" ta="center" mb={{ base: 32, sm: 48 }}>
          {eyebrow ? (
            <Text fz="sm" fw={700} c="brand.7" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
              {eyebrow}
            </Text>
          ) : null}
          <Title order={2} id={titleId} fz={{ base: 26, sm: 34 }} lh={1.2}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" maw={660} fz={{ base: 'md', sm: 'lg' }}>
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
