import { normalizeEmail } from '@vitrine/domain/auth';
import type { Viewer } from '../../plugins/access.ts';
import type { Auth } from './auth.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';

/** Session → user → pro_users: re-checked on every request, so deactivating an e-mail ends access at once. */
export async function resolveViewer(
  { auth, proUsers }: { auth: Auth; proUsers: ProUsersRepository },
  headers: Headers,
): Promise<Viewer | null> {
  if (!headers.get('cookie')) return null;
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!session) return null;
  const email = normalizeEmail(session.user.email);
  return { userId: session.user.id, email, isPro: await proUsers.isActive(email) };
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD (decisions.md, Access): create (or keep) that account, confirmed,
 * and list the e-mail as an active PRO user. Safe to run on every start.
 */
export async function ensureAdmin(
  { auth, proUsers }: { auth: Auth; proUsers: ProUsersRepository },
  { email: rawEmail, password }: { email: string; password: string },
): Promise<{ created: boolean }> {
  const email = normalizeEmail(rawEmail);
  await proUsers.upsert(email, true);
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let userId: string;
  let created = false;
  if (existing?.user) {
    userId = existing.user.id;
    if (!existing.user.emailVerified) await context.internalAdapter.updateUser(userId, { emailVerified: true });
    // An existing password is kept: the account may have changed it since the first start.
    if (existing.accounts.some((account) => account.providerId === 'credential' && account.password)) return { created };
  } else {
    try {
      const user = await context.internalAdapter.createUser(
        { email, name: email.split('@')[0] ?? email, emailVerified: true },
        { method: 'admin' },
      );
      userId = user.id;
      created = true;
    } catch (error) {
      // Two instances starting together: the other one created it first.
      const winner = await context.internalAdapter.findUserByEmail(email);
      if (!winner?.user) throw error;
      return { created: false };
    }
  }
  await context.internalAdapter.linkAccount({
    userId,
    providerId: 'credential',
    accountId: userId,
    password: await context.password.hash(password),
  });
  return { created };
}
