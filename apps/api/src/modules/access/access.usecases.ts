import { normalizeEmail } from '@vitrine/domain/auth';
import { pageOffset, toListEnvelope } from '@vitrine/domain/lists';
import type { Database } from '../../db/client.ts';
import type { Viewer } from '../../plugins/access.ts';
import { recordAudit, type AdminActor } from '../../shared/audit/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import type { Auth } from './auth.ts';
import type { PasswordHasher } from './passwords.ts';
import { createProUsersRepository, type ProUser, type ProUsersRepository } from './pro-users.repository.ts';
import { insertConfirmedAccount } from './signups.repository.ts';
import type { SignupUsecases } from './signups.usecases.ts';

/**
 * Session → user → pro_users: re-checked on every request, so deactivating an e-mail ends access at once.
 * Between the password and the code of a two-factor sign-in there is no session (better-auth deletes it
 * and keeps only its signed two_factor cookie), so that interim state resolves to nobody.
 */
export async function resolveViewer({ auth, proUsers }: { auth: Auth; proUsers: ProUsersRepository }, headers: Headers): Promise<Viewer | null> {
  if (!headers.get('cookie')) return null;
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!session) return null;
  const email = normalizeEmail(session.user.email);
  return {
    userId: session.user.id,
    email,
    sessionId: session.session.id,
    isPro: await proUsers.isActive(email),
    twoFactorEnabled: session.user.twoFactorEnabled === true,
  };
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD: create (or keep) that account, confirmed,
 * and list the e-mail as an active PRO user. Safe to run on every start, by several instances at once.
 * It never adopts a password typed by someone else: a pending sign-up or invitation for that e-mail
 * is dropped, and an account that was never confirmed is replaced by one with ADMIN_PASSWORD.
 */
export async function ensureAdmin(
  { db, proUsers, passwords }: { db: Database; proUsers: ProUsersRepository; passwords: PasswordHasher },
  { email: rawEmail, password }: { email: string; password: string },
): Promise<{ created: boolean }> {
  const email = normalizeEmail(rawEmail);
  await proUsers.upsert(email, true);
  const passwordHash = await passwords.hash(password);
  return db.transaction(async (tx) => {
    const accounts = createAccountsRepository(tx);
    await accounts.deletePendingSignup(email);
    const user = await accounts.findUserByEmail(email);
    if (user && !user.emailVerified) {
      await accounts.deleteUser(user.id);
    } else if (user) {
      const credential = await accounts.findCredential(user.id);
      // A confirmed admin keeps its password: it may have been reset since the first start.
      if (credential?.password) return { created: false };
      if (credential) await accounts.setPassword(credential.id, passwordHash);
      else await accounts.insertCredential(user.id, passwordHash);
      return { created: false };
    }
    // Another instance starting at the same moment may win the insert: then it is simply kept.
    return { created: await insertConfirmedAccount(tx, email, passwordHash) };
  });
}

const toProUserOutput = (row: ProUser) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of PRO e-mails in alphabetical order, those containing `search` when given. */
export async function listProUsers(
  { proUsers }: { proUsers: ProUsersRepository },
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
) {
  const { rows, total } = await proUsers.list({ search, limit: pageSize, offset: pageOffset({ page, pageSize }) });
  return toListEnvelope(rows.map(toProUserOutput), total, { page, pageSize });
}

/**
 * Lists the e-mail as a PRO user, active or not, and records it in the audit trail in the same
 * transaction; with `invite`, then mails an invitation to choose a password (none to an e-mail that
 * already has an account). An admin never deactivates their own e-mail.
 */
export async function saveProUser(
  { db, signupUsecases }: { db: Database; signupUsecases: Pick<SignupUsecases, 'invite'> },
  actor: AdminActor,
  { email, isActive, invite }: { email: string; isActive: boolean; invite?: boolean },
) {
  // An admin who deactivated their own e-mail would lock themselves out on the next request.
  if (!isActive && normalizeEmail(email) === normalizeEmail(actor.email)) {
    throw new AppError('access.self_deactivation', 409, 'Você não pode desativar o seu próprio acesso.');
  }
  const row = await db.transaction(async (tx) => {
    const repository = createProUsersRepository(tx);
    const before = await repository.find(email);
    const after = toProUserOutput(await repository.upsert(email, isActive));
    await recordAudit(tx, actor, {
      action: before ? 'update' : 'create',
      resource: 'pro-users',
      recordId: after.email,
      before: before ? toProUserOutput(before) : null,
      after,
    });
    return after;
  });
  if (!invite) return row;
  const { invitation, link } = await signupUsecases.invite(email);
  return { ...row, invitation, ...(link !== undefined && { invitationLink: link }) };
}
