// No imports: the browser tests read this list too.

/** The public site's pages; the others (sign-in, admin, calculator, unknown paths) get the empty shell. */
export const PRERENDERED_PATHS = [
  '/',
  '/sobre',
  '/funcionalidades',
  '/contato',
  '/streaming',
  '/midia',
  '/apps',
  '/apps/ativacao',
  '/knowledgebase',
  '/docs',
  '/privacidade',
  '/termos',
  '/chat',
] as const;
