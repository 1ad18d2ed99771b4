// Password hashes: scrypt, as better-auth makes them (`salt:key`, N = 16384, r = 16, p = 1), with the cost
// N set by PASSWORD_HASH_COST. A hash made with another cost carries it (`n1024$salt:key`), so every
// stored password keeps working when the cost changes, and better-auth's own hashes are read as they are.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** better-auth's cost, the default: about 130 ms of one core per hash here. */
export const DEFAULT_PASSWORD_HASH_COST = 16_384;
/**
 * PASSWORD_HASH_COST's range: below the default only for test runs (1,024 takes about 8 ms); at the top a hash
 * holds 256 MiB while it runs (128 × N × r bytes), so a sign-in burst cannot take the server's memory.
 */
export const PASSWORD_HASH_COST_RANGE = { min: 1024, max: 131_072 } as const;
const BLOCK_SIZE = 16;
const PARALLELISM = 1;
const KEY_BYTES = 64;
const COSTED = /^n(\d{1,8})\$(.*)$/s;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

const derive = (password: string, salt: string, cost: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const options = { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * cost * BLOCK_SIZE };
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** Hashes new passwords at `cost` (a power of two); verifies a hash made at any cost. */
export function passwordHasher(cost = DEFAULT_PASSWORD_HASH_COST): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      const key = (await derive(password, salt, cost)).toString('hex');
      return cost === DEFAULT_PASSWORD_HASH_COST ? `${salt}:${key}` : `n${cost}$${salt}:${key}`;
    },
    async verify({ hash, password }) {
      const costed = COSTED.exec(hash);
      const hashCost = costed ? Number(costed[1]) : DEFAULT_PASSWORD_HASH_COST;
      const [salt, key] = (costed ? costed[2]! : hash).split(':');
      if (!salt || !key || !/^[0-9a-f]+$/.test(key) || !isPasswordHashCost(hashCost)) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await derive(password, salt, hashCost);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

/** A power of two within PASSWORD_HASH_COST_RANGE. */
export const isPasswordHashCost = (value: number) =>
  Number.isInteger(value) && value >= PASSWORD_HASH_COST_RANGE.min && value <= PASSWORD_HASH_COST_RANGE.max && (value & (value - 1)) === 0;
