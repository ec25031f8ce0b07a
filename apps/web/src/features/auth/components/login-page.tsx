import { Anchor, Button, Group, PasswordInput, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginKind } from '@pgel/shared/auth/policies';
import { LOGIN_MESSAGES, LoginSchema } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { IconLock, IconMail, IconSchool, IconStethoscope } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/login';
import { openForgotPasswordPrompt } from './forgot-password-prompt';

const TAB_PATHS: Record<LoginKind, string> = { student: paths.login, staff: paths.staffLogin };

function isLoginKind(value: string | null): value is LoginKind {
  return value === 'student' || value === 'staff';
}

/** /login and /staffLogin: one page, two tabs; each tab has its own URL and login call. */
export function LoginPage({ kind }: { kind: LoginKind }) {
  const navigate = useNavigate();
  return (
    <AuthShell>
      <Tabs
        value={kind}
        onChange={(value) => {
          if (isLoginKind(value) && value !== kind) navigate(TAB_PATHS[value], { replace: true });
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
        <Tabs.Panel value="student">{kind === 'student' ? <LoginForm kind="student" /> : null}</Tabs.Panel>
        <Tabs.Panel value="staff">{kind === 'staff' ? <LoginForm kind="staff" /> : null}</Tabs.Panel>
      </Tabs>
    </AuthShell>
  );
}

function LoginForm({ kind }: { kind: LoginKind }) {
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
        onSuccess: () => navigate(paths.dashboard, { replace: true }),
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
            <Anchor component={Link} to={paths.signup} fw={600}>
              Sign up
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
