import { SimpleGrid } from '@mantine/core';
import type { BonafideCheck } from '@pgel/shared/reports/bonafide';
import dayjs from 'dayjs';
import { Detail } from './check-details';

/** Whose Bonafide Certificate the code is, its reference and issue date (issue 28). */
export function BonafideCheckDetails({ check }: { check: BonafideCheck }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      <Detail label="Student" value={check.studentName} />
      <Detail label="College" value={check.collegeName} />
      <Detail label="Department" value={check.departmentName} />
      <Detail label="Reference" value={check.reference} />
      <Detail label="Issued on" value={check.issuedOn} />
      {check.revokedAt ? (
        <Detail label="Withdrawn on" value={dayjs(check.revokedAt).format('D MMMM YYYY')} />
      ) : null}
      <Detail label="Certificate code" value={check.code} />
    </SimpleGrid>
  );
}
