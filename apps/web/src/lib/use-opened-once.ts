import { useState } from 'react';

/**
 * True from the first render where `opened` is true, and from then on: what was drawn for an
 * opened panel or dialog stays drawn while it closes (its animation, what its form holds).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  return opened || wasOpened;
}
