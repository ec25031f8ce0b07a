import { Anchor, Box, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { viewerKindOf } from '@pgel/shared/schemas/files';
import { IconDownload, IconExternalLink, IconFileDescription } from '@tabler/icons-react';
import { useMedia } from '../lib/use-media';

/** What the viewer needs of a stored file (a `StoredFile` or a profile's file reference). */
export type ViewableFile = { url: string; originalName: string; contentType: string };

/** Height of the PDF frame (issue 3: "PDF in a frame, 500 px high"). */
export const PDF_FRAME_HEIGHT = 500;

/** The file route with `download=1`, which makes the server send it as an attachment. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

const linkStyle = { display: 'inline-flex', alignItems: 'center', gap: 6 } as const;

type FileViewerProps = {
  file: ViewableFile;
  /** Largest height of an inline image. */
  maxImageHeight?: number;
  /** The PDF frame's height: 500 px, less inside a form that needs room below it. */
  frameHeight?: number;
};

/**
 * The one document viewer: images inline, PDFs in a 500 px frame, anything else (office
 * documents) as a download link. Every kind also offers a download, since a phone may not render
 * a PDF inside a frame.
 */
export function FileViewer({ file, maxImageHeight = 420, frameHeight = PDF_FRAME_HEIGHT }: FileViewerProps) {
  const kind = viewerKindOf(file.contentType);
  const download = (
    <Anchor href={downloadUrl(file.url)} download={file.originalName} size="sm" fw={500} style={linkStyle}>
      <IconDownload size={16} aria-hidden style={{ flex: 'none' }} />
      <span style={{ overflowWrap: 'anywhere' }}>Download {file.originalName}</span>
    </Anchor>
  );

  if (kind === 'image') {
    return (
      <Stack gap="xs" align="flex-start">
        <Image
          src={file.url}
          alt={file.originalName}
          fit="contain"
          radius="sm"
          mah={maxImageHeight}
          w="auto"
          maw="100%"
          bd="1px solid var(--mantine-color-gray-3)"
        />
        {download}
      </Stack>
    );
  }

  if (kind === 'pdf') {
    return (
      <Stack gap="xs">
        <Box
          component="iframe"
          src={file.url}
          title={file.originalName}
          w="100%"
          h={frameHeight}
          bd="1px solid var(--mantine-color-gray-3)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
        />
        <Group gap="md">
          {download}
          <Anchor href={file.url} target="_blank" rel="noopener" size="sm" fw={500} style={linkStyle}>
            <IconExternalLink size={16} aria-hidden style={{ flex: 'none' }} />
            <span>Open in a new tab</span>
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <IconFileDescription size={32} aria-hidden color="var(--mantine-color-gray-7)" />
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {file.originalName}
        </Text>
        <Button
          component="a"
          href={downloadUrl(file.url)}
          download={file.originalName}
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Download
        </Button>
      </Stack>
    </Group>
  );
}

type FileViewerModalProps = {
  /** The file to show; the modal is open while this is set. */
  file: ViewableFile | null;
  onClose: () => void;
  /** Dialog title; the file's name when not given. */
  title?: string;
};

/** The viewer inside a dialog, full screen on phones. */
export function FileViewerModal({ file, onClose, title }: FileViewerModalProps) {
  const isPhone = useMedia('(max-width: 36em)');
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={title ?? file?.originalName}
      size="xl"
      centered
      fullScreen={isPhone}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {file ? <FileViewer file={file} maxImageHeight={640} /> : null}
    </Modal>
  );
}
