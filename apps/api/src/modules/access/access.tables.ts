// Access: PRO users, better-auth's tables, rate limits and pending sign-ups.
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

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
  // better-auth's two-factor plugin: true once a TOTP secret has been confirmed with a code.
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
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

// better-auth's two-factor plugin: one row per user that started enrolment. The TOTP secret and the
// recovery codes are encrypted with the auth secret by better-auth; `verified` turns true with the first code.
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    // Consecutive failed codes at sign-in; at 10 the account's second step is locked until locked_until.
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // The time step (Unix time / 30 s) of the last authenticator code accepted: that step and earlier ones
    // are refused, so a code opens one session or confirms one change, on every instance (RFC 6238 §5.2).
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factors_user_idx').on(t.userId)],
);

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
