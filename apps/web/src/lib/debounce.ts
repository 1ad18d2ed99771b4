// Debouncing: a call runs once calls have paused for `delayMs`, with the last arguments. The admin lists
// search with it: typing 'provedor' asks the server once, not once per letter.

/** How long the admin lists wait after the last key before they search. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call, if any (a list that unmounts). */
  cancel(): void;
}

/** `fn`, run `delayMs` after the last call, with that call's arguments; a call in between restarts the wait. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, delayMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
