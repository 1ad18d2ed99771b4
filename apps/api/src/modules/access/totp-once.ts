// An authenticator code is accepted once per account (RFC 6238 §5.2: a verifier must not accept the second
// attempt of the same OTP). better-auth's two-factor plugin checks a code against the steps around now
// (±30 s) and remembers none, so one code could open several sessions for about 90 s. Every TOTP check
// goes through its /two-factor/verify-totp (the sign-in's second step, the first code after enrolment, and
// our disable, which forwards the code there first): this plugin's hook runs before it, finds the step
// the code belongs to and records it with one conditional UPDATE (accounts.repository.ts), in the database,
// so every instance sees it. A code of that step or an earlier one is handed to better-auth as a wrong code:
// it is refused in better-auth's own order (challenge, lock, attempts) and counted like any wrong code.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { TOTP_DIGITS } from '@vitrine/domain/two-factor';
import type { Database } from '../../db/client.ts';
import { createAccountsRepository } from './accounts.repository.ts';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of the current one whose codes better-auth accepts (its default window). */
const TOTP_WINDOW = 1;
const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
/** better-auth's cookie of a sign-in waiting for its second step (plugins/two-factor/constant). */
const TWO_FACTOR_COOKIE = 'two_factor';
/** Put in place of a code already used: never a code (not digits), so better-auth refuses it. */
const USED_CODE = 'ja-usado';
/** The error code the bridge (access.errors.ts) answers as `two_factor.code_used`. */
export const TOTP_CODE_USED = 'TOTP_CODE_USED';

/** RFC 4226's HOTP: the code of one counter value, as authenticator apps compute it. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
export const totpStepAt = (epochMs: number) => Math.floor(epochMs / (TOTP_PERIOD_SECONDS * 1000));

/** The latest step within better-auth's window around `epochMs` whose code is `code`, or null (a wrong code). */
export function totpStepOf(key: Uint8Array, code: string, epochMs: number): number | null {
  if (code.length !== TOTP_DIGITS) return null;
  const current = totpStepAt(epochMs);
  let found: number | null = null;
  // Every step of the window is computed and compared in constant time, matched or not.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) found = step;
  }
  return found;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32Bytes(text: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.toUpperCase().replace(/=+$/, '')) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('chave base32 inválida');
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The HMAC key of a stored secret, as better-auth reads it: the decrypted text's bytes, or an imported `base32:` key. */
async function totpKey(secretConfig: Parameters<typeof symmetricDecrypt>[0]['key'], stored: string): Promise<Uint8Array> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: stored });
  return secret.startsWith('base32:') ? base32Bytes(secret.slice('base32:'.length)) : Buffer.from(secret, 'utf8');
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code this is, as better-auth's verify-totp decides it: the session's user, else the sign-in waiting for its code. */
async function codeOwner(ctx: HookContext): Promise<{ userId: string; signedIn: boolean } | null> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true, disableCookieCache: true });
  if (session) return { userId: session.user.id, signedIn: true };
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || new Date(challenge.expiresAt).getTime() <= Date.now()) return null;
  return { userId: challenge.value, signedIn: false };
}

export function totpOnce({ db }: { db: Database }) {
  const accounts = createAccountsRepository(db);
  const isVerifyTotp = (ctx: { path?: string }) => ctx.path === VERIFY_TOTP_PATH;
  return {
    id: 'vitrine-totp-once',
    hooks: {
      before: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined;
            const code = typeof body?.code === 'string' ? body.code : '';
            if (!/^\d+$/.test(code)) return;
            const owner = await codeOwner(ctx);
            // Nobody to verify for (no session, no live sign-in): better-auth refuses it as it would.
            if (!owner) return;
            const totp = await accounts.totpOf(owner.userId);
            if (!totp || (!owner.signedIn && !totp.verified)) return;
            // A locked second step is refused by better-auth without spending the code.
            if (totp.lockedUntil && totp.lockedUntil.getTime() > Date.now()) return;
            // better-auth's own clock: it checks the code against Date.now() right after this.
            const step = totpStepOf(await totpKey(ctx.context.secretConfig, totp.secret), code, Date.now());
            // A wrong code: better-auth refuses it and counts it.
            if (step === null) return;
            if (await accounts.acceptTotpStep(owner.userId, step)) return;
            return { context: { body: { ...body, code: USED_CODE } } };
          }),
        },
      ],
      after: [
        {
          // Refused as a wrong code: say it was already used (the owner waits for the next one).
          matcher: (ctx) => isVerifyTotp(ctx) && (ctx.body as { code?: unknown } | undefined)?.code === USED_CODE,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (isAPIError(returned) && (returned.body as { code?: unknown } | undefined)?.code === 'INVALID_CODE') {
              throw new APIError('BAD_REQUEST', { code: TOTP_CODE_USED, message: 'TOTP code already used' });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
