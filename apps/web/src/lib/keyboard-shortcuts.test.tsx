import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTypingTarget, useKeyboardShortcuts } from './keyboard-shortcuts';

function Page({ handlers, enabled = true }: { handlers: Record<string, () => void>; enabled?: boolean }) {
  useKeyboardShortcuts(handlers, enabled);
  return (
    <div>
      <input aria-label="Search" />
      <input type="checkbox" aria-label="Select" />
      <textarea aria-label="Feedback" />
      <select aria-label="Status">
        <option>Pending</option>
      </select>
      <div contentEditable data-testid="notes" />
      <input role="combobox" aria-label="Score" aria-expanded={false} aria-controls="score-options" />
      <div id="score-options" />
      <button type="button">Action</button>
      <table>
        <tbody>
          <tr data-shortcut-target tabIndex={-1} aria-label="Current row">
            <td>Entry</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keyboard shortcuts (issue 30)', () => {
  it('tells typing from keys that are free', () => {
    const { getByLabelText, getByRole, getByTestId } = render(<Page handlers={{}} />);
    for (const label of ['Search', 'Feedback', 'Status', 'Score'])
      expect(isTypingTarget(getByLabelText(label)), label).toBe(true);
    expect(isTypingTarget(getByTestId('notes'))).toBe(true);
    expect(isTypingTarget(getByLabelText('Select'))).toBe(false);
    expect(isTypingTarget(getByRole('button', { name: 'Action' }))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('fires on the page, in any case of the letter, and never while typing in a field', () => {
    const next = vi.fn();
    const { getByLabelText, getByTestId } = render(<Page handlers={{ j: next }} />);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'J' });
    expect(next).toHaveBeenCalledTimes(2);
    for (const label of ['Search', 'Feedback', 'Status', 'Score'])
      fireEvent.keyDown(getByLabelText(label), { key: 'j' });
    fireEvent.keyDown(getByTestId('notes'), { key: 'j' });
    expect(next).toHaveBeenCalledTimes(2);
    // A checkbox takes no text: the key is a shortcut there.
    fireEvent.keyDown(getByLabelText('Select'), { key: 'j' });
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('leaves Ctrl, Alt and Meta combinations, composing, and keys already handled alone', () => {
    const approve = vi.fn();
    render(<Page handlers={{ a: approve }} />);
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'a', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'a', altKey: true });
    fireEvent.keyDown(document.body, { key: 'a', isComposing: true });
    const handled = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(approve).not.toHaveBeenCalled();
    const plain = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    document.body.dispatchEvent(plain);
    expect(approve).toHaveBeenCalledTimes(1);
    // The key is the page's now: the browser does nothing else with it.
    expect(plain.defaultPrevented).toBe(true);
  });

  it('is silent while a dialog is open over the page, and when turned off', () => {
    const help = vi.fn();
    const { rerender } = render(<Page handlers={{ '?': help }} />);
    const dialog = document.createElement('section');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(help).not.toHaveBeenCalled();
    dialog.remove();
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(help).toHaveBeenCalledTimes(1);
    rerender(<Page handlers={{ '?': help }} enabled={false} />);
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(help).toHaveBeenCalledTimes(1);
  });

  it('Enter is a shortcut on the page and the current row only: on a button it stays the button’s', () => {
    const open = vi.fn();
    const { getByRole, getByLabelText } = render(<Page handlers={{ Enter: open }} />);
    fireEvent.keyDown(getByRole('button', { name: 'Action' }), { key: 'Enter' });
    fireEvent.keyDown(getByLabelText('Search'), { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
    fireEvent.keyDown(getByRole('row', { name: 'Current row' }), { key: 'Enter' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(2);
  });
});
