import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { SetVideoSchema, VIDEO_MESSAGES } from '@pgel/shared/schemas/settings';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { showMessage } from '../../../components/dialogs';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { usePublicSettings } from '../api/get-public-settings';
import { useSetVideoUrl } from '../api/set-video-url';

/**
 * Master's setting for the landing page's Watch Video (issue 10): a YouTube, Vimeo or https
 * address, stored as its embed address; empty hides the button.
 */
export function LandingVideoCard() {
  const { data: settings } = usePublicSettings();
  const current = settings?.videoUrl ?? null;
  // Until the user types, the field shows the stored address.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, isPending } = useSetVideoUrl();
  const value = draft ?? current ?? '';

  const save = async (url: string) => {
    if (!SetVideoSchema.safeParse({ url }).success) {
      setError(VIDEO_MESSAGES.invalid);
      return;
    }
    setError(null);
    try {
      const { message } = await mutateAsync({ url });
      setDraft(null);
      void showMessage({ title: 'Saved', message, tone: 'success', autoCloseMs: 2000 });
    } catch (err) {
      setError(failureMessage(err));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(value);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="landing-video-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconPlayerPlay size={20} aria-hidden />
            <Title order={2} size="h4" id="landing-video-title">
              Landing page video
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            The Watch Video button on the home page plays this video; without one the button is hidden. Paste
            a YouTube or Vimeo link, or any https:// address.
          </Text>
          <TextInput
            label="Video address"
            placeholder="https://www.youtube.com/watch?v=…"
            value={value}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            inputMode="url"
            autoComplete="off"
            maxLength={500}
          />
          <Group gap="sm">
            <Button type="submit" loading={isPending}>
              Save video
            </Button>
            {current ? (
              <Button variant="default" color="red" disabled={isPending} onClick={() => void save('')}>
                Remove video
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
