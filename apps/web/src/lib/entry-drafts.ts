/**
 * Unfinished entry forms kept on this device (issue 10): one draft per user and form, in local
 * storage, so a form closed by mistake, a reload or a phone that dropped the page gives back
 * what was typed. The caller decides what goes in (never patient identifiers nor files); a draft
 * is removed when its entry is sent, and every draft when the user signs out. Lives in lib/
 * because signing out (features/auth) clears what the records feature wrote.
 */
const PREFIX = 'pgel.draft:';

export type StoredDraft = {
  /** When it was last written (ISO). */
  savedAt: string;
  values: Record<string, unknown>;
};

const keyOf = (userId: string, form: string) => `${PREFIX}${userId}:${form}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (private mode, settings): drafts are simply not kept.
    return null;
  }
}

export function readDraft(userId: string, form: string): StoredDraft | null {
  try {
    const raw = storage()?.getItem(keyOf(userId, form));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { savedAt, values } = parsed as Partial<StoredDraft>;
    if (typeof savedAt !== 'string' || !values || typeof values !== 'object' || Array.isArray(values)) {
      return null;
    }
    return { savedAt, values };
  } catch {
    // Unreadable JSON: as if there were no draft.
    return null;
  }
}

export function writeDraft(userId: string, form: string, values: Record<string, unknown>): void {
  try {
    const draft: StoredDraft = { savedAt: new Date().toISOString(), values };
    storage()?.setItem(keyOf(userId, form), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works; only the safety net is lost.
  }
}

export function removeDraft(userId: string, form: string): void {
  try {
    storage()?.removeItem(keyOf(userId, form));
  } catch {
    // Nothing to remove.
  }
}

/** Every user's drafts on this device (signing out). */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
