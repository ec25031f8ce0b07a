import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Phones (under Mantine's `xs`, 36em): the staff modals take the whole screen. */
const PHONE = '(max-width: 35.99em)';

type StaffModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: string;
};

/** The frame of every staff modal: centred, full-screen on phones. */
export function StaffModal({ opened, onClose, title, children, size = 'lg' }: StaffModalProps) {
  const isPhone = useMediaQuery(PHONE) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      fullScreen={isPhone}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
