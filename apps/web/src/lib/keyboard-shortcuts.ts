import { useEffect, useRef } from 'react';

/**
 * Single-key shortcuts of a page (issue 30: going through a queue of entries without the mouse).
 * A key is a shortcut only when nobody is typing: never in a text field, a textarea, a select or
 * anything editable, never with Ctrl, Alt or Meta held (the browser's and the screen reader's
 * own keys), never while an IME composes, and never while a dialog is open over the page.
 */

/** Whether keys pressed in `target` are someone's typing (or a control's own keys), not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // A checkbox, radio or button takes no text: letters on it are free.
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  // Combobox inputs, listboxes and menus move with the keys themselves.
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'listbox' || role === 'searchbox';
}

/** Whether a modal dialog is open over the page (its own keys, not the page's). */
export function isDialogOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null;
}

/**
 * The key a shortcut answers to: the printed character for letters and `?`, else the key's name
 * (`Enter`). Letters are matched in lower case, so Caps Lock does not turn them off.
 */
function keyOf(event: KeyboardEvent): string {
  return event.key.length === 1 ? event.key.toLowerCase() : event.key;
}

export type ShortcutHandler = (event: KeyboardEvent) => void;

/**
 * Calls `handlers[key]` for a key pressed on the page while `enabled`, unless someone is typing
 * or a dialog is open (see above); the key's default is then prevented. `Enter` fires only on the
 * page itself or an element marked `data-shortcut-target` (a list's current row): on a button or
 * a link it stays theirs.
 */
export function useKeyboardShortcuts(handlers: Record<string, ShortcutHandler>, enabled: boolean): void {
  // The latest handlers without re-adding the listener on every render.
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey)
        return;
      const key = keyOf(event);
      const handler = current.current[key];
      if (!handler) return;
      if (isTypingTarget(event.target) || isDialogOpen()) return;
      if (key === 'Enter') {
        const target = event.target instanceof Element ? event.target : null;
        const onPage = target === null || target === document.body || target === document.documentElement;
        if (!onPage && !target?.closest('[data-shortcut-target]')) return;
      }
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
