import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { isOverdue, OVERDUE_LABEL, overdueReason } from '@pgel/shared/records/overdue';
import { IconClockExclamation } from '@tabler/icons-react';

/**
 * "Overdue" on a pending entry that has waited for verification more than 7 days (issue 30): the
 * word itself, not only a colour, with how long on hover, focus or touch and read out after it.
 * Nothing is drawn for an entry that is not overdue (or not pending: `since` null).
 */
export function OverdueBadge({
  since,
  now = new Date(),
  inButton = false,
}: {
  since: string | null | undefined;
  now?: Date;
  /** Inside a button (a phone's card): no focus stop or tooltip of its own, the reason still read. */
  inButton?: boolean;
}) {
  if (!since || !isOverdue(since, now)) return null;
  const reason = overdueReason(since, now);
  const badge = (
    <Badge
      size="sm"
      variant="light"
      color="red"
      // Dark text on the light badge keeps a 4.5:1 contrast.
      c="red.9"
      leftSection={<IconClockExclamation size={12} aria-hidden />}
      tabIndex={inButton ? undefined : 0}
      data-overdue
      styles={{
        root: {
          flex: 'none',
          cursor: inButton ? undefined : 'help',
          textTransform: 'none',
          overflow: 'visible',
        },
        label: { overflow: 'visible' },
      }}
    >
      {OVERDUE_LABEL}
      <VisuallyHidden component="span">: {reason}</VisuallyHidden>
    </Badge>
  );
  if (inButton) return badge;
  return (
    <Tooltip label={reason} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </Tooltip>
  );
}
