import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { LoginKind } from '@pgel/shared/auth/policies';
import { holdsSignedInMarker, SIGNED_IN_MARKER_COOKIE } from '@pgel/shared/auth/signed-in-marker';
import { IconExternalLink, IconLock, IconMail, IconSchool, IconStethoscope } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PRODUCT_NAME } from '../../../components/brand';
import { paths } from '../../../lib/paths';
import { isLogoutPending } from '../../../lib/pending-logout';
import type { LoginValues } from './submit-login';

// The page draws without the shared schemas and the API client (see submit-login.ts): they load
// when the visitor first touches the form, and at the latest when Login is pressed.
const loadSubmitLogin = () => import('./submit-login');
const loadForgotPasswordPrompt = () => import('./forgot-password-prompt');

/** Shown only when the code behind a button cannot be downloaded (the connection dropped). */
const OFFLINE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

const TAB_PATHS: Record<LoginKind, string> = { student: paths.login, staff: paths.staffLogin };

function isLoginKind(value: string | null): value is LoginKind {
  return value === 'student' || value === 'staff';
}

/**
 * A visitor who is signed in already (in this tab, another one, or a remembered session) goes
 * to the dashboard instead of signing in twice. The session cookie is HttpOnly, so only the
 * server can say: one plain `GET /auth/me`, without the API client (see loadSubmitLogin), asked
 * only when the readable marker cookie the server sets beside the session says there may be one
 * (a signed-out visitor's browser would log the 401 as an error; issue 29). The form stays usable
 * while it answers; a 401 (the session ended on the server) drops the stale marker, and a 401 or
 * no connection leaves the visitor here.
 */
function useSignedInRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    // A sign-out not yet finished with the server (no signal then) is not a session to resume.
    if (!holdsSignedInMarker(document.cookie) || isLogoutPending()) return;
    const controller = new AbortController();
    fetch('/api/v1/auth/me', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    }).then(
      (response) => {
        if (response.ok) navigate(paths.dashboard, { replace: true });
        else if (response.status === 401)
          // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on older phones
          document.cookie = `${SIGNED_IN_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [navigate]);
}

/**
 * An institution-branded sign-in screen (/snmc, /ncmch, /fhmc, /gims): the same page as /login
 * with the institution's name and logo, a 'Powered by' link, and possibly another sign-up route.
 */
export type LoginVariant = {
  /** The institution's name, the page's heading. */
  name: string;
  /** Address of the institution's logo (a file under public/). */
  logoSrc: string;
  /**
   * Where the student tab's "Sign up" link goes when not /signup: an outside chat link for
   * institutions whose students do not register themselves.
   */
  signupLink?: { href: string; external: boolean };
};

type LoginPageProps = {
  kind: LoginKind;
  /** Branding of an institution's own sign-in screen; absent on /login and /staffLogin. */
  variant?: LoginVariant;
};

/**
 * /login and /staffLogin: one page, two tabs; each tab has its own URL and login call. On an
 * institution's screen the tabs switch in place, so the visitor stays on the branded page.
 *
 * Both tabs share one form that stays mounted when the tab changes (one panel whose value
 * follows the tab, and one route for both URLs in app/router.tsx): what was typed before the
 * switch, or while it happens, is still there after it.
 */
export function LoginPage({ kind, variant }: LoginPageProps) {
  const navigate = useNavigate();
  useSignedInRedirect();
  const [variantKind, setVariantKind] = useState<LoginKind>(kind);
  const activeKind = variant ? variantKind : kind;

  const tabs = (
    <Tabs
      value={activeKind}
      onChange={(value) => {
        if (!isLoginKind(value) || value === activeKind) return;
        if (variant) setVariantKind(value);
        else navigate(TAB_PATHS[value], { replace: true });
      }}
      variant="pills"
      radius="md"
    >
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="student" leftSection={<IconSchool size={18} aria-hidden />}>
          Student Login
        </Tabs.Tab>
        <Tabs.Tab value="staff" leftSection={<IconStethoscope size={18} aria-hidden />}>
          Faculty Login
        </Tabs.Tab>
      </Tabs.List>
      {/* One panel, not one per tab: a panel per tab would unmount the form on every switch. */}
      <Tabs.Panel value={activeKind}>
        <LoginForm kind={activeKind} signupLink={variant?.signupLink} />
      </Tabs.Panel>
    </Tabs>
  );

  return variant ? (
    <InstitutionShell variant={variant}>{tabs}</InstitutionShell>
  ) : (
    <AuthShell>{tabs}</AuthShell>
  );
}

/** The frame of an institution's sign-in screen: its logo and name, the card, 'Powered by'. */
function InstitutionShell({ variant, children }: { variant: LoginVariant; children: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'radial-gradient(circle at 0% 0%, var(--mantine-color-brand-1) 0, transparent 45%), radial-gradient(circle at 100% 100%, var(--mantine-color-blue-1) 0, transparent 40%), var(--mantine-color-gray-0)',
      }}
    >
      <Container size={440} px={{ base: 12, xs: 'md' }} py={{ base: 'lg', sm: 48 }}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" component="header">
            <Image src={variant.logoSrc} alt={`${variant.name} logo`} w={88} h={88} fit="contain" />
            <Title order={1} fz={{ base: 20, xs: 22 }} fw={700} c="brand.9" ta="center" lh={1.25}>
              {variant.name}
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Postgraduate electronic logbook
            </Text>
          </Stack>
          <Paper component="main" withBorder shadow="md" radius="lg" p={{ base: 'md', xs: 'xl' }}>
            {children}
          </Paper>
          <Stack gap={2} align="center" component="footer">
            <Anchor component={Link} to={paths.home} size="sm" fw={600}>
              Powered by {PRODUCT_NAME}
            </Anchor>
            <Text size="xs" c="dimmed" ta="center">
              Not affiliated with the National Medical Commission.
            </Text>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

type LoginFormProps = {
  kind: LoginKind;
  /** The student tab's sign-up link when it is not /signup (see LoginVariant). */
  signupLink?: LoginVariant['signupLink'];
};

function LoginForm({ kind, signupLink }: LoginFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [isPending, setPending] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const change = (patch: Partial<LoginValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    setPending(true);
    setLoadError(null);
    try {
      const { submitLogin } = await loadSubmitLogin();
      const landing = await submitLogin(queryClient, kind, values);
      if (landing) {
        navigate(landing.to, { replace: true, state: landing.state });
        return;
      }
    } catch {
      setLoadError(OFFLINE_MESSAGE);
    }
    setPending(false);
  };

  // Downloads what Login needs while the visitor types, so pressing it does not wait for it.
  const prefetchSubmitLogin = () => {
    loadSubmitLogin().catch(() => undefined);
  };

  const openForgotPassword = () => {
    setLoadError(null);
    loadForgotPasswordPrompt().then(
      ({ openForgotPasswordPrompt }) => openForgotPasswordPrompt(values.email),
      () => setLoadError(OFFLINE_MESSAGE),
    );
  };

  return (
    <form onSubmit={handleSubmit} onFocus={prefetchSubmitLogin} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {kind === 'student'
            ? 'Sign in to record and track your postgraduate training.'
            : 'Sign in to verify, score and manage your department’s logbooks.'}
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={18} aria-hidden />}
          value={values.email}
          onChange={(event) => change({ email: event.currentTarget.value })}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          leftSection={<IconLock size={18} aria-hidden />}
          value={values.password}
          onChange={(event) => change({ password: event.currentTarget.value })}
        />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Switch
            label="Remember Me"
            checked={values.remember}
            onChange={(event) => change({ remember: event.currentTarget.checked })}
          />
          <Anchor component="button" type="button" size="sm" onClick={openForgotPassword}>
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={isPending} mt="xs">
          Login
        </Button>
        {loadError ? (
          <Text size="sm" c="red.8" role="alert" ta="center">
            {loadError}
          </Text>
        ) : null}
        {kind === 'student' ? (
          <Text size="sm" ta="center">
            Don’t have an account?{' '}
            {signupLink?.external ? (
              <Anchor href={signupLink.href} target="_blank" rel="noopener noreferrer" fw={600}>
                Sign up
                <IconExternalLink size={15} aria-hidden style={{ verticalAlign: '-3px', marginLeft: 4 }} />
              </Anchor>
            ) : (
              <Anchor component={Link} to={signupLink?.href ?? paths.signup} fw={600}>
                Sign up
              </Anchor>
            )}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
