import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type RadioCardsProps = {
  label: string;
  description?: ReactNode;
  withAsterisk?: boolean;
  options: readonly string[];
  value: string | null;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * A short fixed choice as one tap (issue 10): a card per option, named by its text. Four options
 * (the resident's role, a leave type) sit two by two, so the longest role name fits on a 390 px
 * phone and nothing scrolls sideways; fewer sit in a row that wraps.
 */
export function RadioCards({
  label,
  description,
  withAsterisk,
  options,
  value,
  error,
  onChange,
}: RadioCardsProps) {
  const isGrid = options.length === 4;
  const cards = options.map((option) => (
    // In the grid every card fills its cell, so a two-line name does not leave its row ragged.
    <Radio.Card
      key={option}
      value={option}
      radius="md"
      px="sm"
      py={8}
      w={isGrid ? '100%' : 'auto'}
      h={isGrid ? '100%' : undefined}
    >
      <Group gap={8} wrap="nowrap">
        <Radio.Indicator size="sm" />
        <Text size="sm">{option}</Text>
      </Group>
    </Radio.Card>
  ));
  return (
    <Radio.Group
      size="md"
      label={label}
      description={description}
      withAsterisk={withAsterisk}
      value={value}
      error={error}
      onChange={onChange}
    >
      {isGrid ? (
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt={6}>
          {cards}
        </SimpleGrid>
      ) : (
        <Group gap="xs" mt={6}>
          {cards}
        </Group>
      )}
    </Radio.Group>
  );
}
