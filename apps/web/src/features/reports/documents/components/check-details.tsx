import { Code, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DocumentCheck } from '@pgel/shared/reports/documents';
import {
  AUTHENTICATED_MONTHS_NONE,
  AUTHENTICATED_MONTHS_TITLE,
  type AuthenticatedMonth,
  authenticatedMonthStatus,
} from '@pgel/shared/supervision/month-authentication';
import dayjs from 'dayjs';

/** The issue time: an ISO timestamp becomes a long-month date and time; printed text stays as it is. */
function formatIssuedAt(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? dayjs(value).format('D MMMM YYYY, HH:mm') : value;
}

/** One labelled value of a check page (the logbook's and the bonafide certificate's). */
export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Fingerprint({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </div>
  );
}

/** Whose logbook the document is, when it was issued, and the verified entries then and now. */
export function CheckDetails({ check }: { check: DocumentCheck }) {
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        <Detail label="Student" value={check.studentName} />
        <Detail label="College" value={check.collegeName} />
        <Detail label="Department" value={check.departmentName} />
        <Detail label="Period" value={`${check.periodFrom} to ${check.periodTo}`} />
        <Detail label="Issued on" value={formatIssuedAt(check.issuedAt)} />
        <Detail label="Document code" value={check.code} />
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Verified entries
        </Title>
        <Table striped withTableBorder aria-label="Verified entries per section">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Section</Table.Th>
              <Table.Th ta="right">Verified when issued</Table.Th>
              <Table.Th ta="right">Verified now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.sections.map((section) => {
              const differs = section.issued !== section.current;
              return (
                <Table.Tr key={section.key} data-changed={differs || undefined}>
                  <Table.Td>{section.title}</Table.Td>
                  <Table.Td ta="right">{section.issued}</Table.Td>
                  <Table.Td ta="right" fw={differs ? 700 : undefined} c={differs ? 'red.9' : undefined}>
                    {section.current}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>

      <AuthenticatedMonths months={check.authenticatedMonths} />

      <Stack gap="xs">
        <Title order={2} size="h4">
          Fingerprint
        </Title>
        <Fingerprint label="When issued" value={check.fingerprint} />
        <Fingerprint label="Now" value={check.currentFingerprint} />
      </Stack>
    </Stack>
  );
}

/**
 * The months the guide authenticated (issue 30), as the logbook holds them now: who signed and
 * when; a month whose entries changed since is marked in red, in words.
 */
function AuthenticatedMonths({ months }: { months: readonly AuthenticatedMonth[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {AUTHENTICATED_MONTHS_TITLE}
      </Title>
      {months.length === 0 ? (
        <Text size="sm">{AUTHENTICATED_MONTHS_NONE}</Text>
      ) : (
        <Table striped withTableBorder aria-label="Authenticated months">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Authenticated by</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((month) => (
              <Table.Tr key={month.month} data-changed={month.changedAfterAuthentication || undefined}>
                <Table.Td>{month.label}</Table.Td>
                <Table.Td>
                  {month.authenticatedBy}, {month.authenticatedOn}
                </Table.Td>
                <Table.Td
                  fw={month.changedAfterAuthentication ? 700 : undefined}
                  c={month.changedAfterAuthentication ? 'red.9' : undefined}
                >
                  {authenticatedMonthStatus(month)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
