import { Menu } from '@mantine/core';
import { canDownloadBonafide } from '@pgel/shared/auth/policies';
import { BONAFIDE_PATH, BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconCertificate } from '@tabler/icons-react';

/**
 * The profile menu's Bonafide Certificate (spec 01 section 2.11): only for a certified student.
 * A plain link: the server answers the PDF as an attachment, so the browser downloads it.
 */
export function BonafideMenuItem({ user }: { user: SessionUser }) {
  if (!canDownloadBonafide(user)) return null;
  return (
    <Menu.Item
      component="a"
      href={BONAFIDE_PATH}
      download={M.fileName}
      leftSection={<IconCertificate size={16} aria-hidden />}
    >
      {M.menuLabel}
    </Menu.Item>
  );
}
