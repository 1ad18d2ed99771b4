// One Drizzle schema for PGlite and PostgreSQL. Table names follow the specification
// (public-site.md §3, admin-and-pricing.md §3); the rest come from shared/decisions.md.
import { sql } from 'drizzle-orm';
import {
  bigint,
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

export const chatConversations = pgTable('chat_conversations', {
  id: id(),
  visitorId: text('visitor_id').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
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
    // Defaults to quantity × unit_cost (admin-and-pricing.md §3).
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

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    // Standard Webhooks message id, stable across attempts.
    messageId: text('message_id').notNull(),
    source: text('source', { enum: ['shortcut', 'credit_order', 'test'] }).notNull(),
    sourceId: uuid('source_id'),
    url: text('url').notNull(),
    secret: text('secret'),
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
  (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

export const webhookAttempts = pgTable('webhook_attempts', {
  id: id(),
  deliveryId: uuid('delivery_id')
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  statusCode: integer('status_code'),
  error: text('error'),
  durationMs: integer('duration_ms').notNull(),
  createdAt: createdAt(),
});

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

export const mediaTitles = pgTable('media_titles', {
  id: id(),
  mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
  title: text('title').notNull(),
  overview: text('overview').notNull().default(''),
  releaseDate: text('release_date'),
  posterUrl: text('poster_url'),
  backdropUrl: text('backdrop_url'),
  voteAverage: real('vote_average').notNull().default(0),
  voteCount: integer('vote_count').notNull().default(0),
  genres: jsonb('genres').$type<string[]>().notNull().default([]),
  trailerYoutubeKey: text('trailer_youtube_key'),
  lists: jsonb('lists').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tmdbCache = pgTable('tmdb_cache', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- access

export const proUsers = pgTable('pro_users', {
  email: text('email').primaryKey(),
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

// Rate-limit state lives in the database so that several API instances share it.
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
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
