import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@pgel/shared/schemas/files';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { checkUpload, uploadFailureMessage } from './upload';

const fileOf = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });

describe('checkUpload', () => {
  it('takes only images as a profile photo', () => {
    expect(checkUpload(fileOf('image/png'), 'profile_photo')).toBeNull();
    expect(checkUpload(fileOf('application/pdf'), 'profile_photo')).toBe(FILE_MESSAGES.imagesOnly);
  });

  it('takes an image or a PDF as an ID proof', () => {
    expect(checkUpload(fileOf('application/pdf'), 'id_proof')).toBeNull();
    expect(checkUpload(fileOf('text/plain'), 'id_proof')).toBe(FILE_MESSAGES.imageOrPdf);
  });

  it('refuses a file over the limit', () => {
    expect(checkUpload(fileOf('image/jpeg', MAX_UPLOAD_BYTES + 1), 'document')).toBe(FILE_MESSAGES.tooLarge);
  });

  it('leaves a file of unknown type to the server', () => {
    expect(checkUpload(fileOf(''), 'profile_photo')).toBeNull();
  });
});

describe('uploadFailureMessage', () => {
  const drp = { serverErrorMessage: 'Upload failed', networkErrorMessage: 'An error occurred during upload' };

  it("words a server fault and a network fault in the screen's own words", () => {
    expect(uploadFailureMessage(new ApiError(503, 'unavailable', 'Service busy'), drp)).toBe('Upload failed');
    expect(uploadFailureMessage(new ApiError(0, 'network', 'offline'), drp)).toBe(
      'An error occurred during upload',
    );
  });

  it("keeps the server's reason for a refusal", () => {
    expect(
      uploadFailureMessage(new ApiError(415, 'unsupported', 'This file type is not supported'), drp),
    ).toBe('This file type is not supported');
  });

  it('falls back to the server message where the screen has no wording of its own', () => {
    expect(uploadFailureMessage(new ApiError(0, 'network', 'Try again later'), {})).toBe('Try again later');
    expect(
      uploadFailureMessage(new ApiError(0, 'network', 'x'), { serverErrorMessage: 'Server error' }),
    ).toBe('Server error');
  });
});
