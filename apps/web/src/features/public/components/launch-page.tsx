import {
  Avatar,
  Box,
  Button,
  Container,
  Loader,
  Paper,
  PasswordInput,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { LAUNCH, LaunchSchema, type PublicSettings } from '@pgel/shared/schemas/settings';
import { IconLock, IconRocket } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { showError, showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMedia } from '../../../lib/use-media';
import { useCheckLaunchPassword } from '../api/check-launch-password';
import { usePublicSettings } from '../api/get-public-settings';
import { useLaunchProduct } from '../api/launch-product';
import classes from './launch-page.module.css';

/** How long the welcome with the guests stays before the home page. */
const WELCOME_MS = 4000;

type Stage = 'password' | 'countdown' | 'welcome';

/**
 * `/launching` (spec 01 sections 2.3 and 4): the server checks the password, a 9-second countdown
 * runs, the product is marked launched at second 5, then the guests are welcomed and the home page
 * opens. The password lives only in this component's state, for the second call.
 */
export function LaunchPage() {
  const navigate = useNavigate();
  const { data: settings } = usePublicSettings();
  const checkMutation = useCheckLaunchPassword();
  const launchMutation = useLaunchProduct();
  const [stage, setStage] = useState<Stage>('password');
  const [password, setPassword] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const launchRequested = useRef(false);
  useDocumentTitle(`Launch | ${PRODUCT_NAME}`);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LaunchSchema.safeParse({ password });
    if (!parsed.success) {
      void showMessage({
        title: VALIDATION_TITLE,
        message: parsed.error.issues[0]?.message ?? LAUNCH.passwordRequired,
        tone: 'error',
      });
      return;
    }
    checkMutation.mutate(parsed.data, {
      onSuccess: () => {
        launchRequested.current = false;
        setElapsed(0);
        setStage('countdown');
      },
      onError: (error) => void showError(errorMessage(error)),
    });
  };

  // One tick a second while the countdown runs.
  useEffect(() => {
    if (stage !== 'countdown') return;
    const timer = window.setInterval(
      () => setElapsed((seconds) => Math.min(seconds + 1, LAUNCH.countdownSeconds)),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [stage]);

  // Second 5: the server marks the product launched (once, even if effects run twice).
  const { mutate: markLaunched, isSuccess: isLaunched } = launchMutation;
  useEffect(() => {
    if (stage !== 'countdown' || elapsed < LAUNCH.markLaunchedAtSecond || launchRequested.current) return;
    launchRequested.current = true;
    markLaunched(
      { password },
      {
        onError: (error) => {
          setStage('password');
          void showError(errorMessage(error));
        },
      },
    );
  }, [stage, elapsed, password, markLaunched]);

  // End of the countdown: the welcome, as soon as the launch call has succeeded.
  useEffect(() => {
    if (stage === 'countdown' && elapsed >= LAUNCH.countdownSeconds && isLaunched) {
      setPassword('');
      setStage('welcome');
    }
  }, [stage, elapsed, isLaunched]);

  useEffect(() => {
    if (stage !== 'welcome') return;
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), WELCOME_MS);
    return () => window.clearTimeout(timer);
  }, [stage, navigate]);

  return (
    <Box component="main" className={classes.root}>
      {stage === 'password' ? (
        <PasswordStage
          password={password}
          onPasswordChange={setPassword}
          onSubmit={submit}
          isChecking={checkMutation.isPending}
        />
      ) : null}
      {stage === 'countdown' ? <CountdownStage remaining={LAUNCH.countdownSeconds - elapsed} /> : null}
      {stage === 'welcome' ? (
        <WelcomeStage
          guests={settings?.launchGuests ?? []}
          onContinue={() => navigate(paths.home, { replace: true })}
        />
      ) : null}
    </Box>
  );
}

type PasswordStageProps = {
  password: string;
  onPasswordChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isChecking: boolean;
};

function PasswordStage({ password, onPasswordChange, onSubmit, isChecking }: PasswordStageProps) {
  return (
    <Container size={440} w="100%" px={0}>
      <Paper radius="lg" shadow="xl" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" aria-hidden>
              <IconRocket size={34} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              Launch {PRODUCT_NAME}
            </Title>
            <Text c="dimmed">Enter the launch password to open the site to everyone.</Text>
          </Stack>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <PasswordInput
                label="Launch Password"
                autoComplete="off"
                placeholder="Launch password"
                leftSection={<IconLock size={18} aria-hidden />}
                value={password}
                onChange={(event) => onPasswordChange(event.currentTarget.value)}
                data-autofocus
              />
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={isChecking}
                leftSection={<IconRocket size={20} aria-hidden />}
              >
                Launch
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}

function CountdownStage({ remaining }: { remaining: number }) {
  const progress = ((LAUNCH.countdownSeconds - remaining) / LAUNCH.countdownSeconds) * 100;
  return (
    <Stack align="center" gap="lg" ta="center">
      <Title order={1} fz={{ base: 22, sm: 32 }} c="white">
        {PRODUCT_NAME} launches in
      </Title>
      <RingProgress
        size={260}
        thickness={10}
        roundCaps
        rootColor="rgba(255, 255, 255, 0.15)"
        transitionDuration={900}
        sections={[{ value: progress, color: 'brand.3' }]}
        label={
          remaining > 0 ? (
            <Text
              key={remaining}
              className={classes.number}
              ta="center"
              role="timer"
              aria-label={`${remaining} seconds`}
            >
              {remaining}
            </Text>
          ) : (
            <Stack align="center" gap="xs" role="status">
              <Loader color="white" aria-hidden />
              <Text c="white" fw={600}>
                Launching…
              </Text>
            </Stack>
          )
        }
      />
      <Text c="brand.1" fz="lg">
        Get ready!
      </Text>
    </Stack>
  );
}

type WelcomeStageProps = {
  guests: PublicSettings['launchGuests'];
  onContinue: () => void;
};

function WelcomeStage({ guests, onContinue }: WelcomeStageProps) {
  const isWide = useMedia('(min-width: 48em)');
  return (
    <Container size="md" w="100%" px={0}>
      <Stack align="center" gap="xl" ta="center">
        <Stack gap="xs" align="center">
          <Text c="brand.1" fw={700} tt="uppercase" style={{ letterSpacing: '0.1em' }}>
            Welcome
          </Text>
          <Title order={1} fz={{ base: 30, sm: 44 }} c="white">
            {LAUNCH.launched}
          </Title>
          {guests.length > 0 ? (
            <Text c="brand.0" fz="lg">
              Launched in the presence of our guests of honour
            </Text>
          ) : null}
        </Stack>
        {guests.length > 0 ? (
          <SimpleGrid cols={Math.min(guests.length, 2)} spacing={{ base: 'md', sm: 56 }}>
            {guests.map((guest) => (
              <Stack key={guest.name} align="center" gap="sm">
                <Avatar
                  src={guest.photoUrl || null}
                  alt={guest.name}
                  name={guest.name}
                  size={isWide ? 160 : 112}
                  radius={999}
                  color="brand"
                  variant="filled"
                  className={classes.guestPhoto}
                />
                <div>
                  <Text fz={{ base: 'md', sm: 'xl' }} fw={700} c="white">
                    {guest.name}
                  </Text>
                  <Text c="brand.0" fz={{ base: 'sm', sm: 'md' }}>
                    {guest.title}
                  </Text>
                </div>
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
        <Stack gap="xs" align="center">
          <Button size="lg" variant="white" color="brand.8" onClick={onContinue}>
            Continue
          </Button>
          <Text c="brand.1" fz="sm" role="status">
            Taking you to the home page…
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
