import { ErrorResponseSchema, GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import {
  ALLOWED_TYPES,
  FILE_MESSAGES,
  type FilePurpose,
  MAX_UPLOAD_BYTES,
  type StoredFile,
  UploadResponseSchema,
} from '@pgel/shared/schemas/files';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';

const UPLOAD_URL = '/api/v1/files';

/** What the picker says when a purpose refuses a file's type. */
const TYPE_MESSAGES: Record<FilePurpose, string> = {
  profile_photo: FILE_MESSAGES.imagesOnly,
  id_proof: FILE_MESSAGES.imageOrPdf,
  document: FILE_MESSAGES.unsupported,
};

/**
 * The browser's quick check before anything is sent: type (as the browser guesses it from the
 * name) and size. Only a courtesy: the server checks the real type from the file's content.
 * Returns the message to show, or null when the file may be sent.
 */
export function checkUpload(file: File, purpose: FilePurpose): string | null {
  // An empty type means the browser could not tell: let the server decide from the content.
  if (file.type !== '' && !ALLOWED_TYPES[purpose].includes(file.type)) return TYPE_MESSAGES[purpose];
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/** The `accept` attribute of a file input for a purpose. */
export function acceptFor(purpose: FilePurpose): string {
  return ALLOWED_TYPES[purpose].join(',');
}

type UploadOptions = {
  /** Called with 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `POST /files?purpose=…` as multipart (field `file`). XMLHttpRequest rather than fetch because
 * only it reports upload progress. Failures become the same `ApiError` as every other call, with
 * the server's message (a 413 from a proxy that sends HTML still gets the size message).
 */
export function uploadFile(
  file: File,
  purpose: FilePurpose,
  options: UploadOptions = {},
): Promise<StoredFile> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOAD_URL}?purpose=${encodeURIComponent(purpose)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = UploadResponseSchema.safeParse(payload);
        if (parsed.success) {
          onProgress?.(100);
          resolve(parsed.data.file);
        } else {
          reject(new ApiError(xhr.status, 'bad_response', GENERIC_MESSAGES.tryAgain));
        }
        return;
      }
      const error = ErrorResponseSchema.safeParse(payload);
      const fallback = xhr.status === 413 ? FILE_MESSAGES.tooLarge : GENERIC_MESSAGES.fallback;
      reject(
        new ApiError(
          xhr.status,
          error.success ? error.data.code : 'http_error',
          error.success && error.data.message ? error.data.message : fallback,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', GENERIC_MESSAGES.tryAgainLater));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/**
 * What a failed upload says: a screen may word a failure of the server or of the network its own
 * way (spec 03 section 8); a refusal (4xx) keeps the server's reason, which tells the user what
 * to change.
 */
export function uploadFailureMessage(
  error: unknown,
  messages: { serverErrorMessage?: string | undefined; networkErrorMessage?: string | undefined },
): string {
  if (!(error instanceof ApiError)) return GENERIC_MESSAGES.tryAgain;
  const isNetworkFault = error.status === 0;
  if (isNetworkFault && messages.networkErrorMessage) return messages.networkErrorMessage;
  if ((isNetworkFault || error.status >= 500) && messages.serverErrorMessage)
    return messages.serverErrorMessage;
  return error.message;
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; progress: number }
  | { status: 'done'; fileName: string; file: StoredFile }
  | { status: 'error'; fileName: string | null; message: string };

/**
 * One upload at a time with its progress, for a picker. `start` checks the file, sends it and
 * resolves with the stored file (or null when refused, failed or replaced by a newer pick).
 * Leaving the page aborts a running upload.
 */
export function useUpload(
  purpose: FilePurpose,
  options: { serverErrorMessage?: string; networkErrorMessage?: string } = {},
) {
  const { serverErrorMessage, networkErrorMessage } = options;
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<StoredFile | null> => {
      controllerRef.current?.abort();
      const problem = checkUpload(file, purpose);
      if (problem) {
        setState({ status: 'error', fileName: file.name, message: problem });
        return null;
      }
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ status: 'uploading', fileName: file.name, progress: 0 });
      try {
        const stored = await uploadFile(file, purpose, {
          signal: controller.signal,
          onProgress: (progress) =>
            setState((current) =>
              current.status === 'uploading' && !controller.signal.aborted
                ? { ...current, progress }
                : current,
            ),
        });
        if (controller.signal.aborted) return null;
        setState({ status: 'done', fileName: file.name, file: stored });
        return stored;
      } catch (error) {
        if (controller.signal.aborted) return null;
        // A screen may word a failure of the server or the network its own way (spec 03 section 8).
        const message = uploadFailureMessage(error, { serverErrorMessage, networkErrorMessage });
        setState({ status: 'error', fileName: file.name, message });
        return null;
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [purpose, serverErrorMessage, networkErrorMessage],
  );

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, reset, isUploading: state.status === 'uploading' };
}
