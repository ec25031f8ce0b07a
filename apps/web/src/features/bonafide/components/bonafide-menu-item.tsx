import { Menu } from '@mantine/core';
import { canDownloadBonafide } from '@pgel/shared/auth/policies';
import { BONAFIDE_PATH, BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconCertificate } from '@tabler/icons-react';
import { showError } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/**
 * The profile menu's Bonafide Certificate (spec 01 section 2.11): only for a certified student.
 * The PDF is fetched first, so a refusal (certification withdrawn since sign-in) shows the
 * server's message instead of saving it as a file.
 */
export function BonafideMenuItem({ user }: { user: SessionUser }) {
  if (!canDownloadBonafide(user)) return null;
  return (
    <Menu.Item
      onClick={() =>
        void downloadFile(BONAFIDE_PATH, M.fileName).catch((error) => showError(errorMessage(error)))
      }
      leftSection={<IconCertificate size={16} aria-hidden />}
    >
      {M.menuLabel}
    </Menu.Item>
  );
}
