import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Menu,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { NOTIFICATION_TEXT, type Notification } from '@pgel/shared/schemas/notifications';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type NavigateFunction, useNavigate } from 'react-router';
import { showError } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/**
 * Follows a notification's link: pages of this app through the router, other web addresses by
 * a normal page load, nothing at all for other schemes (a stored `javascript:` URL must never
 * run). No link reloads the page (spec 01 section 2.11).
 */
function follow(url: string | null, navigate: NavigateFunction): void {
  if (url === null || url.trim() === '') {
    window.location.reload();
    return;
  }
  let target: URL;
  try {
    target = new URL(url, window.location.origin);
  } catch {
    return;
  }
  if (target.origin === window.location.origin) {
    navigate(`${target.pathname}${target.search}${target.hash}`);
  } else if (target.protocol === 'https:' || target.protocol === 'http:') {
    window.location.assign(target.href);
  }
}

function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The top bar's notifications dropdown: a bell with the unread count, the newest notifications,
 * and 'No new notifications' when there are none, or when they cannot be loaded (the bell must
 * never break the page around it).
 */
export function NotificationsMenu() {
  const { data, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const items = data?.items ?? [];
  const unreadCount = data?.unreadCount ?? 0;
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';

  const open = async (notification: Notification) => {
    if (!notification.read) {
      try {
        await markRead.mutateAsync(notification.id);
      } catch {
        // Reaching the page matters more than the read mark; the next refresh shows it unread.
      }
    }
    follow(notification.url, navigate);
  };

  const readAll = async () => {
    try {
      await markAllRead.mutateAsync();
    } catch (error) {
      await showError(errorMessage(error));
    }
  };

  return (
    <Menu position="bottom-end" width="min(22rem, calc(100vw - 1rem))" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size={42}
          radius="xl"
          aria-label={label}
          title="Notifications"
        >
          <Indicator
            label={badgeText(unreadCount)}
            disabled={unreadCount === 0}
            size={18}
            offset={2}
            color="red.8"
            withBorder
            fz={10}
            fw={700}
          >
            <IconBell size={24} stroke={1.7} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={650} size="sm">
            Notifications
          </Text>
          {unreadCount > 0 ? (
            <Badge color="red" variant="light" size="sm" tt="none">
              {unreadCount} unread
            </Badge>
          ) : null}
        </Group>
        <Menu.Divider m={0} />
        {isPending ? (
          <Group justify="center" p="md" gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Loading…
            </Text>
          </Group>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} p="lg">
            <IconBellOff size={28} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="sm" c="dimmed">
              {NOTIFICATION_TEXT.empty}
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah="min(24rem, 60dvh)" type="auto">
            <Box p={4}>
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={open} />
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
        {unreadCount > 0 ? (
          <>
            <Menu.Divider m={0} />
            <Group justify="center" p={4}>
              {/* A plain button, not a menu item: the list stays open and shows everything read. */}
              <Button
                variant="subtle"
                size="sm"
                fullWidth
                leftSection={<IconChecks size={18} aria-hidden />}
                onClick={readAll}
                loading={markAllRead.isPending}
              >
                {NOTIFICATION_TEXT.markAllRead}
              </Button>
            </Group>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

type NotificationItemProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
};

function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { fromName, description, read, createdAt } = notification;
  const when = dayjs(createdAt);
  return (
    <Menu.Item
      onClick={() => onOpen(notification)}
      py="sm"
      bg={read ? undefined : 'var(--mantine-color-brand-0)'}
      leftSection={
        <Box
          w={8}
          h={8}
          mt={6}
          style={{
            borderRadius: '50%',
            alignSelf: 'flex-start',
            background: read ? 'transparent' : 'var(--mantine-color-brand-6)',
          }}
          aria-hidden
        />
      }
    >
      <Stack gap={2}>
        <Text size="sm" fw={read ? 500 : 700} lh={1.3}>
          {fromName || NOTIFICATION_TEXT.untitled}
          {read ? null : <VisuallyHidden> (unread)</VisuallyHidden>}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {description}
        </Text>
        {when.isValid() ? (
          <Text size="xs" c="dimmed">
            {when.format('DD-MM-YYYY HH:mm')}
          </Text>
        ) : null}
      </Stack>
    </Menu.Item>
  );
}
