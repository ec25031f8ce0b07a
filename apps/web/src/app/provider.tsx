import { createUseExternalEvents, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * App-wide providers. The modals manager sits beside the router, not inside it, so a dialog
 * opened just before a navigation (e.g. "registration successful", then /login) stays open on
 * the next page.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {children}
        <ModalsOnDemand />
      </MantineProvider>
    </QueryClientProvider>
  );
}

// Pages open dialogs with `modals.open(…)` from @mantine/modals, which only sends a window event
// named `mantine-modals:<action>`; its ModalsProvider listens for them and draws the dialog. The
// provider pulls in Mantine's Modal, focus trap and scroll lock, which a first visit to /login
// does not need to draw the page, so it is loaded on the first dialog or the first touch or key
// press (when the visitor starts using the page), and events sent before it listens are replayed.
const MODALS_EVENTS = 'mantine-modals';
const MODAL_ACTIONS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
] as const;
type ModalAction = (typeof MODAL_ACTIONS)[number];
type ModalEvent = { action: ModalAction; detail: unknown };

const [useModalsEvents] =
  createUseExternalEvents<Record<ModalAction, (detail: unknown) => void>>(MODALS_EVENTS);

type ModalsProviderType = typeof import('@mantine/modals')['ModalsProvider'];

/** The modals manager, loaded when first needed; holds the dialog events sent before that. */
export function ModalsOnDemand() {
  const held = useRef<ModalEvent[]>([]);
  // Set before the replay: the replayed events must reach the manager only, not be held again.
  const isReplayed = useRef(false);
  const [isWanted, setWanted] = useState(false);
  const [Provider, setProvider] = useState<ModalsProviderType | null>(null);
  const [isListening, setListening] = useState(false);

  useEffect(() => {
    if (isWanted) return;
    const want = () => setWanted(true);
    const triggers = ['pointerdown', 'keydown'] as const;
    for (const trigger of triggers) window.addEventListener(trigger, want, { once: true, passive: true });
    return () => {
      for (const trigger of triggers) window.removeEventListener(trigger, want);
    };
  }, [isWanted]);

  useEffect(() => {
    if (!isWanted || Provider) return;
    let isCurrent = true;
    import('@mantine/modals').then(
      (module) => {
        if (isCurrent) setProvider(() => module.ModalsProvider);
      },
      // Offline or a failed download: try again on the next touch, key press or dialog.
      () => {
        if (isCurrent) setWanted(false);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isWanted, Provider]);

  return (
    <>
      {isListening ? null : (
        <HoldModalEvents
          onEvent={(event) => {
            if (isReplayed.current) return;
            held.current.push(event);
            setWanted(true);
          }}
        />
      )}
      {Provider ? (
        <Provider labels={{ confirm: 'OK', cancel: 'Cancel' }}>
          <ReplayHeldEvents
            onListening={() => {
              isReplayed.current = true;
              setListening(true);
              for (const { action, detail } of held.current.splice(0)) {
                window.dispatchEvent(new CustomEvent(`${MODALS_EVENTS}:${action}`, { detail }));
              }
            }}
          />
        </Provider>
      ) : null}
    </>
  );
}

/** Catches dialog events while no modals manager listens. */
function HoldModalEvents({ onEvent }: { onEvent: (event: ModalEvent) => void }) {
  const handlers = Object.fromEntries(
    MODAL_ACTIONS.map((action) => [action, (detail: unknown) => onEvent({ action, detail })]),
  ) as Record<ModalAction, (detail: unknown) => void>;
  useModalsEvents(handlers);
  return null;
}

/**
 * Rendered inside the loaded ModalsProvider. It subscribes in a layout effect, which React runs
 * before any passive effect of the same commit, so by this effect it listens.
 */
function ReplayHeldEvents({ onListening }: { onListening: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onListening();
  }, [onListening]);
  return null;
}
