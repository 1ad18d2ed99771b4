// Which API routes answer without an active PRO session: the ones whose endpoint contract says
// `access: 'public'` (packages/domain/src/*.contract.ts), the OpenAPI document, and everything under
// /api/auth/ (better-auth's own routes). Every other /api route is for active PRO sessions only.
// public-routes.test.ts keeps the whole list as a snapshot: a change to it is a security review.
import { allEndpoints } from '@vitrine/domain/endpoints';

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** Public routes that have no endpoint contract. */
const UNCONTRACTED_PUBLIC_ROUTES = ['GET /api/openapi.json'];

export const publicRoutes: ReadonlySet<string> = new Set([
  ...allEndpoints.filter((endpoint) => endpoint.access === 'public').map((endpoint) => routeKey(endpoint.method, endpoint.path)),
  ...UNCONTRACTED_PUBLIC_ROUTES,
]);

/**
 * Whole prefixes that are public. Sign-in, sign-up, sign-out, the confirmation link and the password
 * reset must work without (or with an ended) PRO session; the routes there are a fixed list
 * (modules/access), each rate-limited.
 */
export const publicPrefixes: readonly string[] = ['/api/auth/'];

export const isPublicRoute = (method: string, url: string) =>
  publicRoutes.has(routeKey(method, url)) || publicPrefixes.some((prefix) => url.startsWith(prefix));
