import { useEffect, useRef } from 'react';

/** What counts as the user being there (spec 01 section 4: mouse or keyboard; also touch and scroll). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** A moving mouse fires dozens of events a second; re-arming the timer once a second is plenty. */
const RESET_THROTTLE_MS = 1000;

/**
 * Calls `onTimeout` once after `timeoutMs` without user activity. A plain `setTimeout`, re-armed
 * on activity, so a test can fast-forward it with Playwright's clock.
 */
export function useInactivityTimeout(timeoutMs: number, onTimeout: () => void): void {
  const latest = useRef(onTimeout);
  useEffect(() => {
    latest.current = onTimeout;
  });

  useEffect(() => {
    let timer: number | undefined;
    let armedAt = 0;
    let hasFired = false;

    const arm = () => {
      window.clearTimeout(timer);
      armedAt = Date.now();
      timer = window.setTimeout(() => {
        hasFired = true;
        latest.current();
      }, timeoutMs);
    };
    const onActivity = () => {
      if (!hasFired && Date.now() - armedAt >= RESET_THROTTLE_MS) arm();
    };

    arm();
    // Capture phase: scrolling inside a panel does not bubble, and a handler that stops
    // propagation must not hide activity.
    for (const type of ACTIVITY_EVENTS) {
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    return () => {
      window.clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) {
        document.removeEventListener(type, onActivity, { capture: true });
      }
    };
  }, [timeoutMs]);
}
