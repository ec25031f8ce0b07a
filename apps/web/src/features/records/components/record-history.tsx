import { SimpleGrid, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { RECORD_MESSAGES, type ScoreHistoryItem } from '@pgel/shared/records/api';
import { IconArrowBackUp, IconCheck, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { StatusBadge } from './record-format';

/** 'DD-MM-YYYY HH:mm': two verifications of one day are told apart by the time. */
const at = (iso: string) => dayjs(iso).format('DD-MM-YYYY HH:mm');

const BULLETS = {
  approved: { color: 'green.8', icon: IconCheck },
  rejected: { color: 'red.8', icon: IconX },
  reset: { color: 'orange.8', icon: IconArrowBackUp },
} as const;

function bulletOf(item: ScoreHistoryItem) {
  const { color, icon: Icon } =
    item.event === 'reset' ? BULLETS.reset : BULLETS[item.status === 'rejected' ? 'rejected' : 'approved'];
  return (
    <ThemeIcon color={color} radius="xl" size={22} aria-hidden>
      <Icon size={14} />
    </ThemeIcon>
  );
}

/**
 * The entry's history, newest first (issue 27): every verification (who, when, verdict, score,
 * confirmed role, feedback) and every reset with its reason. A reset never hides the verification
 * it undid: the evidence that an entry was once verified, and why it is under review again.
 */
export function RecordHistory({
  items,
  scored,
  feedbackLabel = 'Feedback',
}: {
  items: readonly ScoreHistoryItem[];
  scored: boolean;
  /** What the verifier's remark is called: a DRP coordinator's is their DRPC Remark (issue 28). */
  feedbackLabel?: string;
}) {
  if (items.length === 0) return <Text c="dimmed">{RECORD_MESSAGES.notAvailable}</Text>;
  return (
    // A list to assistive technology: how many entries, and each one in turn.
    <Timeline bulletSize={22} lineWidth={2} role="list" aria-label="Score history">
      {items.map((item) => (
        <Timeline.Item
          role="listitem"
          key={`${item.at}:${item.event}:${item.byName}`}
          bullet={bulletOf(item)}
          title={
            <Text size="sm" fw={600} component="span">
              {item.event === 'reset' ? 'Reset to Pending' : <StatusBadge status={item.status} />}
              {item.event === 'verification' && scored && item.score
                ? ` ${item.score.label}: ${item.score.value}`
                : ''}
            </Text>
          }
        >
          <Stack gap={4}>
            <Text size="xs" c="dark.4">
              {item.byName} · {at(item.at)}
              {/* A sign-off on the resident's phone says so (issue 30). */}
              {item.note ? ` · ${item.note}` : ''}
            </Text>
            {item.confirmedRole ? <Text size="sm">Role confirmed: {item.confirmedRole}</Text> : null}
            {item.score?.rows ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={2}>
                {item.score.rows.map((row) => (
                  <Text key={row.title} size="xs">
                    {row.title}: <b>{row.value}</b>
                  </Text>
                ))}
              </SimpleGrid>
            ) : null}
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {item.event === 'reset' ? 'Reason: ' : `${feedbackLabel}: `}
              {item.remark ?? (item.event === 'reset' ? 'not recorded' : RECORD_MESSAGES.notAvailable)}
            </Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
