import { Anchor, Stack, Text } from '@mantine/core';
import { COLLEGE_DEPARTMENTS_SHOWN, type CollegeListItem } from '@pgel/shared/schemas/reference-admin';
import { useState } from 'react';

/** Departments of a row: the first three, then 'read more' / 'show less' (spec 03 section 9). */
export function DepartmentsCell({ college }: { college: CollegeListItem }) {
  const [isExpanded, setExpanded] = useState(false);
  const names = college.departments.map((d) => d.name);
  if (names.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  const hasMore = names.length > COLLEGE_DEPARTMENTS_SHOWN;
  const shown = isExpanded || !hasMore ? names : names.slice(0, COLLEGE_DEPARTMENTS_SHOWN);
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{shown.join(', ')}</Text>
      {hasMore ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-expanded={isExpanded}
          aria-label={`${isExpanded ? 'show less' : 'read more'}: departments of ${college.name}`}
          onClick={() => setExpanded((value) => !value)}
        >
          {isExpanded ? 'show less' : 'read more'}
        </Anchor>
      ) : null}
    </Stack>
  );
}
