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
import { useForm } from '@mantine/form';
import type { LoginKind } from '@pgel/shared/auth/policies';
import { LOGIN_MESSAGES, LoginSchema } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { needsProfileAttention } from '@pgel/shared/schemas/profile';
import { IconExternalLink, IconLock, IconMail, IconSchool, IconStethoscope } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PRODUCT_NAME } from '../../../components/brand';
import { showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/login';
import { openForgotPasswordPrompt } from './forgot-password-prompt';

const TAB_PATHS: Record<LoginKind, string> = { student: paths.login, staff: paths.staffLogin };

function isLoginKind(value: string | null): value is LoginKind {
  return value === 'student' || value === 'staff';
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
 */
export function LoginPage({ kind, variant }: LoginPageProps) {
  const navigate = useNavigate();
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
      <Tabs.Panel value="student">
        {activeKind === 'student' ? <LoginForm kind="student" signupLink={variant?.signupLink} /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="staff">{activeKind === 'staff' ? <LoginForm kind="staff" /> : null}</Tabs.Panel>
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
  const loginMutation = useLogin();
  const form = useForm({ initialValues: { email: '', password: '', remember: false } });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) {
      void showMessage({
        title: VALIDATION_TITLE,
        message: parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.allDetails,
        tone: 'error',
      });
      return;
    }
    loginMutation.mutate(
      { kind, input: parsed.data },
      {
        // A student not yet verified by the HOD, or without a joining date, completes the profile first.
        onSuccess: ({ user }) =>
          navigate(needsProfileAttention(user) ? paths.profile : paths.dashboard, { replace: true }),
        onError: (error) => {
          void showMessage({
            title: LOGIN_MESSAGES.failedTitle,
            message: errorMessage(error),
            tone: 'error',
          });
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
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
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          leftSection={<IconLock size={18} aria-hidden />}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Switch label="Remember Me" {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => openForgotPasswordPrompt(form.getValues().email)}
          >
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={loginMutation.isPending} mt="xs">
          Login
        </Button>
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
