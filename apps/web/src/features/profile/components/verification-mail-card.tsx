import { Card, Group, Loader, Radio, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  PROFILE_MESSAGES,
  VERIFICATION_MAIL_LABELS,
  VERIFICATION_MAIL_MODES,
  type VerificationMailMode,
} from '@pgel/shared/schemas/profile';
import { IconCircleCheck } from '@tabler/icons-react';
import { showError } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePreferences } from '../api/update-preferences';

const DESCRIPTIONS: Record<VerificationMailMode, string> = {
  digest: 'One e-mail a day listing the entries waiting for you, by student, each with a link.',
  each: 'An e-mail as soon as a student submits an entry for you or your department.',
};

/**
 * Faculty's choice of how entries waiting for them arrive by e-mail (issue 10). Saved as soon as
 * it is chosen; notifications in the app come for every entry either way.
 */
export function VerificationMailCard({ mode }: { mode: VerificationMailMode }) {
  const save = useUpdatePreferences();
  const shown = save.isPending ? (save.variables?.verificationMail ?? mode) : mode;

  const choose = (value: string) => {
    const next = VERIFICATION_MAIL_MODES.find((m) => m === value);
    if (!next || next === mode) return;
    save.mutate({ verificationMail: next }, { onError: (error) => void showError(errorMessage(error)) });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            Verification e-mails
          </Title>
          <Group gap={6} role="status" aria-live="polite" mih={22}>
            {save.isPending ? <Loader size="xs" aria-label="Saving" /> : null}
            {save.isSuccess && !save.isPending ? (
              <>
                <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
                <Text size="sm" c="teal.9">
                  {PROFILE_MESSAGES.verificationMailSaved}
                </Text>
              </>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          How you hear by e-mail of entries waiting for your verification. In the app you are told of every
          entry either way.
        </Text>
        {/* Mantine puts aria-labelledby on the wrapper, not the radiogroup: name it by its label. */}
        <Radio.Group
          value={shown}
          onChange={choose}
          label={<VisuallyHidden>Verification e-mails</VisuallyHidden>}
        >
          <Stack gap="sm" mt={4}>
            {VERIFICATION_MAIL_MODES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={VERIFICATION_MAIL_LABELS[value]}
                description={DESCRIPTIONS[value]}
                disabled={save.isPending}
                size="md"
              />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Card>
  );
}
