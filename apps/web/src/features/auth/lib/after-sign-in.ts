// Where /auth goes once signed in: back to the guarded page that sent the visitor there (or that
// 'Ir para o Admin' was reaching), never to another site; otherwise the admin panel for a PRO user
// (whose work is there) and the home page for anyone else.

/** The navigation state that carries the page to return to. */
export const returnTo = (path: string) => ({ next: path });

export function afterSignInPath(state: unknown, access?: { isPro: boolean } | null): string {
  const next = (state as { next?: unknown } | null)?.next;
  if (typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')) return next;
  return access?.isPro ? '/admin' : '/';
}
