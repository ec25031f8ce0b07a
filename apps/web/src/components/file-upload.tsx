import { Button, FileButton, Group, Input, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { FilePurpose, StoredFile } from '@pgel/shared/schemas/files';
import { IconCircleCheck, IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isOffline, useOfflineFileKeeper } from '../lib/offline-files';
import { acceptFor, checkUpload, useUpload } from '../lib/upload';

/** Under a file picked with no signal (issue 29). */
const KEPT_OFFLINE_TEXT = 'No signal: kept on this device and uploaded with the entry.';

type FileUploadProps = {
  /** Visible label; also the accessible name of the hidden file input. */
  label: string;
  /** A required file: the label carries the asterisk, as every other required field's does. */
  withAsterisk?: boolean;
  /** The form's message for this field (a missing certificate); a failed upload's own comes first. */
  error?: ReactNode;
  purpose: FilePurpose;
  description?: ReactNode;
  /** Name of the file currently attached (already stored), shown when nothing new was picked. */
  currentName?: string | null;
  /** Called with the stored file once its upload has finished. */
  onUploaded: (file: StoredFile) => void;
  /** When given, a Remove button detaches the current file. */
  onRemove?: () => void;
  /** Told when an upload starts and ends, so a form can wait before saving. */
  onBusyChange?: (isBusy: boolean) => void;
  disabled?: boolean;
  /** Shown under the picker once the upload has finished. */
  uploadedText?: string;
  /** The message when the server or the network fails (a screen's own wording); else the server's. */
  serverErrorMessage?: string;
  /** The message when the network fails (the DRP logbook's 'An error occurred during upload'). */
  networkErrorMessage?: string;
};

/**
 * A file picker that uploads at once and shows the progress (issue 3: "upload progress is visible
 * in the page"). The browser checks type and size first with the shared limits; the server checks
 * again from the content. The form then refers to the file by its id.
 */
export function FileUpload({
  label,
  withAsterisk = false,
  error: formError,
  purpose,
  description,
  currentName,
  onUploaded,
  onRemove,
  onBusyChange,
  disabled = false,
  uploadedText = 'Upload complete.',
  serverErrorMessage,
  networkErrorMessage,
}: FileUploadProps) {
  const inputId = useId();
  // Cleared after every pick, so choosing the same file again still fires a change.
  const resetInputRef = useRef<() => void>(null);
  const { state, start, reset, isUploading } = useUpload(purpose, {
    serverErrorMessage,
    networkErrorMessage,
  });
  // With no signal, a form that saves to the device's outbox keeps the file there (issue 29).
  const keeper = useOfflineFileKeeper();
  const [keptName, setKeptName] = useState<string | null>(null);

  useEffect(() => {
    onBusyChange?.(isUploading);
  }, [isUploading, onBusyChange]);

  const pick = async (file: File | null) => {
    if (!file) return;
    resetInputRef.current?.();
    setKeptName(null);
    if (keeper && isOffline() && checkUpload(file, purpose) === null) {
      reset();
      const id = keeper.keep(file);
      setKeptName(file.name);
      onUploaded({ id, originalName: file.name, contentType: file.type, size: file.size, url: '' });
      return;
    }
    const stored = await start(file);
    if (stored) onUploaded(stored);
  };

  const shownName =
    state.status === 'uploading' || state.status === 'done'
      ? state.fileName
      : (keptName ?? currentName ?? null);
  const error = state.status === 'error' ? state.message : (formError ?? null);

  return (
    <Input.Wrapper
      label={label}
      withAsterisk={withAsterisk}
      labelProps={{ htmlFor: inputId }}
      description={description}
      error={error}
      errorProps={{ role: 'alert' }}
    >
      <Stack gap={8} mt={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {shownName ? (
            <>
              {state.status === 'done' ? (
                <IconCircleCheck
                  size={16}
                  color="var(--mantine-color-teal-8)"
                  aria-hidden
                  style={{ flex: 'none' }}
                />
              ) : (
                <IconPaperclip
                  size={16}
                  color="var(--mantine-color-gray-7)"
                  aria-hidden
                  style={{ flex: 'none' }}
                />
              )}
              <Text size="sm" truncate title={shownName} style={{ minWidth: 0 }}>
                {shownName}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No file chosen
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <FileButton
            onChange={pick}
            accept={acceptFor(purpose)}
            resetRef={resetInputRef}
            disabled={disabled || isUploading}
            inputProps={{ id: inputId, 'aria-invalid': error ? true : undefined }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="sm"
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={disabled || isUploading}
              >
                Choose file<VisuallyHidden> for {label}</VisuallyHidden>
              </Button>
            )}
          </FileButton>
          {onRemove && shownName && !isUploading ? (
            <Button
              variant="subtle"
              color="red.8"
              size="sm"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => {
                reset();
                setKeptName(null);
                onRemove();
              }}
              disabled={disabled}
            >
              Remove<VisuallyHidden> {label}</VisuallyHidden>
            </Button>
          ) : null}
        </Group>
        {state.status === 'uploading' ? (
          <Group gap="sm" wrap="nowrap" aria-live="polite">
            <Progress
              value={state.progress}
              size="lg"
              radius="xl"
              striped
              animated
              aria-label={`Uploading ${state.fileName}`}
              style={{ flex: 1 }}
            />
            <Text size="sm" fw={500} w={44} ta="right">
              {state.progress}%
            </Text>
          </Group>
        ) : null}
        {state.status === 'done' ? (
          <Text size="xs" c="teal.9" aria-live="polite">
            {uploadedText}
          </Text>
        ) : null}
        {keptName && state.status === 'idle' ? (
          <Text size="xs" c="gray.8" aria-live="polite">
            {KEPT_OFFLINE_TEXT}
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
