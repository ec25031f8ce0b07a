import {
  Anchor,
  AppShell,
  Burger,
  Container,
  em,
  Group,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  accountRestrictionOf,
  canCreateRecord,
  canManageDepartmentStaff,
  canWriteLogbook,
  isStaff,
  loginPathFor,
} from '@pgel/shared/auth/policies';
import { showsFloatingAddButton, visibleNavigation } from '@pgel/shared/navigation';
import { INACTIVITY_TIMEOUT_MS, LOGOUT_MESSAGES, SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconNotebook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../components/brand';
import { showConfirm, showMessage } from '../components/dialogs';
import { FloatingAddButton } from '../components/floating-add-button';
import { whenOpened } from '../components/lazy-dialog';
import { UpdatePrompt } from '../components/update-prompt';
import { useLogout } from '../features/auth/api/logout';
import { AwaitingConfirmationPanel } from '../features/auth/components/awaiting-confirmation-panel';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal';
import type { LogoutState } from '../features/auth/components/logout-screen';
import { NotificationsMenu } from '../features/notifications/components/notifications-menu';
import { usePublicSettings } from '../features/public/api/get-public-settings';
import { OutboxBadge } from '../features/records/outbox/outbox-badge';
import { clearOutbox } from '../features/records/outbox/outbox-store';
import { useFlushOutbox, useOutboxItems, useOutboxSync } from '../features/records/outbox/outbox-sync';
import { askSignOutWithWaiting } from '../features/records/outbox/sign-out-dialog';
import { AVAILABLE_PATHS } from '../features/shell/available-paths';
import { ProfileMenu } from '../features/shell/components/profile-menu';
import { SidebarNav } from '../features/shell/components/sidebar-nav';
import { useDevToolsDetector } from '../features/shell/hooks/use-dev-tools-detector';
import { useInactivityTimeout } from '../features/shell/hooks/use-inactivity-timeout';
import { useInstallPrompt } from '../lib/install-prompt';
import { paths } from '../lib/paths';
import { startServiceWorker } from '../lib/service-worker';
import { sessionUserQueryOptions } from '../lib/session';
import { useMedia } from '../lib/use-media';
import { useOpenedOnce } from '../lib/use-opened-once';
import { whenIdle } from '../lib/when-idle';

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 36;
const NAVBAR_ID = 'app-sidebar';
/** Spec 01 section 9: under 1200 px the sidebar toggles (Mantine's `lg` breakpoint is 75em). */
const NARROW_SCREEN = `(max-width: ${em(1199.98)})`;

// Master's alone, and only when asked for: no other user downloads or runs its form.
const AddHodModal = whenOpened(
  lazy(() => import('../features/staff/components/add-hod-modal').then((m) => ({ default: m.AddHodModal }))),
  (props) => props.opened,
);

const DEV_TOOLS_WARNING = {
  title: 'Developer Tools Detected',
  text: 'Please close the browser developer tools. This logbook holds patient information.',
} as const;

/**
 * The frame around every signed-in page (spec 01 section 2.11): top bar with the notifications
 * and account menus, the role-based sidebar, the page, the footer and the floating add button.
 * It also ends an idle session (spec 01 section 4) and, when the settings ask for it, watches
 * for developer tools.
 */
export function Component() {
  // Not useSessionUser(): signing out empties the query cache while this frame may still be on
  // screen for a moment (the next route loads lazily), and that must not look like a crash.
  const { data: user } = useQuery(sessionUserQueryOptions());
  return user ? <SignedInFrame user={user} /> : null;
}

function SignedInFrame({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [addHodOpened, addHodModal] = useDisclosure(false);
  const { mutateAsync: endSession } = useLogout();
  const { data: settings } = usePublicSettings();
  const isNarrow = useMedia(NARROW_SCREEN);
  const install = useInstallPrompt();
  // The offline start and the update prompt (issue 29): from the first signed-in page on.
  useEffect(() => startServiceWorker(), []);
  // The sign-out screen's code, fetched now: a resident may sign out where there is no signal
  // (keeping entries for later), and a browser without the service worker yet could not fetch it
  // then. The router's lazy import of the same module finds it loaded.
  useEffect(() => {
    // When the phone is idle: it must not compete with what the page itself is waiting for.
    return whenIdle(() => void import('./routes/logout').catch(() => undefined), 5000);
  }, []);

  // The phone sidebar stays open only on the page where it was opened: following any link
  // (sidebar, notification, menu) closes it without an effect.
  const [navOpenedAt, setNavOpenedAt] = useState<string | null>(null);
  const isNavOpened = navOpenedAt === pathname;
  const closeNav = () => setNavOpenedAt(null);
  // On a phone the sidebar's 300 elements (links, icons) are drawn the first time it opens, not
  // with every page's first picture (issue 29); then kept, so it slides out whole.
  const drawsNav = useOpenedOnce(!isNarrow || isNavOpened);

  const departmentName = user.department?.name ?? null;
  // Awaiting confirmation (issue 27): its profile only; every other page says whom it waits for.
  const isAwaiting = accountRestrictionOf(user) === 'confirmation';
  const navigation = useMemo(
    () =>
      isAwaiting
        ? []
        : visibleNavigation({ role: user.role, departmentName }, { availablePaths: AVAILABLE_PATHS }),
    [user.role, departmentName, isAwaiting],
  );
  // A student's add button adds logbook entries, which wait for the account's approval (the
  // page says why instead).
  const showsAddButton =
    !isAwaiting &&
    showsFloatingAddButton(pathname, { role: user.role, departmentName }) &&
    (isStaff(user) ||
      canWriteLogbook({
        role: user.role,
        collegeId: user.college?.id ?? null,
        departmentId: user.department?.id ?? null,
        verifyByHod: user.verifyByHod,
        paid: user.paid,
      }));
  // The footer's Add HOD (spec 03 section 2): the department-level user, for their own department.
  const canAddHod =
    !isAwaiting &&
    canManageDepartmentStaff({
      role: user.role,
      collegeId: user.college?.id ?? null,
      departmentId: user.department?.id ?? null,
    });

  // Issue 29: a student's entries saved with no signal are sent on every start, when the signal
  // returns and on Background Sync; the header counts them; signing out asks about them.
  const outboxUser = canCreateRecord({
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  })
    ? user.id
    : null;
  useOutboxSync(outboxUser);
  const outbox = useOutboxItems(outboxUser);
  const flushOutbox = useFlushOutbox(outboxUser);

  const signOut = () => {
    const state: LogoutState = { next: loginPathFor(user) };
    navigate(paths.logout, { state });
  };

  const confirmLogout = async () => {
    const unsent = outbox.data?.length ?? 0;
    if (outboxUser && unsent > 0) {
      const choice = await askSignOutWithWaiting(unsent);
      if (choice === 'wait') return;
      // Sent or not, what remains stays for this user's next sign-in on this device.
      if (choice === 'send') await flushOutbox().catch(() => null);
      if (choice === 'discard') await clearOutbox(outboxUser).catch(() => undefined);
      signOut();
      return;
    }
    const confirmed = await showConfirm({
      title: LOGOUT_MESSAGES.confirmTitle,
      message: LOGOUT_MESSAGES.confirmText,
      confirmLabel: 'Logout',
      danger: true,
    });
    if (confirmed) signOut();
  };

  useInactivityTimeout(INACTIVITY_TIMEOUT_MS, () => {
    // Leave the frame before the session is cleared: useLogout empties the query cache, and this
    // frame cannot render without the user (the router would take it for a crash).
    void showMessage({ title: SESSION_MESSAGES.expiredTitle, message: SESSION_MESSAGES.expiredText });
    // useLogout clears the stored user whether or not the call succeeds; a failed call leaves the
    // server's own idle expiry to end the session.
    void Promise.resolve(navigate(paths.login, { replace: true }))
      .then(() => endSession())
      .catch(() => undefined);
  });

  useDevToolsDetector(settings?.devToolsDetector === true, () => {
    void showMessage({ title: DEV_TOOLS_WARNING.title, message: DEV_TOOLS_WARNING.text, tone: 'error' });
  });

  const collegeName = user.college?.name;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !isNavOpened } }}
      footer={{ height: FOOTER_HEIGHT }}
      padding={0}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <Burger
              opened={isNavOpened}
              onClick={() => setNavOpenedAt(isNavOpened ? null : pathname)}
              hiddenFrom="lg"
              size="sm"
              aria-label={isNavOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isNavOpened}
              aria-controls={NAVBAR_ID}
            />
            <UnstyledButton
              component={Link}
              to={paths.dashboard}
              aria-label={`${PRODUCT_NAME} dashboard`}
              style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0 }}
            >
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
                  <IconNotebook size={20} stroke={1.8} />
                </ThemeIcon>
                <Text
                  component="span"
                  fz="lg"
                  fw={700}
                  c="brand.8"
                  lh={1.1}
                  visibleFrom="xs"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {PRODUCT_NAME}
                </Text>
              </Group>
            </UnstyledButton>
            {collegeName ? (
              <Text
                hiddenFrom="lg"
                size="sm"
                fw={600}
                c="gray.8"
                truncate
                title={collegeName}
                pl={{ base: 4, xs: 'xs' }}
                style={{ minWidth: 0, borderLeft: '1px solid var(--mantine-color-gray-3)' }}
              >
                {collegeName}
              </Text>
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {outboxUser ? <OutboxBadge userId={outboxUser} /> : null}
            <NotificationsMenu />
            <ProfileMenu
              user={user}
              onUpdatePassword={passwordModal.open}
              onLogout={confirmLogout}
              onInstall={install ? () => void install() : null}
            />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={NAVBAR_ID}
        aria-label="Main navigation"
        // Off-screen on a phone: keep its links out of the tab order and the accessibility tree.
        inert={isNarrow && !isNavOpened}
      >
        {/* The browser's own scrolling: Mantine's ScrollArea measured itself on every render of
            the frame, laying the page out inside React's commit (issue 29). */}
        <AppShell.Section grow p="sm" mih={0} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {drawsNav ? <SidebarNav items={navigation} onNavigate={closeNav} /> : null}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Container
          size="lg"
          px={{ base: 'sm', sm: 'lg' }}
          pt={{ base: 'md', sm: 'xl' }}
          // Room for the floating button so it never covers the end of the page.
          pb={showsAddButton ? 96 : 'xl'}
        >
          {isAwaiting && pathname !== paths.profile ? <AwaitingConfirmationPanel user={user} /> : <Outlet />}
        </Container>
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" justify="center" gap="md" px="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" ta="center" truncate>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </Text>
          {canAddHod ? (
            <Anchor
              component="button"
              type="button"
              size="xs"
              fw={600}
              onClick={addHodModal.open}
              style={{ flexShrink: 0 }}
            >
              Add HOD
            </Anchor>
          ) : null}
        </Group>
      </AppShell.Footer>

      {showsAddButton ? <FloatingAddButton bottom={FOOTER_HEIGHT + 16} /> : null}
      <UpdatePrompt top={HEADER_HEIGHT + 8} />
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
      {canAddHod ? <AddHodModal opened={addHodOpened} onClose={addHodModal.close} /> : null}
    </AppShell>
  );
}
