// Where /auth goes once signed in: back to the guarded page that sent the visitor there (or that
// 'Ir para o Admin' was reaching), never to another site; the home page otherwise.

/** The navigation state that carries the page to return to. */
export const returnTo = (path: string) => ({ next: path });

export function afterSignInPath(state: unknown): string {
  const next = (state as { next?: unknown } | null)?.next;
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
