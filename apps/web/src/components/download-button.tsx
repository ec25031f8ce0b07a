import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { downloadFile } from '../lib/download';
import { showError } from './dialogs';

type DownloadButtonProps = ButtonProps & {
  /** The API address of the file. */
  url: string;
  /** Saved under this name when the server names none. */
  fileName: string;
  children: ReactNode;
};

/** A button that downloads a file the server makes, and shows the server's message if it refuses. */
export function DownloadButton({ url, fileName, children, ...props }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(url, fileName);
    } catch (error) {
      void showError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      {...props}
    >
      {children}
    </Button>
  );
}
