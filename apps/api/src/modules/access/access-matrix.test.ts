// Walks every route of the OpenAPI document as a visitor, a deactivated PRO user and an active admin:
// without an active PRO session no write and no admin read succeeds, the public routes are exactly the
// listed ones, and nothing ever answers 500.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { users } from '../../db/schema.ts';
import { isPublicRoute, isTwoFactorSetupRoute, publicRoutes } from '../../plugins/public-routes.ts';
import { adminEnv, createConfirmedProUser, listPro, signInAsAdmin } from './access.test-support.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Long-lived streams never finish under inject(); their access rule is tested in plugins/events.test.ts.
const STREAMS = new Set(['GET /api/events']);

interface Route {
  method: string;
  /** Fastify's form, '/api/apps/:appId'. */
  path: string;
  /** With path parameters filled in. */
  url: string;
}

async function routesOf(t: TestApp): Promise<Route[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json() as { paths: Record<string, Record<string, unknown>> };
  const routes: Route[] = [];
  for (const [openapiPath, operations] of Object.entries(doc.paths)) {
    const path = openapiPath.replace(/\{(\w+)\}/g, ':$1');
    const url = openapiPath.replace(/\{\w+\}/g, () => randomUUID());
    for (const method of Object.keys(operations)) routes.push({ method: method.toUpperCase(), path, url });
  }
  // Sign-out last, so the admin's session lives through the whole walk.
  return routes.sort((a, b) => Number(a.path === '/api/auth/sign-out') - Number(b.path === '/api/auth/sign-out'));
}

const call = (t: TestApp, route: Route, cookie?: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url,
    headers: cookie ? { cookie } : {},
    ...(WRITE_METHODS.has(route.method) ? { payload: {} } : {}),
  });

describe('access matrix over every API route', () => {
  let t: TestApp;
  let routes: Route[];
  let deactivated: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    routes = (await routesOf(t)).filter((route) => !STREAMS.has(`${route.method} ${route.path}`));
    deactivated = await createConfirmedProUser(t.app, t.database.db, 'desativado@example.com');
    await listPro(t.database.db, 'desativado@example.com', false);
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('finds the routes of the document, the account links among them', () => {
    expect(routes.length).toBeGreaterThan(5);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'PUT /api/access/pro-users',
        'POST /api/auth/sign-up/email',
        'POST /api/auth/confirm/lookup',
        'POST /api/auth/confirm',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
      ]),
    );
  });

  it('lists only public routes that exist', () => {
    for (const key of publicRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it('a visitor gets 401 on every route that is not listed public, and never a 500', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const response = await call(t, route);
      const label = `${route.method} ${route.path} → ${response.statusCode}`;
      if (response.statusCode >= 500) problems.push(`${label} (5xx)`);
      const listed = isPublicRoute(route.method, route.path);
      if (!listed && response.statusCode !== 401) problems.push(`${label} (deveria ser 401)`);
      if (listed && response.statusCode === 401 && !route.path.startsWith('/api/auth/')) problems.push(`${label} (listada como pública)`);
    }
    expect(problems).toEqual([]);
  });

  it('HEAD follows the rule of its GET (it runs the same handler)', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((candidate) => candidate.method === 'GET')) {
      const response = await t.app.inject({ method: 'HEAD', url: route.url });
      if (!isPublicRoute('GET', route.path) && response.statusCode !== 401) problems.push(`HEAD ${route.path} → ${response.statusCode}`);
      if (response.statusCode >= 500) problems.push(`HEAD ${route.path} → ${response.statusCode} (5xx)`);
    }
    expect(problems).toEqual([]);
  });

  it('a deactivated PRO user gets 403 on every route that is not public, and never a 500', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const response = await call(t, route, deactivated);
      const label = `${route.method} ${route.path} → ${response.statusCode}`;
      if (response.statusCode >= 500) problems.push(`${label} (5xx)`);
      if (!isPublicRoute(route.method, route.path) && response.statusCode !== 403) problems.push(`${label} (deveria ser 403)`);
    }
    expect(problems).toEqual([]);
  });

  it('public writes are the listed ones, and none of them succeeds with an empty body', async () => {
    const publicWrites = routes.filter((route) => WRITE_METHODS.has(route.method) && isPublicRoute(route.method, route.path));
    for (const route of publicWrites) {
      if (route.path === '/api/auth/sign-out') continue; // signing out without a session is harmless
      if (route.path === '/api/chat/conversations') continue; // any visitor may start a chat: it takes no input
      const response = await call(t, route);
      expect(response.statusCode, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });

  it('an active admin reaches every route without a 500', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const response = await call(t, route, admin);
      const label = `${route.method} ${route.path} → ${response.statusCode}`;
      if (response.statusCode >= 500) problems.push(`${label} (5xx): ${response.body.slice(0, 200)}`);
      if (response.statusCode === 401 || (response.statusCode === 403 && !route.path.startsWith('/api/auth/'))) {
        problems.push(`${label} (admin recusado): ${response.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// REQUIRE_TWO_FACTOR (issue 43): the rule is about a PRO user's session, whatever the route. The routes
// open to visitors (a conversation, its files and payments, provider documents) answered an admin's
// session without two-factor, so it read what only "the visitor who owns it or an admin" may read.
describe('REQUIRE_TWO_FACTOR over every API route', () => {
  let t: TestApp;
  let routes: Route[];
  let withoutTwoFactor: string;
  let withTwoFactor: string;
  // Not in the OpenAPI document: the document itself and the documentation page.
  const undocumented: Route[] = [
    { method: 'GET', path: '/api/openapi.json', url: '/api/openapi.json' },
    { method: 'GET', path: '/api/docs/json', url: '/api/docs/json' },
  ];

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...adminEnv, REQUIRE_TWO_FACTOR: 'true' }, jobs: fastJobs });
    // The document's routes end with sign-out, which ends the session: the undocumented ones come first.
    routes = [...undocumented, ...(await routesOf(t)).filter((route) => !STREAMS.has(`${route.method} ${route.path}`))];
    withoutTwoFactor = await signInAsAdmin(t.app);
    // An admin whose two-factor is on: signed in before it was turned on, as the sign-in would otherwise ask for a code.
    withTwoFactor = await createConfirmedProUser(t.app, t.database.db, 'com-2fa@example.com');
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, 'com-2fa@example.com'));
  });
  afterAll(() => t.close());

  it('a PRO session without two-factor gets 403 two_factor_required on every route but the set-up ones, HEAD included', async () => {
    const problems: string[] = [];
    const reached: string[] = [];
    for (const route of routes) {
      for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) {
        const response = await call(t, { ...route, method }, withoutTwoFactor);
        const label = `${method} ${route.path} → ${response.statusCode}`;
        const refused = response.statusCode === 403 && (method === 'HEAD' || response.json().error.code === 'two_factor_required');
        if (response.statusCode >= 500) problems.push(`${label} (5xx)`);
        if (isTwoFactorSetupRoute(route.method, route.path)) {
          if (refused) problems.push(`${label} (passo de ativação recusado)`);
          else reached.push(`${method} ${route.path}`);
        } else if (!refused) problems.push(`${label} (deveria ser 403 two_factor_required): ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(reached.sort()).toEqual([
      'GET /api/access/me',
      'HEAD /api/access/me',
      'POST /api/auth/sign-out',
      'POST /api/auth/two-factor/enable',
      'POST /api/auth/two-factor/verify-totp',
    ]);
  });

  it('a visitor keeps every public route, and an admin whose two-factor is on reaches every route', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((candidate) => candidate.path !== '/api/auth/sign-out')) {
      const visitor = await call(t, route);
      if (visitor.body.includes('two_factor_required') || visitor.statusCode >= 500)
        problems.push(`visitante: ${route.method} ${route.path} → ${visitor.statusCode}`);
      const admin = await call(t, route, withTwoFactor);
      if (admin.statusCode === 401 || admin.statusCode >= 500 || (admin.statusCode === 403 && !route.path.startsWith('/api/auth/'))) {
        problems.push(`admin com 2FA: ${route.method} ${route.path} → ${admin.statusCode}: ${admin.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
