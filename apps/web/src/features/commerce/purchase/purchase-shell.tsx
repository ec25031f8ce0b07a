import { Box, Button, Container, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from '../../../components/auth-shell.module.css';
import { Brand } from '../../../components/brand';
import { paths } from '../../../lib/paths';

type PurchaseShellProps = {
  children: ReactNode;
  /** Width of the page: 'lg' for the package cards, 'sm' for a summary. */
  size?: 'sm' | 'lg';
  /** A signed-in visitor may leave from here (the cart is outside the app's frame). */
  withLogout?: boolean;
};

/**
 * The frame of the purchase pages: outside the signed-in frame (an unpaid student has no
 * logbook yet), with the product's mark on top like the sign-in pages.
 */
export function PurchaseShell({ children, size = 'lg', withLogout = false }: PurchaseShellProps) {
  return (
    <Box className={classes.background}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" px={{ base: 12, sm: 'md' }} py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Brand />
            {withLogout ? (
              <Button
                component={Link}
                to={paths.logout}
                variant="subtle"
                size="compact-sm"
                leftSection={<IconLogout size={16} aria-hidden />}
              >
                Logout
              </Button>
            ) : null}
          </Group>
        </Container>
      </Box>
      <Container
        component="main"
        size={size === 'lg' ? 'lg' : 560}
        px={{ base: 12, sm: 'md' }}
        py={{ base: 'md', sm: 'xl' }}
      >
        {children}
      </Container>
    </Box>
  );
}
