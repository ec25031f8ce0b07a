import { Badge, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { formatInr } from '@pgel/shared/commerce/pricing';
import type { Sponsor } from '@pgel/shared/commerce/referrals';
import { useMedia } from '../../../../lib/use-media';
import { formatDay } from './format';

type ReferredStudent = Sponsor['referrals'][number];

/** 'Paid ₹ 11,798 on 05-04-2026', or 'Pending' until the student's payment is verified. */
export function paymentText(payment: ReferredStudent['payment']): string {
  return payment ? `Paid ${formatInr(payment.amountPaise)} on ${formatDay(payment.paidAt)}` : 'Pending';
}

function StudentItem({ student }: { student: ReferredStudent }) {
  const placement = [student.college, student.department].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {student.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {student.email}
            {student.phone ? ` · ${student.phone}` : ''}
          </Text>
          {placement ? (
            <Text size="sm" c="dimmed">
              {placement}
            </Text>
          ) : null}
        </Stack>
        <Badge
          color={student.payment ? 'teal' : 'yellow'}
          variant="light"
          style={{ flex: 'none', textTransform: 'none', height: 'auto', whiteSpace: 'normal' }}
        >
          {paymentText(student.payment)}
        </Badge>
      </Group>
    </Paper>
  );
}

/** The students a sponsor referred (name, phone, e-mail, placement) and whether each has paid. */
export function ReferredStudentsModal({
  sponsor,
  onClose,
}: {
  sponsor: Sponsor | null;
  onClose: () => void;
}) {
  const isPhone = useMedia('(max-width: 35.99em)');
  return (
    <Modal
      opened={sponsor !== null}
      onClose={onClose}
      title={sponsor ? `Referred by ${sponsor.name}` : ''}
      size="lg"
      centered={!isPhone}
      fullScreen={isPhone}
    >
      {sponsor ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Referral ID {sponsor.referralId} · {sponsor.referrals.length} referred · {sponsor.paidCount} paid
          </Text>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Referred students"
          >
            {sponsor.referrals.map((student) => (
              <StudentItem key={student.id} student={student} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
