// Per-e-mail limits of the access flows, kept in app_rate_limits (never in better-auth's table, which
// it prunes by its own one-minute window).
//
// Sign-in: a password guesser must not be able to lock the owner out. Attempts are counted per
// e-mail AND address: the first few are free, then each one waits twice as long as the one before
// (1 s, 2 s, 4 s … up to 5 minutes), so a typo costs the owner a second and a guesser at one
// address gets a few dozen tries an hour. Above that, one ceiling per e-mail over every address
// stops distributed guessing; it pauses password sign-in for that e-mail only, and the mailed reset
// link (which signs the owner in and clears every count of the e-mail) is the way in meanwhile.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createRateLimitCounters } from '../../plugins/rate-limit.ts';
import { AppError } from '../../shared/errors.ts';
import { createAccessLimitsRepository } from './access-limits.repository.ts';

const MINUTE = 60_000;

export const SIGN_IN_BACKOFF = {
  /** Attempts from one address on one e-mail before any wait. */
  freeAttempts: 5,
  /** The first wait; each further attempt doubles it. */
  baseDelayMs: 1_000,
  maxDelayMs: 5 * MINUTE,
  /** A pair's attempts are forgotten this long after its last one (and at once on a success). */
  memoryMs: 60 * MINUTE,
} as const;

/** Attempts on one e-mail from every address together, in a fixed window (max: SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR). */
export const SIGN_IN_PER_EMAIL = { max: 100, timeWindow: 60 * MINUTE } as const;

/** Confirmation mails (sign-up, or a fresh link asked by signing in) per e-mail, whoever asks. */
export const CONFIRMATION_MAILS_PER_EMAIL = { max: 3, timeWindow: 60 * MINUTE } as const;

// Hex, so that a key prefix holds no LIKE wildcard.
const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const pairPrefix = (email: string) => `sign-in-pair:${digest(email)}:`;
const pairKey = (email: string, address: string) => `${pairPrefix(email)}${digest(address)}`;
const emailKey = (email: string) => `sign-in-email:${digest(email)}`;

/** How long after the attempt that made `count` the next one may come. */
export const backoffDelayMs = (count: number) =>
  count < SIGN_IN_BACKOFF.freeAttempts
    ? 0
    : Math.min(SIGN_IN_BACKOFF.maxDelayMs, SIGN_IN_BACKOFF.baseDelayMs * 2 ** Math.min(30, count - SIGN_IN_BACKOFF.freeAttempts));

const tooSoon = (seconds: number) => new AppError('rate_limited', 429, `Muitas tentativas. Aguarde ${seconds} segundos e tente novamente.`);

const locked = (minutes: number) =>
  new AppError(
    'auth.sign_in_locked',
    429,
    `Muitas tentativas de login nesta conta. Por segurança, o login com senha está pausado por ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}. ` +
      'Para entrar agora, use "Esqueci minha senha": o link enviado ao seu e-mail troca a senha, libera o acesso e faz o login.',
  );

export interface SignInRefusal {
  error: AppError;
  retryAfterSeconds: number;
}

export interface AccessLimitsOptions {
  db: Database;
  /** Epoch milliseconds; tests move it. */
  now?: () => number;
  /** Attempts per e-mail and hour, all addresses together. */
  perEmailMax?: number;
}

export function createAccessLimits({ db, now = () => Date.now(), perEmailMax = SIGN_IN_PER_EMAIL.max }: AccessLimitsOptions) {
  const counters = createRateLimitCounters({ db, now });

  return {
    /**
     * Counts a sign-in attempt; or, when the address must wait or the e-mail has reached its
     * ceiling, returns the refusal and its Retry-After.
     */
    async beforeSignIn(email: string, address: string): Promise<SignInRefusal | null> {
      const at = now();
      const key = pairKey(email, address);
      const { memoryMs } = SIGN_IN_BACKOFF;
      // The row is locked while deciding, so simultaneous attempts from one address wait their turn.
      const waitMs = await db.transaction(async (tx) => {
        const counters = createAccessLimitsRepository(tx);
        const row = await counters.lockCounter(key);
        // lastAt is the last counted attempt; memoryMs how long it is remembered.
        const remembered = row && row.lastAt + row.memoryMs > at;
        if (remembered) {
          const readyAt = row.lastAt + backoffDelayMs(row.count);
          if (at < readyAt) return readyAt - at;
        }
        await counters.countAttempt(key, { count: remembered ? row.count + 1 : 1, at, memoryMs });
        return 0;
      });
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        return { error: tooSoon(seconds), retryAfterSeconds: seconds };
      }
      const perEmail = await counters.hit(emailKey(email), SIGN_IN_PER_EMAIL.timeWindow);
      if (perEmail.current > perEmailMax) {
        const seconds = Math.max(1, Math.ceil(perEmail.ttl / 1000));
        return { error: locked(Math.ceil(seconds / 60)), retryAfterSeconds: seconds };
      }
      return null;
    },

    /** The owner got in from this address: its earlier typos are forgotten. */
    async signedIn(email: string, address: string): Promise<void> {
      await createAccessLimitsRepository(db).deleteKey(pairKey(email, address));
    },

    /** A password reset through the mailed link: every count of the e-mail is dropped. */
    async passwordReset(email: string): Promise<void> {
      await createAccessLimitsRepository(db).deleteKeyAndPrefix(emailKey(email), pairPrefix(email));
    },

    /** Counts one confirmation mail for the e-mail: null, or the seconds to wait. */
    async confirmationMail(email: string): Promise<number | null> {
      const count = await counters.hit(`confirmation-mail:${digest(email)}`, CONFIRMATION_MAILS_PER_EMAIL.timeWindow);
      return count.current > CONFIRMATION_MAILS_PER_EMAIL.max ? Math.max(1, Math.ceil(count.ttl / 1000)) : null;
    },
  };
}

export type AccessLimits = ReturnType<typeof createAccessLimits>;
