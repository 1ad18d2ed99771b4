// Server-side access control: routes not listed in public-routes.ts need an active PRO session. With
// REQUIRE_TWO_FACTOR, a PRO session without a second factor reaches only the set-up routes (public-routes.ts):
// the guard below runs on every /api route, public or not, the event stream included.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { twoFactorErrorCodes, twoFactorErrorMessages } from '@vitrine/domain/two-factor';
import { AppError, forbidden, unauthorized } from '../shared/errors.ts';
import { isPublicRoute, isTwoFactorSetupRoute } from './public-routes.ts';

export interface Viewer {
  userId: string;
  email: string;
  /** The session's row id (not its token). */
  sessionId: string;
  /** Re-checked against pro_users on every request, so deactivation takes effect at once. */
  isPro: boolean;
  /** The account answers a second factor at sign-in (the session exists only after it). */
  twoFactorEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'public' | 'pro';
  }
  interface FastifyRequest {
    /** The signed-in user, resolved once per request (null when signed out). */
    viewer(): Promise<Viewer | null>;
  }
}

export interface AccessPluginOptions {
  resolveViewer: (request: FastifyRequest) => Promise<Viewer | null>;
  /** The session cookie's name, to mark answers to signed-in requests as not cacheable. */
  sessionCookieName: string;
  /**
   * REQUIRE_TWO_FACTOR: every route but the two-factor set-up ones (public-routes.ts) refuses a PRO user's
   * session that has not enrolled, the routes open to visitors included.
   */
  requireTwoFactor?: boolean;
}

const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

export const accessPlugin = fp<AccessPluginOptions>(async (app, { resolveViewer, sessionCookieName, requireTwoFactor = false }) => {
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveViewer(this);
      cache.set(this, pending);
    }
    return pending;
  });

  const twoFactorRequired = () => new AppError(twoFactorErrorCodes.required, 403, twoFactorErrorMessages[twoFactorErrorCodes.required]!);
  /** A PRO user who has not turned two-factor on, while REQUIRE_TWO_FACTOR holds. */
  const lacksSecondFactor = (viewer: Viewer) => requireTwoFactor && viewer.isPro && !viewer.twoFactorEnabled;

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // Fastify adds a HEAD twin for every GET: it runs the GET handler, so it gets the GET's rule.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((method) => (method === 'HEAD' ? 'GET' : method));
    const isPublic = methods.every((method) => isPublicRoute(method, route.url));
    const isSetup = methods.every((method) => isTwoFactorSetupRoute(method, route.url));
    route.config = { ...(route.config ?? {}), access: isPublic ? 'public' : 'pro' };
    if (isPublic && (!requireTwoFactor || isSetup)) return;
    const guard = async (request: FastifyRequest) => {
      // A visitor (no session cookie) on a public route is not asked anything.
      if (isPublic && !request.headers.cookie?.includes(sessionCookieName)) return;
      const viewer = await request.viewer();
      if (!isPublic) {
        if (!viewer) throw unauthorized();
        if (!viewer.isPro) throw forbidden();
      }
      // A PRO user's session is refused whatever the route, open to visitors or not.
      if (viewer && !isSetup && lacksSecondFactor(viewer)) throw twoFactorRequired();
    };
    // onRequest runs before the body is parsed or validated: strangers learn nothing about the route.
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });

  // Authenticated answers must not be kept by browsers or proxies (ASVS 14.3.2).
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith('/api')) return;
    const isPro = request.routeOptions.config?.access === 'pro';
    const hasSession = request.headers.cookie?.includes(sessionCookieName) ?? false;
    if (isPro || hasSession) reply.header('cache-control', 'no-store');
  });
});
