import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { MEMO_STATUS_LABELS, type Memo, type MemoStatus } from '@pgel/shared/academic/memos';
import { formatDate } from '../../records/components/record-format';

/** Issued waits on the student, Explained on the HOD, Closed is done. Dark text keeps 4.5:1. */
const STATUS_COLORS: Record<MemoStatus, { color: string; text: string }> = {
  issued: { color: 'orange', text: 'var(--mantine-color-orange-9)' },
  explained: { color: 'blue', text: 'var(--mantine-color-blue-9)' },
  closed: { color: 'green', text: 'var(--mantine-color-green-9)' },
};

export function MemoStatusBadge({ status }: { status: MemoStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status].color}
      c={STATUS_COLORS[status].text}
      variant="light"
      styles={{ root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {MEMO_STATUS_LABELS[status]}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/** The memo as the explain and close dialogs show it above their text box. */
export function MemoSummary({ memo, withExplanation = false }: { memo: Memo; withExplanation?: boolean }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Fact label="Memo No.">{memo.memoNumber}</Fact>
        <Fact label="Date">{formatDate(memo.date)}</Fact>
        <Fact label="Student">{memo.student.name}</Fact>
      </SimpleGrid>
      <Fact label="Reason">{memo.reason}</Fact>
      {withExplanation && memo.explanation ? <Fact label="Explanation">{memo.explanation}</Fact> : null}
    </Stack>
  );
}
