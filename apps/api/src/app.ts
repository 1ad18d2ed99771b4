// buildApp(): external plugins, then ours, then modules. Tests build the same app.
import { fileURLToPath } from 'node:url';
import '@vitrine/domain/zod-locale';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { accessPlugin, type Viewer } from './plugins/access.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { eventsPlugin } from './plugins/events.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { ensureAdmin, resolveViewer as resolveSessionViewer } from './modules/access/access.usecases.ts';
import { createAuth, SESSION_COOKIE } from './modules/access/auth.ts';
import { resolveAuthSecret } from './modules/access/auth-secret.ts';
import { createProUsersRepository } from './modules/access/pro-users.repository.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { createMailer } from './shared/mailer.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { resellersRoutes } from './modules/resellers/resellers.routes.ts';

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    // Never log credentials, session cookies or download codes.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.code'],
  };
}

export async function buildApp({ env, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(env),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Keep-alive connections would hold close() open: tell clients to reconnect elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const isHttps = env.PUBLIC_URL?.startsWith('https://') ?? false;
  const proUsers = createProUsersRepository(database.db);
  const mailer = createMailer({ db: database.db, logger: app.log as Logger, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const secret = resolveAuthSecret({ secret: env.AUTH_SECRET, dataDir: env.DATA_DIR });
  const auth = createAuth({
    db: database.db,
    secret,
    publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
    secureCookies: isHttps,
    proUsers,
    mailer,
    logger: app.log,
  });
  const resolveViewer = (request: FastifyRequest): Promise<Viewer | null> => {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    return resolveSessionViewer({ auth, proUsers }, headers);
  };
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    app.addHook('onReady', async () => {
      const { created } = await ensureAdmin({ auth, proUsers }, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      app.log.info({ email: ADMIN_EMAIL, created }, created ? 'conta de administrador criada' : 'conta de administrador mantida');
    });
  }

  await app.register(cookie);
  await app.register(securityPlugin, { https: isHttps });
  await app.register(errorHandlerPlugin);
  await app.register(openapiPlugin);
  await app.register(rateLimitPlugin, { db: database.db });
  await app.register(originCheckPlugin, { publicUrl: env.PUBLIC_URL });
  await app.register(accessPlugin, { resolveViewer, sessionCookieName: SESSION_COOKIE });
  await app.register(eventsPlugin, {
    database,
    canSeePrivate: async (request) => (await request.viewer())?.isPro ?? false,
  });

  await app.register(healthRoutes, { database });
  await app.register(accessRoutes, { auth, proUsers });
  await app.register(analyticsRoutes, { db: database.db });
  await app.register(contentRoutes, { db: database.db, mailer, contactEmail: env.CONTACT_EMAIL });
  await app.register(catalogRoutes, { db: database.db, linkSecret: secret });
  await app.register(resellersRoutes, { db: database.db });

  await app.register(spaPlugin, { root: env.WEB_DIST ?? defaultWebDist });
  return app;
}
