import { ActionIcon, Affix } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/**
 * The floating add button (spec 01 section 2.11) belongs to the signed-in shell, which decides
 * where it shows (`showsFloatingAddButton` in packages/shared/src/navigation.ts). The page
 * decides what it does: a click dispatches this window event and the page that listens opens
 * its add modal. Listen with `useAddAction`, never with a page-level button of its own.
 */
export const ADD_ACTION_EVENT = 'pgel:add';

/** Runs `onAdd` whenever the floating add button is pressed while this page is shown. */
export function useAddAction(onAdd: () => void): void {
  const latest = useRef(onAdd);
  useEffect(() => {
    latest.current = onAdd;
  });
  useEffect(() => {
    const listener = () => latest.current();
    window.addEventListener(ADD_ACTION_EVENT, listener);
    return () => window.removeEventListener(ADD_ACTION_EVENT, listener);
  }, []);
}

type FloatingAddButtonProps = {
  /** Distance from the bottom edge, e.g. to stay above a fixed footer. */
  bottom?: number;
};

/** Inputs that take typing (a date typed as text too); not buttons, boxes or radios. */
const TYPED_INPUT = /^(text|search|email|tel|url|number|password|date|datetime-local|month|week|time)$/;

/** Whether `target` is a field someone types into. */
function isTypingField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return target instanceof HTMLInputElement && TYPED_INPUT.test(target.type);
}

/**
 * True while the focus is in a field of the page. The button then steps aside (issue 28: on a
 * phone it covered the date input being filled), and comes back when the field is left.
 */
function useIsTyping(): boolean {
  const [isTyping, setTyping] = useState(() => isTypingField(document.activeElement));
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => setTyping(isTypingField(event.target));
    // Leaving a field for another: the next one's focusin decides; for nothing: not typing.
    const onFocusOut = (event: FocusEvent) => setTyping(isTypingField(event.relatedTarget));
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return isTyping;
}

/**
 * The round "Add" button in the bottom-right corner; dispatches ADD_ACTION_EVENT. Hidden while a
 * field of the page has the focus, so it never sits over what is being typed.
 */
export function FloatingAddButton({ bottom = 20 }: FloatingAddButtonProps) {
  const isTyping = useIsTyping();
  if (isTyping) return null;
  return (
    // Below the shell's bars (z-index 100) so the open phone sidebar covers it; above the page.
    <Affix position={{ bottom, right: 20 }} zIndex={90}>
      <ActionIcon
        size={56}
        radius="xl"
        variant="filled"
        aria-label="Add"
        title="Add"
        style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        onClick={() => window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT))}
      >
        <IconPlus size={28} stroke={2.2} aria-hidden />
      </ActionIcon>
    </Affix>
  );
}
