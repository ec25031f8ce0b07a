import { Box, Burger, Button, Container, Drawer, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand';
import { paths } from '../../../lib/paths';
import { getStoredUser } from '../../../lib/session';
import { LANDING_SECTIONS, landingSectionPath } from '../landing-sections';
import classes from './public-layout.module.css';

const NAV_ITEMS = [
  { label: 'Home', section: LANDING_SECTIONS.home },
  { label: 'Features', section: LANDING_SECTIONS.features },
  { label: 'Contact', section: LANDING_SECTIONS.contact },
] as const;

/**
 * The public header: the product name, the landing's sections and Dashboard for a signed-in
 * visitor (stored user), Sign-in otherwise. On phones the sections move into a drawer.
 */
export function PublicHeader() {
  const [opened, drawer] = useDisclosure(false);
  const isSignedIn = getStoredUser() !== null;

  const account = isSignedIn ? (
    <Button component={Link} to={paths.dashboard} size="sm">
      Dashboard
    </Button>
  ) : (
    <Button component={Link} to={paths.login} size="sm">
      Sign-in
    </Button>
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%" px={{ base: 'sm', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <UnstyledButton component={Link} to={paths.home} aria-label="PG e-Logbook home">
            <Brand />
          </UnstyledButton>
          <Box component="nav" aria-label="Main" visibleFrom="sm">
            <Group gap={4} wrap="nowrap">
              {NAV_ITEMS.map((item) => (
                <Link key={item.section} to={landingSectionPath(item.section)} className={classes.navLink}>
                  {item.label}
                </Link>
              ))}
            </Group>
          </Box>
          <Group gap="xs" wrap="nowrap">
            {account}
            <Burger
              opened={opened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
            />
          </Group>
        </Group>
      </Container>
      <Drawer opened={opened} onClose={drawer.close} title="Menu" position="right" size="xs" hiddenFrom="sm">
        <Box component="nav" aria-label="Main">
          {NAV_ITEMS.map((item) => (
            <Link
              key={item.section}
              to={landingSectionPath(item.section)}
              className={classes.drawerLink}
              onClick={drawer.close}
            >
              {item.label}
            </Link>
          ))}
          <Link to={paths.signup} className={classes.drawerLink} onClick={drawer.close}>
            Register
          </Link>
        </Box>
      </Drawer>
    </Box>
  );
}
