import { AppShell, Avatar, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { loginPathFor } from '@pgel/shared/auth/policies';
import { roleLabel } from '@pgel/shared/roles';
import { LOGOUT_MESSAGES } from '@pgel/shared/schemas/auth';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useNavigate } from 'react-router';
import { Brand } from '../components/brand';
import { showConfirm } from '../components/dialogs';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal';
import type { LogoutState } from '../features/auth/components/logout-screen';
import { paths } from '../lib/paths';
import { useSessionUser } from '../lib/session';

/**
 * The frame around every signed-in page: a top bar with the product name and the profile menu.
 * (The sidebar of spec 01 section 2.11 comes with the pages it links to.)
 */
export function Component() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [passwordOpened, passwordModal] = useDisclosure(false);

  const confirmLogout = async () => {
    const confirmed = await showConfirm({
      title: LOGOUT_MESSAGES.confirmTitle,
      message: LOGOUT_MESSAGES.confirmText,
      confirmLabel: 'Logout',
      danger: true,
    });
    if (confirmed) {
      const state: LogoutState = { next: loginPathFor(user) };
      navigate(paths.logout, { state });
    }
  };

  return (
    <AppShell header={{ height: 60 }} padding={0} bg="gray.0">
      <AppShell.Header withBorder>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to={paths.dashboard} aria-label="PG e-Logbook dashboard">
            <Brand />
          </UnstyledButton>
          <Menu position="bottom-end" width={240} shadow="md" withinPortal>
            <Menu.Target>
              <UnstyledButton
                aria-label={`Hello, ${user.name}`}
                px={6}
                py={4}
                style={{ borderRadius: 'var(--mantine-radius-md)', minWidth: 0 }}
              >
                <Group gap={8} wrap="nowrap">
                  <Avatar color="brand" radius="xl" size={34} aria-hidden>
                    {user.name.trim().charAt(0).toUpperCase()}
                  </Avatar>
                  <Text size="sm" fw={500} truncate maw={200} visibleFrom="sm">
                    Hello, {user.name}
                  </Text>
                  <IconChevronDown size={16} aria-hidden />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>
                <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
                  Hello, {user.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {roleLabel(user.role)} · {user.email}
                </Text>
              </Menu.Label>
              <Menu.Divider />
              <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={passwordModal.open}>
                Update Password
              </Menu.Item>
              <Menu.Item
                color="red.8"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={confirmLogout}
              >
                Logout
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
          <Outlet />
        </Container>
      </AppShell.Main>
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
    </AppShell>
  );
}
