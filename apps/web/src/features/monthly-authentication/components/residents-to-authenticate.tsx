import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  MONTH_AUTHENTICATION_MESSAGES as M,
  monthAuthenticationPath,
  type ResidentToAuthenticate,
} from '@pgel/shared/supervision/month-authentication';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useResidentsToAuthenticate } from '../api/list-residents-to-authenticate';

const RELATION_LABELS: Record<ResidentToAuthenticate['relation'], string> = {
  guide: 'Thesis guide',
  'unit-head': 'Unit head',
  hod: 'HOD',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One resident's line: their name (to their months) and what waits, in words and colour. */
function ResidentLine({ item }: { item: ResidentToAuthenticate }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" component="li">
      <Stack gap={0}>
        <Anchor component={Link} to={monthAuthenticationPath(item.student.id)} fw={600} size="sm">
          {item.student.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {RELATION_LABELS[item.relation]}
        </Text>
      </Stack>
      <Group gap={4}>
        {item.overdue > 0 ? (
          <Badge color="red" variant="light" c="gray.9">
            {plural(item.overdue, 'month')} overdue
          </Badge>
        ) : null}
        {item.due > 0 ? (
          <Badge color="orange" variant="light" c="gray.9">
            {plural(item.due, 'month')} due
          </Badge>
        ) : null}
        {item.changed > 0 ? (
          <Badge color="red" variant="outline" c="red.9">
            {item.changed} {M.changedLabel.toLowerCase()}
          </Badge>
        ) : null}
      </Group>
    </Group>
  );
}

/**
 * The faculty dashboard's card (issue 30): the residents whose months the caller signs (as
 * thesis guide or unit head; the HOD, the department's) with ended months not yet authenticated
 * or changed since, most overdue first. Each name opens the resident's months.
 */
export function ResidentsToAuthenticate() {
  const query = useResidentsToAuthenticate();
  const items = query.data?.items ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="month-residents-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="month-residents-title">
          Monthly Authentication
        </Title>
        {query.isPending ? <Skeleton height={40} /> : null}
        {query.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Error">
            {errorMessage(query.error)}
          </Alert>
        ) : null}
        {query.isSuccess && items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No month of your residents waits for your authentication.
          </Text>
        ) : null}
        {items.length > 0 ? (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <ResidentLine key={item.student.id} item={item} />
            ))}
          </Stack>
        ) : null}
        {query.data && query.data.more > 0 ? (
          <Text size="xs" c="dimmed">
            and {plural(query.data.more, 'more resident')}; find them on All Students.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
