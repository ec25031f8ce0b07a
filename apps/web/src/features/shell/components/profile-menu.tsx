import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { roleLabel } from '@pgel/shared/roles';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { initialsOf } from '@pgel/shared/text';
import { IconChevronDown, IconDeviceMobileDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { BonafideMenuItem } from '../../bonafide/components/bonafide-menu-item';

type ProfileMenuProps = {
  user: SessionUser;
  onUpdatePassword: () => void;
  onLogout: () => void;
  /** Present while the browser offers to install the app (lib/install-prompt.ts). */
  onInstall?: (() => void) | null;
};

/**
 * The account menu of the top bar (spec 01 section 2.11). Its button is named 'Hello, {name}'
 * on every screen width; the greeting text itself only shows where there is room.
 * A certified student also finds the Bonafide Certificate here, and anyone whose browser can
 * install the app finds "Install app" (issue 29).
 */
export function ProfileMenu({ user, onUpdatePassword, onLogout, onInstall }: ProfileMenuProps) {
  const greeting = `Hello, ${user.name}`;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)', minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            {/* The uploaded photo (authorised file route); initials while none is set or it fails. */}
            <Avatar src={user.profilePic} alt="" color="brand" radius="xl" size={34} aria-hidden>
              {initialsOf(user.name)}
            </Avatar>
            <Text size="sm" fw={500} truncate maw={200} visibleFrom="md">
              {greeting}
            </Text>
            {/* The button's name on narrow screens, where the greeting has no room. */}
            <VisuallyHidden hiddenFrom="md">{greeting}</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {greeting}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {roleLabel(user.role)} · {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <BonafideMenuItem user={user} />
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onUpdatePassword}>
          Update Password
        </Menu.Item>
        {onInstall ? (
          <Menu.Item leftSection={<IconDeviceMobileDown size={16} aria-hidden />} onClick={onInstall}>
            Install app
          </Menu.Item>
        ) : null}
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
