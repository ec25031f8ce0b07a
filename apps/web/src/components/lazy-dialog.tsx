import { type ComponentType, Suspense } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';

/**
 * A dialog whose code is loaded on demand (React.lazy) and mounted from the first time it is
 * open, then kept: it closes with its animation and keeps what its form holds, as it did when it
 * was always mounted. Until then the page neither downloads nor runs its code (issue 29).
 */
export function whenOpened<P extends object>(Dialog: ComponentType<P>, isOpen: (props: P) => boolean) {
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(isOpen(props))) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
