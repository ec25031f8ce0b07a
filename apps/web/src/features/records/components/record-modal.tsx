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
};

/** The frame of every modal of the report screen: centred, full-screen on phones. */
export function RecordModal({ opened, onClose, title, children, size = 'lg' }: RecordModalProps) {
  const isPhone = useMediaQuery(PHONE) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered={!isPhone}
      fullScreen={isPhone}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
