import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announceUpdate } from '../lib/service-worker';
import { renderWithApp } from '../test/render';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  it('says nothing while no new version waits, then offers Reload, which activates it once', async () => {
    renderWithApp(<UpdatePrompt top={68} />);
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    let finish: () => void = () => {};
    const activate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    act(() => announceUpdate(activate));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('A new version is available');
    const reload = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(reload);
    expect(activate).toHaveBeenCalledTimes(1);
    // Until the new version controls the page (then it reloads), the button says it is busy.
    expect(reload.getAttribute('data-loading')).toBe('true');
    expect(reload.hasAttribute('disabled')).toBe(true);
    fireEvent.click(reload);
    expect(activate).toHaveBeenCalledTimes(1);
    finish();
  });
});
