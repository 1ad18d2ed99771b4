// One Drizzle schema for PGlite and PostgreSQL; table and column names follow the product's data model
// (docs/glossary.md names each entity).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () => uuid('id').primaryKey().defaultRandom();

// ---------------------------------------------------------------- catalog

export const plans = pgTable('plans', {
  id: id(),
  name: text('name').notNull(),
  icon: text('icon'),
  // A price per billing period; missing period prices are derived from the monthly one on read.
  priceMonthly: money('price_monthly').notNull(),
  priceQuarterly: money('price_quarterly'),
  priceSemiannual: money('price_semiannual'),
  priceAnnual: money('price_annual'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  isPopular: boolean('is_popular').notNull().default(false),
  isSpecial: boolean('is_special').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AppMedia = { type: 'image' | 'gif' | 'video'; url: string; caption?: string };

export const apps = pgTable(
  'apps',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('streaming'),
    iconUrl: text('icon_url'),
    downloadUrl: text('download_url'),
    version: text('version').notNull().default('1.0.0'),
    sizeMb: real('size_mb'),
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // Star counts from 5 down to 1.
    ratingBreakdown: jsonb('rating_breakdown').$type<[number, number, number, number, number]>(),
    downloads: integer('downloads').notNull().default(0),
    price: money('price').notNull().default(0),
    developer: text('developer'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    changelog: text('changelog'),
    minVersion: text('min_version'),
    ram: text('ram'),
    storage: text('storage'),
    media: jsonb('media').$type<AppMedia[]>().notNull().default([]),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('apps_active_name_idx').on(t.isActive, t.name)],
);

export const downloadCodes = pgTable(
  'download_codes',
  {
    id: id(),
    code: text('code').notNull(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    isUsed: boolean('is_used').notNull().default(false),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('download_codes_code_key').on(t.code)],
);

// What an app downloads on each platform: an installer stored through the file storage (an upload in
// the 'app-installers' bucket) or an external https link; one per platform.
export const appFiles = pgTable(
  'app_files',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    externalUrl: text('external_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_files_app_platform_key').on(t.appId, t.platform),
    check('app_files_one_target', sql`(${t.uploadId} is null) <> (${t.externalUrl} is null)`),
  ],
);

export type StreamingAppFaq = { question: string; answer: string };

export const streamingApps = pgTable('streaming_apps', {
  id: id(),
  name: text('name').notNull(),
  iconUrl: text('icon_url'),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  rating: real('rating').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  // The reseller price; the client price is derived (1.5 × reseller price).
  price: money('price').notNull(),
  developer: text('developer'),
  version: text('version').notNull().default('1.0.0'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  screenshots: jsonb('screenshots').$type<string[]>().notNull().default([]),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  minVersion: text('min_version'),
  ram: text('ram'),
  storage: text('storage'),
  internetSpeed: text('internet_speed'),
  faq: jsonb('faq').$type<StreamingAppFaq[]>().notNull().default([]),
  hasMonthlyLicense: boolean('has_monthly_license').notNull().default(true),
  hasAnnualLicense: boolean('has_annual_license').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- chat

export type PixData = { key: string; value: number; recipient: string; description?: string; city: string };

export const shortcuts = pgTable('shortcuts', {
  id: id(),
  name: text('name').notNull(),
  type: text('type', { enum: ['pix', 'webhook'] }).notNull(),
  webhookUrl: text('webhook_url'),
  webhookSecret: text('webhook_secret'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  pixData: jsonb('pix_data').$type<PixData>(),
  active: boolean('active').notNull().default(true),
  orderIndex: integer('order_index').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What a conversation has settled on so far, so a later "anual" or "sim" completes the choice. */
export type ChatConversationState = {
  planId?: string;
  planName?: string;
  period?: 'monthly' | 'quarterly' | 'semiannual' | 'annual';
  credits?: number;
  reseller?: boolean;
  priceMode?: 'cliente' | 'revendedor';
  /** The choice a PIX was last offered for, so it is not offered again for the same choice. */
  offered?: string;
};

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    // SHA-256 of the visitor's random cookie value: the value itself is never stored.
    visitorId: text('visitor_id').notNull(),
    state: jsonb('state').$type<ChatConversationState>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_conversations_visitor_idx').on(t.visitorId, t.createdAt)],
);

// A PIX offered in a conversation: the amount comes from the prices at the time of the offer, and the
// txid names the conversation, so a received payment can be traced back to it.
export const chatPaymentIntents = pgTable(
  'chat_payment_intents',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'credits'] }).notNull(),
    itemName: text('item_name').notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    period: text('period', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }),
    credits: integer('credits'),
    amount: money('amount').notNull(),
    txid: text('txid').notNull(),
    brCode: text('br_code').notNull(),
    pixKey: text('pix_key').notNull(),
    recipient: text('recipient').notNull(),
    city: text('city').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_payment_intents_conversation_idx').on(t.conversationId), index('chat_payment_intents_created_idx').on(t.createdAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['bot', 'user'] }).notNull(),
    content: text('content').notNull().default(''),
    imageUploadId: uuid('image_upload_id'),
    audioUploadId: uuid('audio_upload_id'),
    feedback: text('feedback', { enum: ['positive', 'negative'] }),
    engine: text('engine'),
    // Quick replies offered with a bot message.
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    paymentIntentId: uuid('payment_intent_id').references(() => chatPaymentIntents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

// A visitor asked for a person ('humano'): admins read these and take the conversation over.
export const chatHandoffs = pgTable(
  'chat_handoffs',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    request: text('request').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_handoffs_created_idx').on(t.createdAt), index('chat_handoffs_conversation_idx').on(t.conversationId)],
);

// ---------------------------------------------------------------- resellers

export const resellerPlans = pgTable('reseller_plans', {
  id: id(),
  name: text('name').notNull(),
  type: text('type', { enum: ['prepaid', 'monthly', 'active_users'] })
    .notNull()
    .default('prepaid'),
  description: text('description').notNull().default(''),
  credits: integer('credits').notNull().default(0),
  price: money('price').notNull().default(0),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  modalidadePlano: text('modalidade_plano', {
    enum: ['single', 'soccer', 'unitv_android', 'unitv_tv', 'premium', 'pre_pago', 'pos_pago'],
  }),
  qtdAcessosSimultaneos: integer('qtd_acessos_simultaneos').notNull().default(1),
  duracaoCreditos: integer('duracao_creditos').notNull().default(30),
  custoPorRevenda: money('custo_por_revenda'),
  // Price per credit for active-user plans, and the monthly minimum they bill.
  pricePerCredit: money('price_per_credit'),
  minimumMonthly: money('minimum_monthly'),
  billingPeriodNew: text('billing_period_new', { enum: ['mensal', 'trimestral', 'semestral', 'anual'] }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const supplierPricing = pgTable('supplier_pricing', {
  id: id(),
  category: text('category').notNull(),
  supplier: text('supplier').notNull(),
  server: text('server').notNull(),
  minimumPurchase: money('minimum_purchase').notNull().default(0),
  costPerCredit: money('cost_per_credit').notNull().default(0),
  username: text('username').notNull(),
  panel: text('panel').notNull(),
  clientPanel: text('client_panel').notNull(),
  prePago: boolean('pre_pago').notNull().default(false),
  posPago: boolean('pos_pago').notNull().default(false),
  clientesAtivos: boolean('clientes_ativos').notNull().default(false),
  mensalista: boolean('mensalista').notNull().default(false),
  qtdCreditos: integer('qtd_creditos').notNull().default(0),
  custoMedioCreditos: money('custo_medio_creditos'),
  pagamentoMinimo: money('pagamento_minimo'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const providers = pgTable('providers', {
  id: id(),
  name: text('name').notNull(),
  supplierName: text('supplier_name'),
  description: text('description'),
  phone: text('phone'),
  email: text('email'),
  providerUsername: text('provider_username'),
  defaultUnitCost: money('default_unit_cost'),
  logoUrl: text('logo_url'),
  documentUrl: text('document_url'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const providerCosts = pgTable(
  'provider_costs',
  {
    id: id(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    // Defaults to quantity × unit_cost.
    totalCost: money('total_cost').generatedAlwaysAs(sql`round(quantity * unit_cost, 2)`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('provider_costs_tier_key').on(t.providerId, t.planType, t.quantity)],
);

export const discountRates = pgTable('discount_rates', {
  id: id(),
  name: text('name').notNull(),
  percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const pricingCalculations = pgTable('pricing_calculations', {
  id: id(),
  providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
  planType: text('plan_type', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }).notNull(),
  quantity: integer('quantity').notNull(),
  sellPrice: money('sell_price').notNull(),
  discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  fixedCosts: money('fixed_costs').notNull().default(0),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

export type CreditOrderItem = {
  provider: string;
  quantity: number;
  unitCost: number;
  total: number;
  providerCode?: string;
  userName?: string;
};

export const creditOrders = pgTable('credit_orders', {
  id: id(),
  contact: text('contact').notNull(),
  message: text('message').notNull(),
  items: jsonb('items').$type<CreditOrderItem[]>().notNull(),
  total: money('total').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  deliveryStatus: text('delivery_status', { enum: ['pending', 'delivered', 'failed'] })
    .notNull()
    .default('pending'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- webhooks

// One signing secret per receiving URL, created on first use. Deliveries point here and never
// hold a copy of the secret, so the delivery log can be shown without exposing it.
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull().unique(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    // Standard Webhooks message id, stable across attempts and re-sends.
    messageId: text('message_id').notNull().unique(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    event: text('event').notNull(),
    source: text('source', { enum: ['shortcut', 'credit_order', 'test'] }).notNull(),
    sourceId: uuid('source_id'),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivering', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_source_idx').on(t.source, t.sourceId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    // null for a send cut short by a crash: how long it ran is not known.
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

// ---------------------------------------------------------------- jobs

// The transactional outbox: a job row is written in the same transaction as the row that causes
// it, and workers of every instance claim due rows with FOR UPDATE SKIP LOCKED under a lease.
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    // Claims so far (an interrupted run counts); the job fails for good at maxAttempts.
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    // A worker that dies (kill -9, lost host) stops renewing this; the job is claimed again after it.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    // The retention sweep deletes finished jobs by age (only finished jobs have a finished_at).
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);

export const jobAttempts = pgTable(
  'job_attempts',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    workerId: text('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    // null while running; 'interrupted' when the worker died, 'released' when it stopped first.
    outcome: text('outcome', { enum: ['succeeded', 'failed', 'interrupted', 'released'] }),
    error: text('error'),
    statusCode: integer('status_code'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  },
  (t) => [index('job_attempts_job_idx').on(t.jobId, t.attempt)],
);

// ---------------------------------------------------------------- content

export const siteConfigurations = pgTable(
  'site_configurations',
  {
    id: id(),
    section: text('section').notNull(),
    configKey: text('config_key').notNull(),
    configValue: jsonb('config_value').$type<unknown>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('site_configurations_section_key').on(t.section, t.configKey)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const uploads = pgTable('uploads', {
  id: id(),
  bucket: text('bucket').notNull(),
  storageName: text('storage_name').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- media

export type MediaGenreRef = { id: number; name: string };

// The local catalogue: served instead of TMDB when no TMDB key is configured, with the same fields.
export const mediaTitles = pgTable(
  'media_titles',
  {
    id: id(),
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    title: text('title').notNull(),
    originalTitle: text('original_title'),
    originalLanguage: text('original_language'),
    overview: text('overview').notNull().default(''),
    // Release date of a movie or first air date of a series, YYYY-MM-DD.
    releaseDate: text('release_date'),
    posterUrl: text('poster_url'),
    backdropUrl: text('backdrop_url'),
    backdrops: jsonb('backdrops').$type<string[]>().notNull().default([]),
    voteAverage: real('vote_average').notNull().default(0),
    voteCount: integer('vote_count').notNull().default(0),
    popularity: real('popularity').notNull().default(0),
    // Lower is more trending; titles without a rank come after the ranked ones.
    trendingRank: integer('trending_rank'),
    // TMDB genre ids with their Portuguese names, so filters use the same ids for both sources.
    genres: jsonb('genres').$type<MediaGenreRef[]>().notNull().default([]),
    runtime: integer('runtime'),
    numberOfSeasons: integer('number_of_seasons'),
    numberOfEpisodes: integer('number_of_episodes'),
    homepage: text('homepage'),
    imdbId: text('imdb_id'),
    trailerYoutubeKey: text('trailer_youtube_key'),
    // Rows of /midia the title appears in: trending, now_playing, upcoming, on_the_air, popular, top_rated.
    lists: jsonb('lists').$type<string[]>().notNull().default([]),
    // Title and original title without accents and in lower case, for accent-insensitive search.
    searchText: text('search_text').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('media_titles_type_active_idx').on(t.mediaType, t.isActive)],
);

export const tmdbCache = pgTable('tmdb_cache', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- access

export const proUsers = pgTable('pro_users', {
  email: text('email').primaryKey(),
  // Change events name a PRO user by this id, never by the e-mail (events carry no personal data).
  id: uuid('id').notNull().unique().defaultRandom(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// better-auth tables (user, session, account, verification, rateLimit), mapped to plural names.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  scope: text('scope'),
  password: text('password'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// better-auth's own per-IP limiter state. better-auth deletes rows older than its own window, so
// nothing else may keep counts here: our limits live in app_rate_limits.
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// The application's own rate limits (per e-mail sign-in attempts, download-code guesses, contact
// messages, event streams...): a fixed window per key that only this table's owner expires.
export const appRateLimits = pgTable(
  'app_rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    windowMs: integer('window_ms').notNull(),
  },
  (t) => [index('app_rate_limits_expiry_idx').on(t.windowStart)],
);

// A sign-up or an invitation waiting for the mailbox's owner. No user row exists until the owner
// opens the mailed link and proves the password (or, for an invitation, chooses it there), so a
// password typed by a stranger never becomes a login. A newer sign-up replaces the pending one.
export const pendingSignups = pgTable('pending_signups', {
  id: id(),
  email: text('email').notNull().unique(),
  // Null for an invitation: the password is chosen on the page the link opens.
  passwordHash: text('password_hash'),
  // SHA-256 of the mailed token; the token itself is never stored.
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind', { enum: ['signup', 'invitation'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- analytics

export const siteAccessEvents = pgTable(
  'site_access_events',
  {
    id: id(),
    path: text('path').notNull(),
    referrerUrl: text('referrer_url'),
    source: text('source').notNull(),
    userAgent: text('user_agent'),
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('site_access_events_created_idx').on(t.createdAt)],
);
