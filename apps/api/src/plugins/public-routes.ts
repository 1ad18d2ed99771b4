// Every API route is for active PRO sessions only, except the ones listed here (decisions.md, Access).
// Public reads return active records only.
export const publicRoutes: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/events',
  'GET /api/openapi.json',
  'POST /api/analytics/access-events',
  'GET /api/site-config/:section',
]);

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
