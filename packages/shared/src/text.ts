/**
 * The first `max` UTF-16 units of a text, never ending on half of a surrogate pair (a cut emoji):
 * PostgreSQL refuses a lone surrogate in jsonb, and text columns would store U+FFFD.
 */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
