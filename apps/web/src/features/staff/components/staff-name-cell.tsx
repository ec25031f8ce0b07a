import { Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** An address that may wrap after its '@' and dots (never in the middle of a word unless it must). */
export function breakableEmail(email: string): ReactNode {
  const parts = email.split(/(?<=[@.])/);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never reorder
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? <wbr /> : null}
    </Fragment>
  ));
}

/** Name in bold with the e-mail under it (and anything a page adds below). */
export function StaffNameCell({ name, email, extra }: { name: string; email: string; extra?: ReactNode }) {
  // break-word, not anywhere: the column keeps room for the longest word, so text wraps between words.
  return (
    <Stack gap={0} align="flex-start">
      <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
        {breakableEmail(email)}
      </Text>
      {extra}
    </Stack>
  );
}
