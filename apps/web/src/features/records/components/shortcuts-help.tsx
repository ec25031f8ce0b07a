import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { VERIFY_SHORTCUTS } from './verify-shortcuts';

/**
 * "Keyboard shortcuts" (press ?) of a report page (issue 30): each key and what it does. Keys work
 * on the page, never while typing in a field or with a dialog open.
 */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table verticalSpacing={6} aria-label="Keyboard shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>Key</Table.Th>
            <Table.Th>What it does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {VERIFY_SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.keys.join(' ')}>
              <Table.Td>
                <Group gap={4}>
                  {shortcut.keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{shortcut.action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        The keys act on the current entry, outlined in the list. They do nothing while you type in a field or
        a dialog is open. After an approval with <Kbd>a</Kbd> the next entry is current; what happened is read
        out.
      </Text>
    </Modal>
  );
}
