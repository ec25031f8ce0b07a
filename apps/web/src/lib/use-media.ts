import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a media query matches, read when the component first renders (Mantine's default
 * reads it in an effect: a phone drew the desktop layout first, then drew the whole page again,
 * a long task at every start; issue 29).
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, false, { getInitialValueInEffect: false }) ?? false;
}
