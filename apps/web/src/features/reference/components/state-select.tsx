import { Select, type SelectProps } from '@mantine/core';
import { STATES_OF_INDIA } from '@pgel/shared/schemas/reference-admin';

/** 'State': a searchable pick of India's states and union territories (colleges, institutions). */
export function StateSelect(props: Omit<SelectProps, 'label' | 'data'>) {
  return (
    <Select
      label="State"
      placeholder="Select state"
      searchable
      nothingFoundMessage="No state found"
      data={STATES_OF_INDIA}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
