import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/app.ts';
import { parseEnv } from '../../config/env.ts';
import { DEFAULT_PASSWORD_HASH_COST, passwordHasher } from './passwords.ts';

describe('password hashes', () => {
  it('at the default cost are better-auth’s own, read both ways', async () => {
    const ours = passwordHasher();
    const hash = await ours.hash('senha-de-teste-1');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash, password: 'senha-de-teste-1' })).toBe(true);
    const theirs = await betterAuthHash('senha-de-teste-2');
    expect(await ours.verify({ hash: theirs, password: 'senha-de-teste-2' })).toBe(true);
    expect(await ours.verify({ hash: theirs, password: 'senha-de-teste-3' })).toBe(false);
  });

  it('keep their own cost, so a password hashed at one cost still signs in after the cost changes', async () => {
    const cheap = await passwordHasher(1024).hash('senha-barata');
    expect(cheap).toMatch(/^n1024\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await passwordHasher(DEFAULT_PASSWORD_HASH_COST).verify({ hash: cheap, password: 'senha-barata' })).toBe(true);
    expect(await passwordHasher(2048).verify({ hash: cheap, password: 'senha-errada' })).toBe(false);
    expect(await passwordHasher(1024).verify({ hash: await passwordHasher().hash('senha-padrão'), password: 'senha-padrão' })).toBe(true);
  });

  it('refuse a malformed or out-of-range stored hash without trying it', async () => {
    const hasher = passwordHasher(1024);
    const good = await hasher.hash('senha');
    const [, rest] = good.split('$');
    for (const hash of ['', 'sem-dois-pontos', 'abc:', ':abc', `n1000$${rest}`, `n262144$${rest}`, `n1024$${rest}zz`]) {
      expect(await hasher.verify({ hash, password: 'senha' }), hash).toBe(false);
    }
  });

  it('PASSWORD_HASH_COST takes a power of two from 1,024 to 131,072, and defaults to better-auth’s', () => {
    expect(testEnv({ PASSWORD_HASH_COST: undefined }).PASSWORD_HASH_COST).toBe(16_384);
    expect(testEnv({ PASSWORD_HASH_COST: '65536' }).PASSWORD_HASH_COST).toBe(65_536);
    for (const value of ['1000', '512', '262144', 'muito', '16384.5']) {
      expect(() => parseEnv({ PASSWORD_HASH_COST: value }), value).toThrow(/PASSWORD_HASH_COST/);
    }
  });
});
