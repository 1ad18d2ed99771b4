// Every API route is for active PRO sessions only, except the ones listed here (decisions.md, Access).
// Public reads return active records only.
export const publicRoutes: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/events',
  'GET /api/openapi.json',
  'POST /api/analytics/access-events',
  'GET /api/site-config/:section',
  'POST /api/contact',
  'GET /api/plans',
  'GET /api/apps',
  'GET /api/apps/categories',
  'GET /api/streaming-apps',
  // Redeeming a download code and following the signed link it returns; generating codes is admin-only.
  'POST /api/apps/:appId/downloads',
  'GET /api/downloads/:token',
  'GET /api/reseller-plans',
  'GET /api/servers',
  'GET /api/access/me',
]);

/**
 * Whole prefixes that are public. Sign-in, sign-up, sign-out and e-mail confirmation must work
 * without (or with an ended) PRO session; the routes there are a fixed list (modules/access).
 */
export const publicPrefixes: readonly string[] = ['/api/auth/'];

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

export const isPublicRoute = (method: string, url: string) =>
  publicRoutes.has(routeKey(method, url)) || publicPrefixes.some((prefix) => url.startsWith(prefix));
