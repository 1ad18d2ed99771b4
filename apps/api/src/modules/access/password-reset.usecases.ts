// 'Esqueci minha senha': better-auth's own reset (single-use tokens in `verifications`, ends every
// session of the account) behind our rules: a link only for a confirmed account of an active PRO
// e-mail, and the same answer for every e-mail, so the form tells nobody which accounts exist.
import { APIError } from 'better-auth';
import { invalidResetLink } from './access.errors.ts';
import type { Auth } from './auth.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';
import type { SignupsRepository } from './signups.repository.ts';
import { isActivePro } from './signups.usecases.ts';

export interface PasswordResetDeps {
  auth: Auth;
  proUsers: ProUsersRepository;
  signups: SignupsRepository;
  /**
   * Creates the link and queues its mail after the answer: how long that takes must not tell an
   * e-mail with an account from one without.
   */
  runInBackground: (work: () => Promise<unknown>) => void;
  now?: () => Date;
}

export async function requestPasswordReset({ auth, proUsers, signups, runInBackground }: PasswordResetDeps, email: string) {
  const [active, confirmed] = await Promise.all([isActivePro(proUsers, email), signups.hasConfirmedAccount(email)]);
  if (!active || !confirmed) return;
  runInBackground(() => auth.api.requestPasswordReset({ body: { email } }));
}

/** Sets the new password through a live reset link (once) and returns the account's e-mail. */
export async function resetPassword({ auth, now = () => new Date() }: Pick<PasswordResetDeps, 'auth' | 'now'>, token: string, password: string) {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt <= now()) throw invalidResetLink();
  const user = await context.internalAdapter.findUserById(verification.value);
  if (!user) throw invalidResetLink();
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    // Used or expired between the lookup and the reset (two tabs, a replayed request).
    if (error instanceof APIError && error.statusCode < 500) throw invalidResetLink();
    throw error;
  }
  return { email: user.email };
}
