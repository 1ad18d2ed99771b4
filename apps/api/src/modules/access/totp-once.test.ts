// The step a code belongs to, computed as authenticator apps and better-auth compute codes.
import { createOTP } from '@better-auth/utils/otp';
import { describe, expect, it } from 'vitest';
import { hotp, totpStepAt, totpStepOf } from './totp-once.ts';

const RFC_4226_SECRET = Buffer.from('12345678901234567890');

describe('the step of an authenticator code', () => {
  it('HOTP gives RFC 4226’s test values (appendix D)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_4226_SECRET, counter))).toEqual(expected);
  });

  it('finds the step of a code within better-auth’s window (the step before, now, the step after) and no other', async () => {
    const secret = 'segredo-como-o-better-auth-gera-32';
    const key = Buffer.from(secret, 'utf8');
    const now = Date.UTC(2026, 10, 27, 12, 0, 10);
    const step = totpStepAt(now);
    const otp = createOTP(secret, { digits: 6, period: 30 });
    for (const offset of [-1, 0, 1]) expect(totpStepOf(key, await otp.hotp(step + offset), now), String(offset)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(totpStepOf(key, await otp.hotp(step + offset), now), String(offset)).toBeNull();
    expect(totpStepOf(key, '12345', now)).toBeNull();
  });
});
