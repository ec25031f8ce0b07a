import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Phones (under Mantine's `xs`, 36em): the record modals take the whole screen. */
const PHONE = '(max-width: 35.99em)';

type RecordModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: string;
  /**
   * False for forms someone types into: Escape in a message dialog shown over the form would
   * otherwise close the form too, and what was typed would be lost. The close button still works.
   */
  closeOnEscape?: boolean;
};

/** The frame of every modal of the report screen: centred, full-screen on phones. */
export function RecordModal({
  opened,
  onClose,
  title,
  children,
  size = 'lg',
  closeOnEscape = true,
}: RecordModalProps) {
  const isPhone = useMediaQuery(PHONE) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered={!isPhone}
      fullScreen={isPhone}
      closeOnEscape={closeOnEscape}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
