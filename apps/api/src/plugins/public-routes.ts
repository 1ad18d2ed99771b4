// Every API route is for active PRO sessions only, except the ones listed here.
// Public reads return active records only.
export const publicRoutes: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/ready',
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
  // Stored files: public buckets to anyone, private ones to active PRO sessions (checked in the route),
  // and private files of buckets that allow it through short-lived signed links.
  'GET /api/files/:bucket/:name',
  'GET /api/files/signed/:token',
  // The movie and series catalogue; writes to the local catalogue are admin-only.
  'GET /api/media/home',
  'GET /api/media/lists/:mediaType/:list',
  'GET /api/media/discover/:mediaType',
  'GET /api/media/search',
  'GET /api/media/genres/:mediaType',
  'GET /api/media/titles/:mediaType/:id',
  // The chat assistant: a visitor (cookie) reads and writes only its own conversations, checked in
  // the routes; admins read them too. The admin lists under /api/chat/admin are not public.
  'POST /api/chat/conversations',
  'GET /api/chat/conversations/latest',
  'GET /api/chat/conversations/:id',
  'POST /api/chat/conversations/:id/messages',
  'PUT /api/chat/conversations/:id/messages/:messageId/feedback',
  'POST /api/chat/conversations/:id/images',
  'POST /api/chat/conversations/:id/voice-notes',
  'GET /api/chat/conversations/:id/files/:uploadId',
  'GET /api/chat/conversations/:id/shortcut-runs/:deliveryId',
  'GET /api/chat/shortcuts',
  'POST /api/chat/shortcuts/:id/run',
]);

/**
 * Whole prefixes that are public. Sign-in, sign-up, sign-out, the confirmation link and the password
 * reset must work without (or with an ended) PRO session; the routes there are a fixed list
 * (modules/access), each rate-limited.
 */
export const publicPrefixes: readonly string[] = ['/api/auth/'];

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

export const isPublicRoute = (method: string, url: string) =>
  publicRoutes.has(routeKey(method, url)) || publicPrefixes.some((prefix) => url.startsWith(prefix));
