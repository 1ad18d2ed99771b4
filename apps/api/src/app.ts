// buildApp(): external plugins, then ours, then modules. Tests build the same app.
import path from 'node:path';
import '@vitrine/domain/zod-locale';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { apiRoot } from './api-root.ts';
import { composeServices, type Services } from './composition.ts';
import { publicUrlMissing, whatsappConfig, type Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createOutageMonitor, type OutageMonitor } from './db/outage.ts';
import { createAccessLimits, type AccessLimits } from './modules/access/access.limits.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { ensureAdmin, resolveViewer as resolveSessionViewer } from './modules/access/access.usecases.ts';
import { createAuth, SESSION_COOKIE, type Auth } from './modules/access/auth.ts';
import { passwordHasher, type PasswordHasher } from './modules/access/passwords.ts';
import { createProUsersRepository, type ProUsersRepository } from './modules/access/pro-users.repository.ts';
import { createSignupsRepository, type SignupsRepository } from './modules/access/signups.repository.ts';
import { createSignupUsecases, type SignupUsecases } from './modules/access/signups.usecases.ts';
import { twoFactorRoutes } from './modules/access/two-factor.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog.admin.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { chatAdminRoutes } from './modules/chat/chat.admin.routes.ts';
import { createKnowledgeCache, type KnowledgeCache } from './modules/chat/chat.assistant.ts';
import { llmSourceFromSettings, type LlmSource } from './modules/chat/chat.llm.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import type { ChatDeps } from './modules/chat/chat.usecases.ts';
import { RETIRED_VISITOR_UPLOADS_SWEEP_JOB, retiredVisitorUploadsSweepHandler, sweepExpiredVisitorUploads } from './modules/chat/chat.visitor-uploads.ts';
import { contentAdminRoutes } from './modules/content/content.admin.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { recordPaidPurchase, type CustomersDeps } from './modules/customers/customers.usecases.ts';
import {
  createRenewalSendHandler,
  createRenewalSweepHandler,
  RENEWAL_SEND_JOB,
  RENEWAL_SWEEP_JOB,
  scheduleRenewalSweep,
} from './modules/customers/renewals.job.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { pageSource, readPublicAnswer } from './modules/pages/page-sources.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { chatPayments, registerPixWebhook, type PaymentsDeps } from './modules/payments/payments.usecases.ts';
import { rechargeRoutes } from './modules/recharge/recharge.routes.ts';
import { resellersAdminRoutes } from './modules/resellers/resellers.admin.routes.ts';
import { resellersRoutes } from './modules/resellers/resellers.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createWebhookDeliveryHandler, WEBHOOK_DELIVERY_JOB } from './modules/webhooks/webhooks.usecases.ts';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes.ts';
import {
  createWhatsAppAnswerHandler,
  createWhatsAppSendHandler,
  queueDeliveryMessage,
  queuePaymentConfirmation,
  queueReminderMessages,
  WHATSAPP_ANSWER_JOB,
  WHATSAPP_SEND_JOB,
} from './modules/whatsapp/whatsapp.usecases.ts';
import { accessPlugin, type Viewer } from './plugins/access.ts';
import { bodyGuardPlugin, boundedQuerystringParser, DEFAULT_BODY_LIMIT } from './plugins/body-guard.ts';
import { errorHandlerPlugin, frameworkErrorOptions, MAX_PATH_PARAMETER_LENGTH } from './plugins/error-handler.ts';
import { eventsPlugin } from './plugins/events.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeaders, securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { edgeLimitsFromEnv, serverWithFrontDoor, type FrontDoor } from './shared/front-door.ts';
import { defaultRetryPolicy } from './shared/jobs/backoff.ts';
import { createEmailJobHandler, EMAIL_JOB } from './shared/jobs/email.job.ts';
import { createHousekeepingHandler, HOUSEKEEPING_JOB, housekeepingPolicy, scheduleHousekeeping } from './shared/jobs/housekeeping.job.ts';
import type { JobRunnerOptions } from './shared/jobs/runner.ts';
import { withLogRedaction } from './shared/log-redaction.ts';
import type { AddressPolicy, Resolver } from './shared/outbound-address.ts';
import { resolveShopPix } from './shared/shop-pix.ts';
import type { FileStorage } from './shared/storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database outage monitor (tests read its counts). */
    outage: OutageMonitor;
  }
}

export const defaultWebDist = path.join(apiRoot, '../web/dist');

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** File storage; by default the one the environment configures (closed with the app). */
  storage?: FileStorage;
  /** The background job runner: on by default; false leaves jobs queued (tests that don't run them). */
  jobs?: false | Partial<JobRunnerOptions>;
  /** Tests replace the DNS resolver used for webhook targets (and every other outbound call). */
  webhooks?: { resolve?: Resolver };
  /**
   * Tests replace what the outbound client resolves and allows (by default the system DNS and public
   * addresses only, or any address with ALLOW_PRIVATE_WEBHOOKS).
   */
  outbound?: { resolve?: Resolver; policy?: AddressPolicy };
  /** Where the assistant's language-model settings come from; by default LLM_* of the environment. */
  llm?: LlmSource;
  /** The clock of limits, links, retention and housekeeping; tests move it instead of sleeping. */
  clock?: () => Date;
  /** false: this instance does not queue the housekeeping job at start (tests that count jobs rows). */
  housekeeping?: boolean;
}

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    // Never log credentials, session cookies or download codes.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.code'],
  };
}

/** What buildApp composes once and hands to the plugins and the modules. */
interface AppParts {
  env: Env;
  database: DatabaseHandle;
  services: Services;
  outage: OutageMonitor;
  access: AccessServices;
  payments: PaymentsDeps;
  customers: CustomersDeps;
  /** The language model's settings, and the assistant's engine on the current knowledge (one per process, shared by /chat and WhatsApp). */
  llm: LlmSource;
  assistant: KnowledgeCache;
  /** The shop's PIX key as set now (settings are read per use). */
  shopKey: () => Promise<string | null>;
}

export async function buildApp({
  env,
  database,
  logger,
  storage: givenStorage,
  jobs,
  webhooks,
  outbound,
  llm,
  clock: givenClock,
  housekeeping: scheduleAtStart = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Set once the public cache is registered (when it is on); the server asks for it per request.
  const frontDoor: { current?: FrontDoor } = {};
  const app = createServer(env, logger, () => frontDoor.current);
  closeConnectionsWhileClosing(app);

  // One outage monitor for requests, the job runner and better-auth: an outage is logged as it starts and ends.
  const outage = createOutageMonitor({ probe: () => database.ping(), logger: app.log });
  app.decorate('outage', outage);
  app.addHook('onClose', async () => outage.stop());

  const services = await composeServices({
    env,
    database,
    logger: app.log as Logger,
    storage: givenStorage,
    clock: givenClock,
    outbound: { resolve: outbound?.resolve ?? webhooks?.resolve, policy: outbound?.policy },
  });
  app.addHook('onClose', () => services.close());
  const { clock, pix, settings } = services;
  const shopKey = async () => (await resolveShopPix(settings))?.key ?? null;
  const payments: PaymentsDeps = {
    db: database.db,
    psp: pix,
    clock,
    logger: app.log.child({ module: 'payments' }),
    expirySeconds: env.PIX_CHARGE_EXPIRY_SECONDS,
    eventsUrl: () => settings.get('payments_webhook_url'),
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS,
    // What a paid payment leaves: its delivery and subscription, and on WhatsApp the confirmation to the number.
    onPaid: async (tx, payment, now) => {
      await recordPaidPurchase(tx, payment, now);
      await queuePaymentConfirmation(tx, payment);
    },
  };
  const customers: CustomersDeps = {
    db: database.db,
    clock,
    publicOrigin: services.publicOrigin,
    shopPix: () => resolveShopPix(settings),
    payments,
    storage: services.storage,
    logger: app.log.child({ module: 'customers' }),
    onDelivered: queueDeliveryMessage,
  };
  const access = createAccessServices(app, { env, database, services, outage });
  ensureAdminOnReady(app, env, database, access);
  const llmSource = llm ?? llmSourceFromSettings(settings, { fetch: services.outboundFetch });
  const assistant = createKnowledgeCache(database.db, () => resolveShopPix(settings));
  const parts: AppParts = { env, database, services, outage, access, payments, customers, llm: llmSource, assistant, shopKey };

  const cacheDoor = await registerPlugins(app, parts);
  frontDoor.current = cacheDoor;
  await registerJobs(app, parts, { run: jobs !== false, options: jobs || {}, scheduleAtStart });
  await registerModules(app, parts);
  await app.register(spaPlugin, {
    root: env.WEB_DIST ?? defaultWebDist,
    pageSource,
    readAnswer: (url) => readPublicAnswer(app, url),
    // The rendered pages are answered before Fastify too, while the public answers they show are kept.
    frontDoor: cacheDoor && { peekAnswer: (url) => app.publicCache.peek(url), sessionCookieName: SESSION_COOKIE },
  });
  if (cacheDoor) frontDoor.current = (request, response) => app.pages.frontDoor(request, response) || cacheDoor(request, response);
  return app;
}

/** The Fastify instance, behind the front door (the public cache's answers before Fastify, once it exists). */
function createServer(env: Env, logger: BuildAppOptions['logger'], frontDoor: () => FrontDoor | undefined): FastifyInstance {
  const https = env.PUBLIC_URL?.startsWith('https://') ?? false;
  const app = Fastify({
    serverFactory: serverWithFrontDoor(frontDoor, { limits: edgeLimitsFromEnv(env), headers: securityHeaders(https).resource }),
    // Whatever options a caller gives, secrets are masked before a line is written.
    logger: withLogRedaction(logger ?? loggerOptions(env)),
    trustProxy: env.TRUST_PROXY,
    // Routes that take more say so (the content manager); uploads are multipart, with their own limits.
    bodyLimit: DEFAULT_BODY_LIMIT,
    forceCloseConnections: 'idle',
    // While closing, requests on open connections still get their real answer (with Connection: close).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: boundedQuerystringParser, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    ...frameworkErrorOptions({ https }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Keep-alive connections would hold close() open: once closing starts, clients are told to reconnect elsewhere. */
function closeConnectionsWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

interface AccessServices {
  proUsers: ProUsersRepository;
  signups: SignupsRepository;
  accessLimits: AccessLimits;
  signupUsecases: SignupUsecases;
  auth: Auth;
  passwords: PasswordHasher;
  /** Who sends a request, from its session cookie. */
  resolveViewer: (request: FastifyRequest) => Promise<Viewer | null>;
}

/** Sign-in, sign-up and sessions: better-auth on the PRO users, with our confirmation step and limits. */
function createAccessServices(
  app: FastifyInstance,
  { env, database, services, outage }: Pick<AppParts, 'env' | 'database' | 'services' | 'outage'>,
): AccessServices {
  const { clock, isHttps, publicOrigin, secret } = services;
  const proUsers = createProUsersRepository(database.db);
  const signups = createSignupsRepository(database.db);
  const accessLimits = createAccessLimits({
    db: database.db,
    now: () => clock().getTime(),
    perEmailMax: env.SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR,
  });
  const passwords = passwordHasher(env.PASSWORD_HASH_COST);
  const signupUsecases = createSignupUsecases({
    signups,
    proUsers,
    publicOrigin,
    passwords,
    now: clock,
    mailLimit: (email) => accessLimits.confirmationMail(email),
    handInvitationLinks: env.SMTP_URL === undefined,
  });
  const auth = createAuth({
    db: database.db,
    secret,
    publicOrigin,
    secureCookies: isHttps,
    proUsers,
    signups: signupUsecases,
    passwords,
    logger: app.log,
    outage,
  });
  const resolveViewer = (request: FastifyRequest): Promise<Viewer | null> => {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    return resolveSessionViewer({ auth, proUsers }, headers);
  };
  return { proUsers, signups, accessLimits, signupUsecases, auth, passwords, resolveViewer };
}

/** ADMIN_EMAIL and ADMIN_PASSWORD, when set, name an admin account that exists once the app is ready. */
function ensureAdminOnReady(app: FastifyInstance, env: Env, database: DatabaseHandle, { proUsers, passwords }: AccessServices) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  app.addHook('onReady', async () => {
    const { created } = await ensureAdmin({ db: database.db, proUsers, passwords }, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    app.log.info({ email: ADMIN_EMAIL, created }, created ? 'conta de administrador criada' : 'conta de administrador mantida');
  });
}

/** The cross-cutting plugins, in the order they must run; returns the public cache's front door, when the cache is on. */
async function registerPlugins(app: FastifyInstance, { env, database, services, outage, access }: AppParts): Promise<FrontDoor | undefined> {
  const { clock, isHttps, metrics } = services;
  const { auth } = access;
  let frontDoor: FrontDoor | undefined;
  await app.register(cookie);
  // Before the security plugin: it stores answers as serialised and replays them with the headers they had.
  if (env.PUBLIC_CACHE) {
    await app.register(publicCachePlugin, { subscribe: (listener) => app.events.onChange(listener), sessionCookieName: SESSION_COOKIE });
    frontDoor = app.publicCache.frontDoor;
  }
  await app.register(bodyGuardPlugin);
  await app.register(metricsPlugin, {
    metrics,
    database,
    listen: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
  });
  await app.register(securityPlugin, { https: isHttps });
  await app.register(errorHandlerPlugin, { outage });
  await app.register(rateLimitPlugin, { db: database.db, now: () => clock().getTime() });
  await app.register(originCheckPlugin, { publicUrl: env.PUBLIC_URL });
  await app.register(accessPlugin, { resolveViewer: access.resolveViewer, sessionCookieName: SESSION_COOKIE, requireTwoFactor: env.REQUIRE_TWO_FACTOR });
  // After the access plugin, so its guard covers the document and /api/docs too; before every other route, so the document lists them.
  await app.register(openapiPlugin);
  await app.register(eventsPlugin, {
    database,
    sessionToken: async (request) => {
      if (!request.headers.cookie) return null;
      const found = await auth.api.getSession({ headers: new Headers({ cookie: request.headers.cookie }), query: { disableRefresh: true } });
      return found?.session.token ?? null;
    },
    limits: { perClient: env.EVENT_STREAMS_PER_CLIENT, total: env.EVENT_STREAMS_MAX },
    requireTwoFactor: env.REQUIRE_TWO_FACTOR,
  });
  return frontDoor;
}

/** The job runner and the handler of every job kind: e-mail, webhook deliveries, housekeeping, renewals, WhatsApp. */
async function registerJobs(
  app: FastifyInstance,
  parts: AppParts,
  { run, options, scheduleAtStart }: { run: boolean; options: Partial<JobRunnerOptions>; scheduleAtStart: boolean },
) {
  const { env, database, services, outage } = parts;
  const { clock, mailer, metrics, outboundFetch, storage, settings, publicOrigin } = services;
  const housekeeping = housekeepingPolicy(env);
  await app.register(jobsPlugin, {
    database,
    outage,
    run,
    options: {
      concurrency: env.JOBS_CONCURRENCY,
      leaseMs: env.JOBS_LEASE_SECONDS * 1000,
      retry: { ...defaultRetryPolicy, baseDelayMs: Math.round(env.JOBS_RETRY_BASE_SECONDS * 1000) },
      ...options,
    },
    handlers: {
      [EMAIL_JOB]: createEmailJobHandler({ mailer, onFailure: () => metrics.emailFailures.inc() }),
      [WEBHOOK_DELIVERY_JOB]: createWebhookDeliveryHandler({
        db: database.db,
        allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS,
        timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
        fetch: outboundFetch,
        onFailure: () => metrics.webhookFailures.inc(),
      }),
      [HOUSEKEEPING_JOB]: createHousekeepingHandler({
        db: database.db,
        policy: housekeeping,
        clock,
        logger: app.log.child({ module: 'housekeeping' }),
        onDeleted: (task, count) => metrics.housekeepingDeleted.inc({ task }, count),
        sweeps: {
          visitorUploads: (now, signal) =>
            sweepExpiredVisitorUploads({ db: database.db, storage, logger: app.log, retentionDays: env.VISITOR_UPLOADS_RETENTION_DAYS }, now, signal),
        },
      }),
      [RETIRED_VISITOR_UPLOADS_SWEEP_JOB]: retiredVisitorUploadsSweepHandler,
      [RENEWAL_SWEEP_JOB]: createRenewalSweepHandler({
        db: database.db,
        policy: { reminderDays: env.RENEWAL_REMINDER_DAYS, intervalMs: Math.round(env.RENEWAL_CHECK_INTERVAL_MINUTES * 60_000) },
        clock,
        logger: app.log.child({ module: 'renewals' }),
        whatsapp: services.whatsapp !== null,
      }),
      [RENEWAL_SEND_JOB]: createRenewalSendHandler({
        db: database.db,
        clock,
        publicOrigin,
        settings,
        logger: app.log.child({ module: 'renewals' }),
        ...(services.whatsapp ? { whatsapp: queueReminderMessages } : {}),
      }),
      [WHATSAPP_ANSWER_JOB]: createWhatsAppAnswerHandler({ db: database.db, client: services.whatsapp, chat: chatDeps(app, parts), clock }),
      [WHATSAPP_SEND_JOB]: createWhatsAppSendHandler({
        db: database.db,
        client: services.whatsapp,
        logger: app.log.child({ module: 'whatsapp' }),
        onFailure: () => metrics.whatsappFailures.inc(),
        clock,
        templates: async () => {
          const [general, reminder, language] = await Promise.all([
            settings.get('whatsapp_template_name'),
            settings.get('whatsapp_reminder_template_name'),
            settings.get('whatsapp_template_language'),
          ]);
          return { general: general ?? null, reminder: reminder ?? null, language: language ?? 'pt_BR' };
        },
      }),
    },
  });
  // Every instance that runs jobs makes sure one housekeeping run and one renewal sweep are queued (the first start runs them at once).
  if (run && scheduleAtStart) {
    app.addHook('onReady', async () => {
      await scheduleHousekeeping(database.db);
      await scheduleRenewalSweep(database.db);
    });
  }
}

/** What the assistant's turns need, whichever channel they come from (/chat, WhatsApp). */
function chatDeps(app: FastifyInstance, { env, database, services, payments, llm, assistant }: AppParts): ChatDeps {
  const { metrics, settings, storage } = services;
  return {
    db: database.db,
    storage,
    llm,
    shopPix: () => resolveShopPix(settings),
    payments: chatPayments(payments),
    assistant,
    logger: app.log,
    onLlmFallback: (reason) => metrics.llmFallbacks.inc({ reason }),
    visitorUploadQuotas: {
      totalBytes: env.VISITOR_UPLOADS_QUOTA_MB * 1024 * 1024,
      perAddressBytes: Math.floor(env.VISITOR_UPLOADS_PER_ADDRESS_MB * 1024 * 1024),
      perVisitorBytes: Math.floor(env.VISITOR_UPLOADS_PER_VISITOR_MB * 1024 * 1024),
    },
    clock: services.clock,
  };
}

/** The domain modules' routes. */
async function registerModules(app: FastifyInstance, parts: AppParts) {
  const { env, database, services, access, payments, customers, shopKey } = parts;
  const { isHttps, outboundFetch, pix, secret, settings, storage } = services;
  const { auth, proUsers, signups, signupUsecases, accessLimits, passwords } = access;
  await app.register(healthRoutes, { database, storage });
  await app.register(accessRoutes, {
    db: database.db,
    auth,
    proUsers,
    signups,
    signupUsecases,
    limits: accessLimits,
    requireTwoFactor: env.REQUIRE_TWO_FACTOR,
  });
  await app.register(twoFactorRoutes, { db: database.db, auth, passwords });
  await app.register(analyticsRoutes, { db: database.db });
  await app.register(contentRoutes, { db: database.db, resolveContactEmail: () => settings.get('contact_email') });
  await app.register(catalogRoutes, { db: database.db, linkSecret: secret, storage });
  await app.register(catalogAdminRoutes, { db: database.db });
  await app.register(adminRoutes, { db: database.db, settings, smtpConfigured: env.SMTP_URL !== undefined, publicUrlMissing: publicUrlMissing(env) });
  await app.register(resellersAdminRoutes, { db: database.db });
  await app.register(contentAdminRoutes, { db: database.db });
  await app.register(resellersRoutes, { db: database.db });
  await app.register(uploadsRoutes, { db: database.db, storage, linkSecret: secret });
  await app.register(chatRoutes, { deps: chatDeps(app, parts), secureCookies: isHttps, allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS });
  await app.register(paymentsRoutes, { deps: payments, webhookSecret: env.PIX_WEBHOOK_SECRET, shopKey });
  await app.register(customersRoutes, customers);
  await app.register(whatsappRoutes, { db: database.db, config: whatsappConfig(env), clock: services.clock });
  // With a PSP, its webhook for the shop's key is registered at start (again while it fails).
  if (pix && env.PIX_WEBHOOK_SECRET && env.PUBLIC_URL) {
    const registration = new AbortController();
    const { PUBLIC_URL: publicUrl, PIX_WEBHOOK_SECRET: webhookSecret } = env;
    app.addHook('onReady', async () => {
      void registerPixWebhook({ psp: pix, logger: payments.logger, shopKey }, { publicUrl, secret: webhookSecret, signal: registration.signal });
    });
    app.addHook('preClose', async () => registration.abort());
  }
  await app.register(chatAdminRoutes, { db: database.db, allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS });
  await app.register(rechargeRoutes, { db: database.db, allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS });

  // The TMDB key is read per call: the admin's setting, or TMDB_API_KEY.
  await app.register(mediaRoutes, {
    db: database.db,
    tmdb: { baseUrl: env.TMDB_BASE_URL, resolveApiKey: () => settings.get('tmdb_api_key'), fetch: outboundFetch },
  });
  await app.register(settingsRoutes, { settings, db: database.db, env });
  // A setting changed on any instance is read again on this one.
  app.events.onChange({ change: ({ table }) => table === 'site_configurations' && settings.invalidate(), connection: () => settings.invalidate() });
}
