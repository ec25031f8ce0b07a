import { Alert, Badge, Group, List, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { RECORD_FLAG_LABELS, type RecordFlag } from '@pgel/shared/records/flags';
import { IconFlag } from '@tabler/icons-react';

/**
 * A doubtful entry's flags as small badges (issue 27): the short name shown, the reason on hover,
 * focus or touch, and read out after the name. A flag never blocks anything; it asks the verifier
 * to look twice. Nothing is drawn for an entry without flags.
 */
export function FlagBadges({
  flags,
  justify = 'flex-start',
}: {
  flags: readonly RecordFlag[];
  /** Where the badges sit when they wrap (a card's heading keeps them at its right edge). */
  justify?: 'flex-start' | 'flex-end';
}) {
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" justify={justify}>
      {flags.map((flag) => (
        <Tooltip
          key={flag.code}
          label={flag.reason}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge
            size="sm"
            variant="light"
            color="orange"
            // Dark text on the light badge keeps a 4.5:1 contrast.
            c="orange.9"
            leftSection={<IconFlag size={11} aria-hidden />}
            tabIndex={0}
            data-flag={flag.code}
            // Never cut to 'Backd…' when a table's narrow Status column holds it (issue 28).
            styles={{
              root: { flex: 'none', cursor: 'help', textTransform: 'none', overflow: 'visible' },
              label: { overflow: 'visible' },
            }}
          >
            {RECORD_FLAG_LABELS[flag.code]}
            <VisuallyHidden>: {flag.reason}</VisuallyHidden>
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The flags of one entry written out with their reasons (its detail). */
export function FlagNotice({ flags }: { flags: readonly RecordFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconFlag size={18} aria-hidden />}
      title={flags.length === 1 ? 'Flagged for a second look' : `${flags.length} flags for a second look`}
      styles={{ title: { color: 'var(--mantine-color-orange-9)' } }}
    >
      <List size="sm" spacing={4}>
        {flags.map((flag) => (
          <List.Item key={flag.code}>
            <Text span fw={600} size="sm">
              {RECORD_FLAG_LABELS[flag.code]}:
            </Text>{' '}
            {flag.reason}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
