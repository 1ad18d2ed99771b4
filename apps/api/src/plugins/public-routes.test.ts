// The security review of what strangers can call: every API route that answers without a PRO session.
// A route becomes public by its contract saying `access: 'public'`; this snapshot makes that change
// visible in review (update it with `npx vitest run -u` only after deciding the route should be public).
import { describe, expect, it } from 'vitest';
import { isPublicRoute, isTwoFactorSetupRoute, publicPrefixes, publicRoutes, twoFactorSetupRoutes } from './public-routes.ts';

describe('the public API routes', () => {
  it('are exactly these (contracts with access public, the OpenAPI document, and /api/auth/)', () => {
    expect({ routes: [...publicRoutes].sort(), prefixes: publicPrefixes }).toMatchInlineSnapshot(`
      {
        "prefixes": [
          "/api/auth/",
          "/api/docs",
        ],
        "routes": [
          "GET /api/access/me",
          "GET /api/apps",
          "GET /api/apps/categories",
          "GET /api/auth/verify-email",
          "GET /api/chat/conversations/:id",
          "GET /api/chat/conversations/:id/files/:uploadId",
          "GET /api/chat/conversations/:id/payments",
          "GET /api/chat/conversations/:id/payments/events",
          "GET /api/chat/conversations/:id/shortcut-runs/:deliveryId",
          "GET /api/chat/conversations/latest",
          "GET /api/chat/shortcuts",
          "GET /api/downloads/:token",
          "GET /api/events",
          "GET /api/files/:bucket/:name",
          "GET /api/files/signed/:token",
          "GET /api/health",
          "GET /api/media/discover/:mediaType",
          "GET /api/media/genres/:mediaType",
          "GET /api/media/home",
          "GET /api/media/lists/:mediaType/:list",
          "GET /api/media/search",
          "GET /api/media/titles/:mediaType/:id",
          "GET /api/my-subscription",
          "GET /api/openapi.json",
          "GET /api/plans",
          "GET /api/ready",
          "GET /api/reseller-plans",
          "GET /api/servers",
          "GET /api/site-config/:section",
          "GET /api/streaming-apps",
          "GET /api/whatsapp/webhook",
          "POST /api/analytics/access-events",
          "POST /api/apps/:appId/downloads",
          "POST /api/auth/confirm",
          "POST /api/auth/confirm/lookup",
          "POST /api/auth/forgot-password",
          "POST /api/auth/reset-password",
          "POST /api/auth/sign-in/email",
          "POST /api/auth/sign-out",
          "POST /api/auth/sign-up/email",
          "POST /api/auth/two-factor/disable",
          "POST /api/auth/two-factor/enable",
          "POST /api/auth/two-factor/generate-backup-codes",
          "POST /api/auth/two-factor/verify-backup-code",
          "POST /api/auth/two-factor/verify-totp",
          "POST /api/chat/conversations",
          "POST /api/chat/conversations/:id/images",
          "POST /api/chat/conversations/:id/messages",
          "POST /api/chat/conversations/:id/payments/:paymentId/renew",
          "POST /api/chat/conversations/:id/voice-notes",
          "POST /api/chat/shortcuts/:id/run",
          "POST /api/contact",
          "POST /api/my-subscription/renew",
          "POST /api/payments/pix/webhook/:secret",
          "POST /api/payments/pix/webhook/:secret/pix",
          "POST /api/whatsapp/webhook",
          "PUT /api/chat/conversations/:id/messages/:messageId/feedback",
        ],
      }
    `);
  });

  it('leave every other route to PRO sessions', () => {
    expect(isPublicRoute('GET', '/api/admin/plans')).toBe(false);
    expect(isPublicRoute('POST', '/api/plans')).toBe(false);
    expect(isPublicRoute('GET', '/api/plans')).toBe(true);
    expect(isPublicRoute('POST', '/api/auth/sign-in/email')).toBe(true);
  });
});

// REQUIRE_TWO_FACTOR: what a PRO session without a second factor may still call. Every other route, public
// or not, answers it 403 two_factor_required (plugins/access.ts; access-matrix.test.ts walks them all).
describe('the routes a PRO session without two-factor reaches when it is required', () => {
  it('are only who is signed in, enrolment (enable, first code) and sign-out', () => {
    expect([...twoFactorSetupRoutes].sort()).toMatchInlineSnapshot(`
      [
        "GET /api/access/me",
        "POST /api/auth/sign-out",
        "POST /api/auth/two-factor/enable",
        "POST /api/auth/two-factor/verify-totp",
      ]
    `);
    for (const route of twoFactorSetupRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      expect(isPublicRoute(method, url), route).toBe(true);
    }
    expect(isTwoFactorSetupRoute('GET', '/api/chat/conversations/:id')).toBe(false);
    expect(isTwoFactorSetupRoute('GET', '/api/events')).toBe(false);
    expect(isTwoFactorSetupRoute('POST', '/api/auth/sign-in/email')).toBe(false);
  });
});
