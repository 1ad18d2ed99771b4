import { describe, expect, it } from 'vitest';
import {
  authMessages,
  confirmAccountInputSchema,
  credentialsSchema,
  emailIndicator,
  newPasswordFormSchema,
  proUserInputSchema,
  resetPasswordInputSchema,
} from './auth.ts';

const firstMessage = (input: unknown) => credentialsSchema.safeParse(input).error?.issues[0]?.message;

describe('the sign-in and sign-up contract', () => {
  it.each([
    ['', authMessages.emailRequired],
    ['   ', authMessages.emailRequired],
    ['sem-arroba', authMessages.emailFormat],
    ['@dominio.com', authMessages.emailFormat],
    ['alguem@', authMessages.emailDomain],
    ['alguem@dominio..com', authMessages.emailDomain],
    ['alguem@dominio', authMessages.emailFormat],
  ])('refuses the e-mail %j with %j', (email, message) => {
    expect(firstMessage({ email, password: 'senha-boa' })).toBe(message);
  });

  it('trims and lower-cases a valid e-mail', () => {
    expect(credentialsSchema.parse({ email: '  Pessoa@Exemplo.COM ', password: 'senha-boa' }).email).toBe('pessoa@exemplo.com');
  });

  it.each([
    ['12345', authMessages.passwordMin],
    ['x'.repeat(51), authMessages.passwordMax],
  ])('refuses the password %j', (password, message) => {
    expect(firstMessage({ email: 'a@b.com', password })).toBe(message);
  });

  it('accepts passwords of 6 to 50 characters, kept as typed', () => {
    expect(credentialsSchema.parse({ email: 'a@b.com', password: ' 12345' }).password).toBe(' 12345');
    expect(credentialsSchema.safeParse({ email: 'a@b.com', password: 'x'.repeat(50) }).success).toBe(true);
  });

  it('refuses unknown fields (no mass assignment)', () => {
    expect(credentialsSchema.safeParse({ email: 'a@b.com', password: 'senha-boa', emailVerified: true }).success).toBe(false);
    expect(proUserInputSchema.safeParse({ email: 'a@b.com', isActive: true, role: 'root' }).success).toBe(false);
  });
});

describe('the e-mail indicator', () => {
  it.each([
    ['', 'idle'],
    ['  ', 'idle'],
    ['alguem', 'invalid'],
    ['alguem@dominio..com', 'invalid'],
    ['alguem@dominio.com', 'valid'],
  ] as const)('shows %j as %s', (value, state) => {
    expect(emailIndicator(value)).toBe(state);
  });
});

describe('the link and new-password contracts', () => {
  it('asks for the new password twice, with the sign-up rules', () => {
    const issue = (password: string, confirmation: string) => newPasswordFormSchema.safeParse({ password, confirmation }).error?.issues[0];
    expect(issue('senha-nova', 'senha-nova')).toBeUndefined();
    expect(issue('senha-nova', 'senha-outra')).toMatchObject({ path: ['confirmation'], message: authMessages.passwordConfirmation });
    expect(issue('123', '123')?.message).toBe(authMessages.passwordMin);
  });

  it('refuses a link without its secret, or with one absurdly long', () => {
    expect(confirmAccountInputSchema.safeParse({ token: '', password: 'senha-boa' }).error?.issues[0]?.message).toBe(authMessages.linkMissing);
    expect(resetPasswordInputSchema.safeParse({ token: 'x'.repeat(513), password: 'senha-boa' }).success).toBe(false);
    expect(resetPasswordInputSchema.safeParse({ token: 'abc', password: 'senha-boa', email: 'a@b.com' }).success).toBe(false);
  });

  it('invites only an active PRO e-mail', () => {
    expect(proUserInputSchema.safeParse({ email: 'a@b.com', isActive: true, invite: true }).success).toBe(true);
    expect(proUserInputSchema.safeParse({ email: 'a@b.com', isActive: false, invite: true }).error?.issues[0]?.message).toBe(
      'Só é possível convidar um e-mail PRO ativo',
    );
    expect(proUserInputSchema.safeParse({ email: 'a@b.com', isActive: false }).success).toBe(true);
  });
});
