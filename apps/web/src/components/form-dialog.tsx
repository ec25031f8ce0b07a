import { Button, Modal, Stack } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { createContext, type FormEvent, type KeyboardEvent, type ReactNode, useContext, useRef } from 'react';
import { useMedia } from '../lib/use-media';
import { DialogActions } from './dialog-actions';

/** Phones (under Mantine's `xs`, 36em): form dialogs take the whole screen. */
const PHONE = '(max-width: 35.99em)';

/**
 * Every open Mantine modal closes on Escape (a window listener each) unless the key's target
 * carries this attribute. A dialog opened over another one puts it on everything focusable in
 * it, so Escape closes that dialog only and the half-filled form under it stays.
 */
export const KEEP_ESCAPE = { 'data-mantine-stop-propagation': true } as const;

/** True inside a nested form dialog: its buttons carry KEEP_ESCAPE too. */
const NestedContext = createContext(false);

type FormDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Mantine modal size; 'lg' unless given. */
  size?: string;
  /**
   * False for forms someone types into under message dialogs: Escape in a message dialog shown
   * over the form would otherwise close the form too, and what was typed would be lost. The
   * close button still works.
   */
  closeOnEscape?: boolean;
  /**
   * Opened over another dialog (an "add option" beside a select of an entry form): Escape
   * pressed inside closes this one only, never the one under it, and Escape in a message dialog
   * over it leaves it open.
   */
  nested?: boolean;
  /** False for entry forms (issue 10): a stray tap beside a long form must not close it. */
  closeOnClickOutside?: boolean;
  /**
   * Escape while this dialog is on top calls this instead of closing it (an entry form asks
   * first when something was typed). Never Escape in a dialog over it, nor one that closes an
   * open dropdown.
   */
  onEscape?: () => void;
  /** A class on the dialog's root (its header and close button included). */
  className?: string;
};

/**
 * The frame of every form in a dialog: titled, centred, full-screen on phones. Outside clicks
 * close it, as the frames it replaced did, unless `closeOnClickOutside` is false; Escape as
 * `closeOnEscape`, `onEscape` and `nested` say.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  children,
  size = 'lg',
  closeOnEscape = true,
  nested = false,
  closeOnClickOutside = true,
  onEscape,
  className,
}: FormDialogProps) {
  const isPhone = useMedia(PHONE);
  // The modal's own window listener is off when nested: Escape is handled here, from inside only.
  const escapeInside = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onClose();
  };
  // `onEscape`: a window listener, as the modal's own, so Escape works wherever the focus is
  // (after a tap beside the form it is on the page); never for a key meant for a dialog over it.
  const contentRef = useRef<HTMLDivElement>(null);
  useWindowEvent('keydown', (event) => {
    if (!onEscape || nested || !opened || event.key !== 'Escape' || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    const own = contentRef.current?.closest('[role="dialog"]') ?? null;
    const targetDialog = target?.closest('[role="dialog"]') ?? null;
    if (targetDialog !== null && targetDialog !== own) return;
    // Escape in a select or date input whose list or calendar is open closes that only.
    const isOn = (name: string) => target?.getAttribute(name) === 'true';
    if (isOn('data-mantine-stop-propagation') || isOn('aria-expanded')) return;
    onEscape();
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered={!isPhone}
      fullScreen={isPhone}
      closeOnEscape={closeOnEscape && !nested && !onEscape}
      closeOnClickOutside={closeOnClickOutside}
      className={className}
      {...(nested
        ? {
            onKeyDown: escapeInside,
            attributes: { content: KEEP_ESCAPE },
            // Replaces the theme's closeButtonProps, so its name is given again.
            closeButtonProps: { 'aria-label': 'Close', ...KEEP_ESCAPE },
          }
        : {})}
    >
      <NestedContext value={nested}>
        {onEscape ? <div ref={contentRef}>{children}</div> : children}
      </NestedContext>
    </Modal>
  );
}

type FormDialogActionsProps = {
  onCancel: () => void;
  /** The main button's label; 'Save' unless given. */
  submitLabel?: string;
  /** Shows the main button loading (and so disabled): a second press sends nothing. */
  isPending: boolean;
  submitDisabled?: boolean;
  cancelDisabled?: boolean;
  /** For actions outside a form (a list of checkboxes with a search box): the main button's click. */
  onSubmit?: () => void;
};

/** Cancel and the main button at the foot of a form dialog. */
export function FormDialogActions({
  onCancel,
  submitLabel = 'Save',
  isPending,
  submitDisabled,
  cancelDisabled,
  onSubmit,
}: FormDialogActionsProps) {
  const keepEscape = useContext(NestedContext) ? KEEP_ESCAPE : {};
  return (
    <DialogActions>
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled} {...keepEscape}>
        Cancel
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        loading={isPending}
        disabled={submitDisabled}
        {...keepEscape}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

type DialogFormProps = Omit<FormDialogActionsProps, 'onSubmit'> & {
  /** Enter in a field or the main button: check the values and send them. */
  onSubmit: () => void;
  children: ReactNode;
  /** The form's accessible name, where the page needs one besides the dialog's. */
  label?: string;
};

/**
 * The form of a form dialog: its fields, then Cancel and the main button. The browser's own
 * checks are off (`noValidate`): the shared schema's messages are shown instead.
 */
export function DialogForm({ onSubmit, children, label, ...actions }: DialogFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React passes events up through portals: a form under this dialog must not submit too.
    event.stopPropagation();
    onSubmit();
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        <FormDialogActions {...actions} />
      </Stack>
    </form>
  );
}
