import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

/**
 * Where a column goes when a phone shows each row as a card: `title` its heading line, `status`
 * beside the heading (a badge, a switch), `field` a "label: value" line, `actions` the row of
 * buttons at its foot, `select` the selection box before the heading, `hidden` not on the card.
 */
export type CardRole = 'title' | 'status' | 'field' | 'actions' | 'select' | 'hidden';

/** What the cards need of a column (a subset of DataTableColumn). */
export type CardColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T, rowNumber: number) => ReactNode;
  sticky?: 'end';
  card?: CardRole;
  cardLabel?: string;
};

/**
 * Each column's place on the card. A column's own `card` wins; otherwise, by the conventions
 * every list here follows: the `select` column is the selection box and `sr` (the row number)
 * is left out; sticky columns (status, actions) go to the foot; the first other column is the
 * heading and the rest are fields, so a list without hints loses nothing on a phone.
 */
export function cardRoles<T>(columns: readonly CardColumn<T>[]): Map<string, CardRole> {
  const roles = new Map<string, CardRole>();
  let hasTitle = columns.some((column) => column.card === 'title');
  for (const column of columns) {
    let role = column.card;
    if (!role) {
      if (column.key === 'select') role = 'select';
      else if (column.key === 'sr') role = 'hidden';
      else if (column.sticky === 'end') role = 'actions';
      else if (!hasTitle) {
        role = 'title';
        hasTitle = true;
      } else role = 'field';
    }
    roles.set(column.key, role);
  }
  return roles;
}

function labelOf<T>(column: CardColumn<T>): ReactNode {
  return column.cardLabel ?? column.header;
}

type DataCardsProps<T> = {
  label: string;
  columns: readonly CardColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  firstRow: number;
  isLoading: boolean;
  /** Shown instead of cards when there are no rows (the empty text or the error). */
  emptyContent: ReactNode;
  onRowClick?: (row: T) => void;
  dimmed: boolean;
};

/** The list as cards, one per row (phones): heading, status, a few fields, the row's buttons. */
export function DataCards<T>({
  label,
  columns,
  rows,
  rowKey,
  firstRow,
  isLoading,
  emptyContent,
  onRowClick,
  dimmed,
}: DataCardsProps<T>) {
  const roles = cardRoles(columns);
  const withRole = (role: CardRole) => columns.filter((column) => roles.get(column.key) === role);
  const [selects, titles, statuses, fields, actions] = (
    ['select', 'title', 'status', 'field', 'actions'] as const
  ).map(withRole) as [CardColumn<T>[], CardColumn<T>[], CardColumn<T>[], CardColumn<T>[], CardColumn<T>[]];

  if (isLoading) {
    return (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2].map((n) => (
          <Card key={n} withBorder radius="md" padding="sm">
            <Skeleton height={14} width="60%" radius="sm" mb="sm" />
            <Skeleton height={12} radius="sm" mb={6} />
            <Skeleton height={12} width="80%" radius="sm" />
          </Card>
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Card withBorder radius="md" padding="sm">
        {emptyContent}
      </Card>
    );
  }

  return (
    <ul
      className={classes.cards}
      aria-label={label}
      style={{ opacity: dimmed ? 0.65 : 1, transition: 'opacity 120ms' }}
    >
      {rows.map((row, index) => {
        const rowNumber = firstRow + index + 1;
        return (
          <Card
            key={rowKey(row)}
            component="li"
            withBorder
            radius="md"
            padding="sm"
            className={classes.card}
            data-clickable={onRowClick ? true : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          >
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  {selects.map((column) => (
                    <div key={column.key}>{column.cell(row, rowNumber)}</div>
                  ))}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    {titles.map((column) => (
                      <Text
                        key={column.key}
                        component="div"
                        fw={600}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {column.cell(row, rowNumber)}
                      </Text>
                    ))}
                  </Stack>
                </Group>
                {statuses.length > 0 ? (
                  <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
                    {statuses.map((column) => (
                      <div key={column.key}>{column.cell(row, rowNumber)}</div>
                    ))}
                  </Group>
                ) : null}
              </Group>
              {fields.length > 0 ? (
                <dl className={classes.fields}>
                  {fields.map((column) => (
                    <div key={column.key} style={{ display: 'contents' }}>
                      <dt>{labelOf(column)}</dt>
                      <dd>{column.cell(row, rowNumber)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions.length > 0 ? (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  {actions.map((column) => (
                    <div key={column.key}>{column.cell(row, rowNumber)}</div>
                  ))}
                </Group>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </ul>
  );
}
