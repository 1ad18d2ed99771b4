// The composition root: the services every module shares, built once from the environment and the
// database (clock, file storage, mailer, settings the admin may override, the HTTP client for outside
// services, the signing secret and the public origin). buildApp hands them to the modules; tests replace any of them.
import fs from 'node:fs';
import type { Logger } from 'pino';
import { whatsappConfig, type Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { resolveAuthSecret } from './modules/access/auth-secret.ts';
import { createPixClient, type PixClient } from './modules/payments/pix-client.ts';
import { createWhatsAppClient, type WhatsAppClient } from './modules/whatsapp/whatsapp-client.ts';
import { createOutboundFetch, type OutboundClient } from './shared/http-client.ts';
import { createMailer, type Mailer } from './shared/mailer.ts';
import { createMetrics, type Metrics } from './shared/metrics.ts';
import { anyAddress, publicAddressesOnly, type AddressPolicy, type Resolver } from './shared/outbound-address.ts';
import { createSettings, type Settings } from './shared/settings.ts';
import { createStorageFromEnv } from './shared/storage/storage-from-env.ts';
import type { FileStorage } from './shared/storage/storage.ts';

export interface Services {
  clock: () => Date;
  storage: FileStorage;
  mailer: Mailer;
  settings: Settings;
  /**
   * Every call to another server (TMDB, the language model, webhooks): public addresses only, checked
   * where it connects (any address with ALLOW_PRIVATE_WEBHOOKS), a time limit and a cap on the answer.
   */
  outboundFetch: OutboundClient;
  /**
   * The PSP's API Pix (PIX_API_URL…), or null without one: its own guarded client, the only one that
   * carries the mutual-TLS certificate (PIX_CERT_FILE, PIX_KEY_FILE) and trusts PIX_CA_FILE.
   */
  pix: PixClient | null;
  /**
   * The WhatsApp Cloud API (WHATSAPP_*), or null without it: its own guarded client (public addresses
   * only unless ALLOW_PRIVATE_WEBHOOKS, no redirects), the only one that carries the access token.
   */
  whatsapp: WhatsAppClient | null;
  /** Signs sessions and links; AUTH_SECRET, or one kept in DATA_DIR. */
  secret: string;
  /** Where links in e-mails point. */
  publicOrigin: string;
  isHttps: boolean;
  /** This instance's Prometheus registry and counters. */
  metrics: Metrics;
  /** Closes what the root opened (storage it created). */
  close(): Promise<void>;
}

export interface ComposeOptions {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  /** Given services are used as they are and not closed here. */
  storage?: FileStorage;
  clock?: () => Date;
  /** Tests answer DNS as an attacker would, or allow one loopback address as if it were public. */
  outbound?: { resolve?: Resolver; policy?: AddressPolicy };
}

export async function composeServices({ env, database, logger, storage: givenStorage, clock = () => new Date(), outbound }: ComposeOptions): Promise<Services> {
  const settings = createSettings({ db: database.db, env });
  const storage = givenStorage ?? (await createStorageFromEnv(env));
  const outboundFetch = createOutboundFetch({
    userAgent: 'Vitrine/2.1.0',
    defaultTimeoutMs: env.OUTBOUND_TIMEOUT_SECONDS * 1000,
    maxResponseBytes: env.OUTBOUND_MAX_RESPONSE_BYTES,
    policy: outbound?.policy ?? (env.ALLOW_PRIVATE_WEBHOOKS ? anyAddress : publicAddressesOnly),
    resolve: outbound?.resolve,
  });
  let pixFetch: OutboundClient | null = null;
  let pix: PixClient | null = null;
  if (env.PIX_API_URL && env.PIX_OAUTH_URL && env.PIX_CLIENT_ID && env.PIX_CLIENT_SECRET) {
    pixFetch = createOutboundFetch({
      userAgent: 'Vitrine/2.1.0',
      defaultTimeoutMs: Math.min(env.OUTBOUND_TIMEOUT_SECONDS, 30) * 1000,
      maxResponseBytes: 1024 * 1024,
      maxRedirects: 0,
      policy: outbound?.policy ?? (env.ALLOW_PRIVATE_WEBHOOKS ? anyAddress : publicAddressesOnly),
      resolve: outbound?.resolve,
      tls: {
        cert: env.PIX_CERT_FILE ? fs.readFileSync(env.PIX_CERT_FILE) : undefined,
        key: env.PIX_KEY_FILE ? fs.readFileSync(env.PIX_KEY_FILE) : undefined,
        ca: env.PIX_CA_FILE ? fs.readFileSync(env.PIX_CA_FILE) : undefined,
      },
    });
    pix = createPixClient({
      apiUrl: env.PIX_API_URL,
      oauthUrl: env.PIX_OAUTH_URL,
      clientId: env.PIX_CLIENT_ID,
      clientSecret: env.PIX_CLIENT_SECRET,
      fetch: pixFetch,
      clock,
    });
  }
  const whatsappSettings = whatsappConfig(env);
  const whatsappFetch = whatsappSettings
    ? createOutboundFetch({
        userAgent: 'Vitrine/2.1.0',
        defaultTimeoutMs: Math.min(env.OUTBOUND_TIMEOUT_SECONDS, 30) * 1000,
        // The customers' images and voice notes are read through it too (refused over their bucket's size first).
        maxResponseBytes: 16 * 1024 * 1024,
        maxRedirects: 0,
        policy: outbound?.policy ?? (env.ALLOW_PRIVATE_WEBHOOKS ? anyAddress : publicAddressesOnly),
        resolve: outbound?.resolve,
      })
    : null;
  const whatsapp = whatsappSettings && whatsappFetch ? createWhatsAppClient({ ...whatsappSettings, fetch: whatsappFetch }) : null;
  return {
    clock,
    pix,
    whatsapp,
    storage,
    settings,
    outboundFetch,
    mailer: createMailer({ db: database.db, logger, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    secret: resolveAuthSecret({ secret: env.AUTH_SECRET, dataDir: env.DATA_DIR }),
    publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
    isHttps: env.PUBLIC_URL?.startsWith('https://') ?? false,
    metrics: createMetrics({ defaultMetrics: env.METRICS_PORT !== undefined }),
    async close() {
      await outboundFetch.close();
      await pixFetch?.close();
      await whatsappFetch?.close();
      if (!givenStorage) await storage.close();
    },
  };
}
