import dayjs from 'dayjs';

/** DD-MM-YYYY (the spec's date format), or '-' for a missing or unreadable date. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD-MM-YYYY') : '-';
}
