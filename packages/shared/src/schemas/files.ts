import { z } from 'zod';

/** Largest upload accepted (certificates, ID proofs, patient documents). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What an upload is for; decides which types are allowed and who may read it. */
export const FILE_PURPOSES = ['profile_photo', 'id_proof', 'document'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Content types the server recognises from the file's first bytes, grouped by kind. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PDF_TYPE = 'application/pdf';
export const OFFICE_TYPES = [
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

/** Which kinds each purpose accepts. */
export const ALLOWED_TYPES: Record<FilePurpose, readonly string[]> = {
  profile_photo: IMAGE_TYPES,
  id_proof: [...IMAGE_TYPES, PDF_TYPE],
  document: [...IMAGE_TYPES, PDF_TYPE, ...OFFICE_TYPES],
};

export const FILE_MESSAGES = {
  imagesOnly: 'Please upload an image file (JPEG, PNG, WebP or GIF).',
  imageOrPdf: 'Please upload an image or a PDF file.',
  unsupported: 'This file type is not supported. Please upload an image, a PDF or an office document.',
  tooLarge: `The file is too large. The limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  missing: 'Please choose a file to upload.',
  /** The body was not the multipart upload it claimed to be (cut off on the way, malformed). */
  unreadable: 'The upload did not arrive complete. Please try again.',
  notFound: 'File not found',
  /** `purpose` missing or not one of FILE_PURPOSES. */
  purpose: 'Please say what the file is for: profile_photo, id_proof or document.',
} as const;

/** An uploaded file as the API returns it; `url` is the authorised download route. */
export const StoredFileSchema = z.object({
  id: z.uuid(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const UploadResponseSchema = z.object({ file: StoredFileSchema });

/** How the document viewer shows a file: images inline, PDFs in a frame, the rest as a download. */
export function viewerKindOf(contentType: string): 'image' | 'pdf' | 'download' {
  if ((IMAGE_TYPES as readonly string[]).includes(contentType)) return 'image';
  if (contentType === PDF_TYPE) return 'pdf';
  return 'download';
}
