import { Text } from '@mantine/core';
import { LOGOUT_MESSAGES } from '@pgel/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { StatusPanel } from '../../../components/status-panel';
import { isLoginPath, type LoginPath, paths } from '../../../lib/paths';
import { useLogout } from '../api/logout';

/** How long the "Logged Out" screen stays before the login page (spec 01 section 9). */
const LOGOUT_SCREEN_MS = 2000;

/** Navigation state a page may pass to /logout: where to sign in again. */
export type LogoutState = { next: LoginPath };

function nextPath(state: unknown): LoginPath {
  if (state && typeof state === 'object' && 'next' in state && isLoginPath(state.next)) return state.next;
  return paths.login;
}

/**
 * /logout, and the router's error fallback: ends the session, clears the stored user and the
 * query cache, says so, then opens the login page (staff return to /staffLogin).
 */
export function LogoutScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useLogout();
  const [isSettled, setSettled] = useState(false);
  const [isShown, setShown] = useState(false);
  const started = useRef(false);
  const next = nextPath(location.state);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSettled: () => setSettled(true) });
  }, [mutate]);

  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), LOGOUT_SCREEN_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Leave only once the server has dropped the session, so the login page starts clean.
  useEffect(() => {
    if (isSettled && isShown) navigate(next, { replace: true });
  }, [isSettled, isShown, navigate, next]);

  return (
    <AuthShell>
      <StatusPanel
        status="success"
        title={LOGOUT_MESSAGES.title}
        message={LOGOUT_MESSAGES.text}
        actions={
          <Text size="sm" c="dimmed" role="status">
            Taking you to the login page…
          </Text>
        }
      />
    </AuthShell>
  );
}
