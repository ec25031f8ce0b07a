import { AspectRatio, Modal } from '@mantine/core';
import { videoEmbedUrl } from '@pgel/shared/schemas/settings';

type VideoModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The video address from settings (an embed address once Master saved it). */
  url: string;
};

export const VIDEO_TITLE = 'PG e-Logbook video';

/** The landing's video, in a dialog; the frame is removed on close, which stops the video. */
export function VideoModal({ opened, onClose, url }: VideoModalProps) {
  const src = videoEmbedUrl(url);
  return (
    <Modal opened={opened} onClose={onClose} title={VIDEO_TITLE} size="xl" centered padding="md">
      {src ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={src}
            title={VIDEO_TITLE}
            style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </AspectRatio>
      ) : null}
    </Modal>
  );
}
