import { Anchor, Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-shell.module.css';
import { Brand } from './brand';

type AuthShellProps = {
  /** Heading under the product name, e.g. "Create your account". */
  heading?: ReactNode;
  children: ReactNode;
  /** Wider card for long forms (sign-up). */
  wide?: boolean;
};

/** The centered card every public page (sign-in, sign-up, verification, reset) sits in. */
export function AuthShell({ heading, children, wide = false }: AuthShellProps) {
  return (
    <Box className={classes.background}>
      <Container size={wide ? 560 : 440} px={{ base: 12, xs: 'md' }} py={{ base: 'lg', sm: 48 }}>
        {/* Header, main and footer landmarks: every part of the page sits in one (axe: region). */}
        <Stack gap="lg">
          <Center component="header">
            <Stack gap={6} align="center">
              <Brand size="lg" />
              <Text size="sm" c="dimmed" ta="center">
                The electronic logbook for postgraduate medical training
              </Text>
            </Stack>
          </Center>
          <Paper component="main" withBorder shadow="md" radius="lg" p={{ base: 'md', xs: 'xl' }}>
            {heading ? (
              <Text component="h2" fz="xl" fw={600} mt={0} mb="md">
                {heading}
              </Text>
            ) : null}
            {children}
          </Paper>
          <Stack component="footer" gap={2} align="center">
            <Text size="xs" c="dimmed" ta="center">
              Not affiliated with the National Medical Commission.
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              Help:{' '}
              <Anchor href="mailto:support@pg-elogbook.in" size="xs">
                support@pg-elogbook.in
              </Anchor>
            </Text>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
