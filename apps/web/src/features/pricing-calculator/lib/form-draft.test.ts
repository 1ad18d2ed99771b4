import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './form-draft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const HOUR = 60 * 60 * 1000;

describe('form drafts', () => {
  it('restores a draft under 24 hours old and drops one that is older', () => {
    const storage = memoryStorage();
    writeDraft('rascunho', { name: 'Provedor' }, { storage, now: 0 });
    expect(readDraft('rascunho', { storage, now: 24 * HOUR - 1 })).toEqual({ name: 'Provedor' });
    expect(readDraft('rascunho', { storage, now: 24 * HOUR })).toBeNull();
    expect(storage.items.has('rascunho')).toBe(false);
  });

  it('drops what it cannot read, and a draft from the future', () => {
    const storage = memoryStorage();
    storage.setItem('quebrado', '{"savedAt":');
    expect(readDraft('quebrado', { storage, now: 0 })).toBeNull();
    writeDraft('futuro', { a: 1 }, { storage, now: 10 * HOUR });
    expect(readDraft('futuro', { storage, now: 0 })).toBeNull();
  });

  it('is cleared on demand', () => {
    const storage = memoryStorage();
    writeDraft('rascunho', 1, { storage, now: 0 });
    clearDraft('rascunho', { storage });
    expect(readDraft('rascunho', { storage, now: 1 })).toBeNull();
  });
});
