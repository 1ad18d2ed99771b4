import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, SEARCH_DEBOUNCE_MS } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("typing 'provedor' one key every 100 ms searches once, for the whole word, 300 ms after the last key", () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    let typed = '';
    for (const key of 'provedor') {
      typed += key;
      debounced(typed);
      vi.advanceTimersByTime(100);
    }
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100 - 1);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('provedor');
  });

  it('a pause as long as the wait searches what was typed so far; a later key searches again', () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    debounced('pro');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    debounced('prov');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(search.mock.calls).toEqual([['pro'], ['prov']]);
  });

  it('cancel drops the pending call', () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    debounced('provedor');
    debounced.cancel();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(search).not.toHaveBeenCalled();
  });
});
