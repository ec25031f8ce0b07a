import { useMantineTheme } from '@mantine/core';
import { useMedia } from '../lib/use-media';

/**
 * True below Mantine's `sm` breakpoint (48em, phones): lists show each row as a card there (a
 * table is several screens wide) and pages put the user's work first. Read before the first
 * paint, so a phone never draws the desktop layout first.
 */
export function useCardLayout(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${Number.parseFloat(theme.breakpoints.sm) - 0.01}em)`;
  return useMedia(query);
}
