import type { RecordValues } from '@pgel/shared/records/validation';
import { useSyncExternalStore } from 'react';

/**
 * The entry form's values outside React state (issue 29: typing cost 50-90 ms a key at 4x CPU
 * slowdown because every key re-rendered the whole form). Each input subscribes to the values it
 * shows, so a key re-renders that one input; the form reads the values when it sends them.
 */
export type ValuesStore = {
  get: () => RecordValues;
  set: (next: RecordValues) => void;
  update: (change: (current: RecordValues) => RecordValues) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createValuesStore(initial: RecordValues): ValuesStore {
  let values = initial;
  const listeners = new Set<() => void>();
  const set = (next: RecordValues) => {
    if (next === values) return;
    values = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => values,
    set,
    update: (change) => set(change(values)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One field's value; the caller re-renders only when that value changes. */
export function useStoreValue(store: ValuesStore, name: string | undefined): unknown {
  return useSyncExternalStore(store.subscribe, () => (name === undefined ? undefined : store.get()[name]));
}

/**
 * Calls `save` once the values have rested for `delayMs` (a draft is not written on every key);
 * `flush` saves what waits at once (the form closes), `cancel` forgets it (the entry was sent).
 */
export function createDebouncedSave(save: () => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule: () => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        save();
      }, delayMs);
    },
    flush: () => {
      if (timer === null) return;
      cancel();
      save();
    },
    cancel,
  };
}
