// A form's draft kept in the browser while it is filled in: written a moment after the last change,
// offered again when the form reopens within its lifetime, dropped on cancel or a successful save.
import { useCallback, useEffect, useRef } from 'react';
import { PROVIDER_DRAFT } from '@vitrine/domain/recharge';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
interface StoredDraft<T> {
  savedAt: number;
  value: T;
}

const storageOrNull = (): DraftStorage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be refused (private modes, blocked cookies): the form works without drafts.
    return null;
  }
};

/** The draft under `key` if it was saved less than `maxAgeMs` ago; an older or unreadable one is dropped. */
export function readDraft<T>(key: string, { storage = storageOrNull(), now = Date.now(), maxAgeMs = PROVIDER_DRAFT.maxAgeMs } = {}): T | null {
  const text = storage?.getItem(key);
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as StoredDraft<T>;
    if (typeof stored.savedAt === 'number' && now - stored.savedAt >= 0 && now - stored.savedAt < maxAgeMs && stored.value !== undefined) return stored.value;
  } catch {
    // Not ours, or cut short: dropped below.
  }
  storage?.removeItem(key);
  return null;
}

export function writeDraft<T>(key: string, value: T, { storage = storageOrNull(), now = Date.now() } = {}) {
  try {
    storage?.setItem(key, JSON.stringify({ savedAt: now, value } satisfies StoredDraft<T>));
  } catch {
    // A full storage only costs the draft.
  }
}

export function clearDraft(key: string, { storage = storageOrNull() } = {}) {
  storage?.removeItem(key);
}

/**
 * Saves `value` under `key` once it has not changed for the delay (800 ms); `enabled` false saves nothing.
 * Gives back `discard`, for a cancel or a successful save: it drops the draft, and a write still waiting for
 * its delay never happens (the form closes only after the save has answered, and a change made just before
 * the click would otherwise write the draft again between the two).
 */
export function useFormDraft<T>(key: string, value: T, { enabled = true, delayMs = PROVIDER_DRAFT.saveDelayMs }: { enabled?: boolean; delayMs?: number } = {}) {
  const discarded = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      if (!discarded.current) writeDraft(key, value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [key, value, enabled, delayMs]);
  return useCallback(() => {
    discarded.current = true;
    clearDraft(key);
  }, [key]);
}
