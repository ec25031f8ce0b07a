import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { isCalendarDate, todayIso } from '@pgel/shared/schemas/dates';
import { IconCalendar } from '@tabler/icons-react';

/** Dates show as DD-MM-YYYY (spec 01 section 9); the API takes and gives YYYY-MM-DD. */
export const DISPLAY_DATE_FORMAT = 'DD-MM-YYYY';

const DISPLAY_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD in the browser's time zone (the latest date a past-date field allows). */
export { todayIso };

/**
 * Reads a typed date: DD-MM-YYYY (also with / or .) or YYYY-MM-DD. Returns YYYY-MM-DD, or null
 * for anything incomplete or impossible (31-02-2024), so half-typed text never becomes a value.
 */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  const display = DISPLAY_DATE.exec(trimmed);
  const iso = display ? null : ISO_DATE.exec(trimmed);
  const parts = display ? [display[3], display[2], display[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts as [string, string, string];
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  // The same calendar check as the server's, so the form never sends a date the API refuses.
  return isCalendarDate(value) ? value : null;
}

type DateFieldProps = Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'value' | 'onChange'> & {
  /** YYYY-MM-DD or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A date input that shows and accepts DD-MM-YYYY, with a calendar, and keeps ISO values. */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      valueFormat={DISPLAY_DATE_FORMAT}
      dateParser={parseDisplayDate}
      placeholder={DISPLAY_DATE_FORMAT}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${props.label}` }}
      size="md"
      leftSection={<IconCalendar size={18} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      value={value}
      onChange={onChange}
      {...props}
    />
  );
}
