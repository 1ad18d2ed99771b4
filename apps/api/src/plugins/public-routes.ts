// Which API routes answer without an active PRO session: the ones whose endpoint contract says
// `access: 'public'` (packages/domain/src/*.contract.ts), the OpenAPI document, and everything under
// /api/auth/ (better-auth's own routes). Every other /api route is for active PRO sessions only.
// public-routes.test.ts keeps the whole list as a snapshot: a change to it is a security review.
import { accessContract } from '@vitrine/domain/access.contract';
import { allEndpoints } from '@vitrine/domain/endpoints';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';

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
 * (modules/access), each rate-limited. /api/docs is the API's documentation page (swagger-ui: its
 * page, scripts and the document again), which describes the routes and holds no data.
 */
export const publicPrefixes: readonly string[] = ['/api/auth/', '/api/docs'];

export const isPublicRoute = (method: string, url: string) =>
  publicRoutes.has(routeKey(method, url)) || publicPrefixes.some((prefix) => url.startsWith(prefix));

/**
 * REQUIRE_TWO_FACTOR: the only routes a PRO session without a second factor reaches. Who is signed in (the
 * web reads there that enrolment comes first), enrolment (enable, then the first code) and sign-out. Every
 * other route answers that session 403 `two_factor_required` (plugins/access.ts), the routes open to
 * visitors and the event stream included: the session is the PRO user's, whatever the route.
 */
export const twoFactorSetupRoutes: ReadonlySet<string> = new Set(
  [accessContract.me, twoFactorContract.enable, twoFactorContract.verifyTotp, accessContract.signOut].map((endpoint) =>
    routeKey(endpoint.method, endpoint.path),
  ),
);

export const isTwoFactorSetupRoute = (method: string, url: string) => twoFactorSetupRoutes.has(routeKey(method, url));
