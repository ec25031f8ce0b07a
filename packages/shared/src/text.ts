/**
 * The first `max` UTF-16 units of a text, never ending on half of a surrogate pair (a cut emoji):
 * PostgreSQL refuses a lone surrogate in jsonb, and text columns would store U+FFFD.
 */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A title before a name ('Dr. Asha Rao'), left out of its initials. */
const NAME_TITLE = /^(dr|prof|mr|mrs|ms)\.?\s+/i;

/** Up to two initials of a name for an avatar ('Dr. Asha Rao' -> 'AR'); '?' when there are none. */
export function initialsOf(name: string): string {
  const parts = name.trim().replace(NAME_TITLE, '').split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
