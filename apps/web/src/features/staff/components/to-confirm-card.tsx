import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABELS } from '@pgel/shared/roles';
import {
  type ConfirmationDecision,
  type ConfirmationKind,
  CONFIRMATION_MESSAGES as M,
  type ToConfirmItem,
} from '@pgel/shared/schemas/staff-confirmation';
import { IconCheck, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { showConfirm, showError, showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useDecideConfirmation } from '../api/decide-confirmation';
import { useToConfirm } from '../api/list-to-confirm';

const TITLE_ID = 'to-confirm-title';

function proposalLine(item: ToConfirmItem): string {
  const when = dayjs(item.proposedAt).format('DD-MM-YYYY');
  const who = item.proposedBy?.name ?? 'a resident';
  if (item.kind === 'teacher') {
    return `Proposed by ${who} on ${when}${item.where ? ` · ${item.where}` : ''}`;
  }
  const residents = item.residents.join(', ');
  return `Named by ${who} on ${when} as DRP coordinator${item.where ? ` at ${item.where}` : ''}${
    residents ? ` for ${residents}` : ''
  }`;
}

function ToConfirmRow({
  item,
  isBusy,
  onDecide,
}: {
  item: ToConfirmItem;
  isBusy: boolean;
  onDecide: (item: ToConfirmItem, decision: ConfirmationDecision) => void;
}) {
  return (
    <Stack
      component="li"
      gap={6}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      aria-label={`${item.name}, awaiting confirmation`}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{item.name}</Text>
        <Badge variant="light" color={item.kind === 'teacher' ? 'blue' : 'grape'}>
          {item.kind === 'teacher' ? ROLE_LABELS[item.role] : 'DRP Coordinator'}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {item.email}
        {item.phone ? ` · ${item.phone}` : ''}
      </Text>
      <Text size="sm">{proposalLine(item)}</Text>
      <Group gap="xs">
        <Button
          size="compact-md"
          color="teal"
          leftSection={<IconCheck size={16} aria-hidden />}
          loading={isBusy}
          onClick={() => onDecide(item, 'confirm')}
          aria-label={`Confirm ${item.name}`}
        >
          Confirm
        </Button>
        <Button
          size="compact-md"
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          disabled={isBusy}
          onClick={() => onDecide(item, 'decline')}
          aria-label={`Decline ${item.name}`}
        >
          Decline
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * To confirm (issue 27): the teachers students proposed and the DRP coordinators they named that
 * wait for the caller, each with who proposed them and when, and Confirm / Decline. Shown only
 * while someone waits; `kind` narrows it (the DRP page shows coordinators). A short action list, not a paged table: it holds the few accounts a
 * department has pending at a time.
 */
export function ToConfirmCard({ kind }: { kind?: ConfirmationKind }) {
  const { data } = useToConfirm();
  const items = kind ? data?.filter((item) => item.kind === kind) : data;
  const decide = useDecideConfirmation();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!items || items.length === 0) return null;

  const handleDecide = async (item: ToConfirmItem, decision: ConfirmationDecision) => {
    const isConfirm = decision === 'confirm';
    const isSure = await showConfirm({
      title: isConfirm ? M.confirmTitle : M.declineTitle,
      message: isConfirm ? M.confirmText(item.name) : M.declineText(item.name),
      confirmLabel: isConfirm ? 'Yes, confirm' : 'Yes, decline',
      danger: !isConfirm,
    });
    if (!isSure) return;
    setBusyId(item.id);
    try {
      const { message } = await decide.mutateAsync({ id: item.id, decision });
      await showMessage({ title: isConfirm ? 'Confirmed' : 'Declined', message, tone: 'success' });
    } catch (error) {
      await showError(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" style={{ borderColor: 'var(--mantine-color-yellow-5)' }}>
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4" id={TITLE_ID}>
          {M.listTitle}
        </Title>
        <Badge color="red.8" variant="filled" aria-label={`${items.length} waiting`}>
          {items.length}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7" mb="xs">
        Residents proposed these people as their verifiers. They cannot see residents or verify entries until
        you confirm them.
      </Text>
      <Stack component="ul" gap={0} m={0} p={0} aria-labelledby={TITLE_ID} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <ToConfirmRow key={item.id} item={item} isBusy={busyId === item.id} onDecide={handleDecide} />
        ))}
      </Stack>
    </Card>
  );
}
