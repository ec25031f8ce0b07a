import { ModalsProvider } from '@mantine/modals';
import { type PublicSettings, VIDEO_MESSAGES } from '@pgel/shared/schemas/settings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { LandingPage } from './landing-page';
import { LandingVideoCard } from './landing-video-card';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

function settingsWith(videoUrl: string | null): PublicSettings {
  return {
    isLaunched: true,
    launchGateActive: false,
    company: { name: 'PG e-Logbook', address: 'New Delhi', phone: '+91 11 4000 0000', email: 'a@b.in' },
    links: { superSpecialitySite: 'https://ss.example', diplomaSite: 'https://diploma.example' },
    videoUrl,
    launchGuests: [],
    devToolsDetector: false,
    supportChatScriptUrl: null,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// happy-dom has no document.fonts, which the contact form's growing text area listens to.
beforeAll(() => {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('Watch Video on the landing page', () => {
  it('is hidden while no video is set', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(settingsWith(null))),
    );
    renderWithApp(<LandingPage />);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    // Let the settings arrive: the contact section shows the company phone from them.
    await screen.findAllByText('+91 11 4000 0000');
    expect(screen.queryByRole('button', { name: 'Watch Video' })).toBeNull();
  });

  it('plays the set video in a frame', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(settingsWith(EMBED))),
    );
    renderWithApp(
      <ModalsProvider>
        <LandingPage />
      </ModalsProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Watch Video' }));
    const frame = await screen.findByTitle('PG e-Logbook video');
    expect(frame.getAttribute('src')).toBe(EMBED);
  });
});

describe('LandingVideoCard (Master)', () => {
  it('refuses an address that cannot be embedded, then saves a YouTube link', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        if (init.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json({ message: VIDEO_MESSAGES.saved, videoUrl: EMBED });
        }
        return json(settingsWith(null));
      }),
    );
    renderWithApp(
      <ModalsProvider>
        <LandingVideoCard />
      </ModalsProvider>,
    );
    const field = await screen.findByLabelText('Video address');
    expect(screen.queryByRole('button', { name: 'Remove video' })).toBeNull();
    fireEvent.change(field, { target: { value: 'http://example.org/video' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save video' }));
    expect(await screen.findByText(VIDEO_MESSAGES.invalid)).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(field, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save video' }));
    expect(await screen.findByText(VIDEO_MESSAGES.saved)).toBeTruthy();
    expect(puts).toEqual([{ url: 'https://youtu.be/dQw4w9WgXcQ' }]);
    // The field now shows the stored embed address, and the video can be removed.
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(EMBED));
    expect(screen.getByRole('button', { name: 'Remove video' })).toBeTruthy();
  });
});
