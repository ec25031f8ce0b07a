import { Flex } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The button row at the foot of a dialog: right-aligned on wider screens, stacked full-width on
 * phones (main action on top) so long labels such as "Update Password" never wrap awkwardly.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm" mt="xs">
      {children}
    </Flex>
  );
}
