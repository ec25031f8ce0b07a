import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchInstallPrompt } from './install-offer';
import { useInstallPrompt } from './install-prompt';

/** What Chromium dispatches when the app meets its install criteria. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('the install offer (issue 29)', () => {
  watchInstallPrompt(window);

  it('is kept from beforeinstallprompt, used once on install, and gone after appinstalled', async () => {
    const { result } = renderHook(() => useInstallPrompt());
    expect(result.current).toBeNull();

    const first = installOffer('dismissed');
    act(() => {
      window.dispatchEvent(first.event);
    });
    // Kept for the menu rather than shown as the browser's own bar.
    expect(first.event.defaultPrevented).toBe(true);
    expect(result.current).toBeTypeOf('function');
    await act(() => result.current?.());
    expect(first.prompt).toHaveBeenCalledTimes(1);
    // An offer shows the browser's dialog once; the browser sends a new one if it offers again.
    expect(result.current).toBeNull();

    const second = installOffer('accepted');
    act(() => {
      window.dispatchEvent(second.event);
    });
    expect(result.current).toBeTypeOf('function');
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current).toBeNull();
    expect(second.prompt).not.toHaveBeenCalled();
  });
});
