import { Badge, Group } from '@mantine/core';
import {
  type LogbookMonth,
  MONTH_AUTHENTICATION_MESSAGES as M,
  MONTH_STATE_LABELS,
} from '@pgel/shared/supervision/month-authentication';
import type { MonthState } from '@pgel/shared/supervision/months';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconPencilExclamation } from '@tabler/icons-react';

/** Each state's colour; the words (MONTH_STATE_LABELS) always go with it. */
export const MONTH_STATE_COLORS: Record<MonthState, string> = {
  authenticated: 'teal',
  due: 'orange',
  overdue: 'red',
  upcoming: 'gray',
};

const ICONS = {
  authenticated: IconCircleCheck,
  due: IconClock,
  overdue: IconAlertTriangle,
  upcoming: IconClock,
} as const;

// Never cut to 'AUTHENTI…' when a narrow column squeezes it (as the record StatusBadge).
const UNCUT = { root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } } as const;
// The long mark wraps onto a second line in a narrow column rather than being cut.
const WRAPS = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2, maxWidth: '100%' },
  label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.3 },
} as const;

/**
 * A month's state as a badge: its colour, an icon and its word, and beside it "Changed after
 * authentication" when an entry changed since the signature. Text is near-black on the light
 * tint (contrast at 11 px, as the other status badges).
 */
export function MonthStateBadge({
  month,
}: {
  month: Pick<LogbookMonth, 'state' | 'changedAfterAuthentication'>;
}) {
  const Icon = ICONS[month.state];
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        color={MONTH_STATE_COLORS[month.state]}
        variant="light"
        c="gray.9"
        leftSection={<Icon size={12} aria-hidden />}
        styles={UNCUT}
      >
        {MONTH_STATE_LABELS[month.state]}
      </Badge>
      {month.changedAfterAuthentication ? (
        <Badge
          color="red"
          variant="outline"
          c="red.9"
          leftSection={<IconPencilExclamation size={12} aria-hidden />}
          styles={WRAPS}
        >
          {M.changedLabel}
        </Badge>
      ) : null}
    </Group>
  );
}
