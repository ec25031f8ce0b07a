import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineFilesContext } from '../lib/offline-files';
import { renderWithApp } from '../test/render';
import { FileUpload } from './file-upload';

// Issue 29: with no signal, a form that saves to the outbox keeps a picked file on the device.

const KEPT_ID = 'ffffffff-0000-4000-8000-000000000001';

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

function pick(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  fireEvent.change(input);
}

describe('a file picked with no signal', () => {
  it('is kept for the outbox and the form gets its stand-in id; nothing is sent', async () => {
    setOnline(false);
    const xhr = vi.fn();
    vi.stubGlobal('XMLHttpRequest', xhr);
    const kept: File[] = [];
    const onUploaded = vi.fn();
    renderWithApp(
      <OfflineFilesContext.Provider
        value={{
          keep: (file) => {
            kept.push(file);
            return KEPT_ID;
          },
        }}
      >
        <FileUpload label="Certificate" purpose="document" onUploaded={onUploaded} />
      </OfflineFilesContext.Provider>,
    );
    pick(new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: KEPT_ID })));
    expect(kept.map((file) => file.name)).toEqual(['certificate.pdf']);
    expect(screen.getByText('certificate.pdf')).toBeTruthy();
    expect(screen.getByText(/kept on this device/)).toBeTruthy();
    expect(xhr).not.toHaveBeenCalled();
  });

  it('is refused as before when it is over the upload limit, even offline', async () => {
    setOnline(false);
    const keep = vi.fn(() => KEPT_ID);
    const onUploaded = vi.fn();
    renderWithApp(
      <OfflineFilesContext.Provider value={{ keep }}>
        <FileUpload label="Certificate" purpose="document" onUploaded={onUploaded} />
      </OfflineFilesContext.Provider>,
    );
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    pick(big);

    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(keep).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
