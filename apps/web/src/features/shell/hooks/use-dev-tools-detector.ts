import { useEffect, useRef } from 'react';

/** Spec 01 section 9: poll every 500 ms; docked dev tools take more than 170 px of the window. */
const POLL_MS = 500;
const THRESHOLD_PX = 170;

function devToolsLookOpen(): boolean {
  return (
    window.outerWidth - window.innerWidth > THRESHOLD_PX ||
    window.outerHeight - window.innerHeight > THRESHOLD_PX
  );
}

/**
 * The opt-in developer-tools detector (spec 01 section 9). It only guesses, from the gap between
 * the outer and inner window size (undocked tools or a zoomed page fool it), so it warns and
 * never signs anyone out. Calls `onOpen` each time the tools appear to open.
 */
export function useDevToolsDetector(enabled: boolean, onOpen: () => void): void {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });

  useEffect(() => {
    if (!enabled) return;
    let wasOpen = devToolsLookOpen();
    if (wasOpen) latest.current();
    const timer = window.setInterval(() => {
      const isOpen = devToolsLookOpen();
      if (isOpen && !wasOpen) latest.current();
      wasOpen = isOpen;
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
