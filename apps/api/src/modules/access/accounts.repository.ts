// better-auth's users and their 'credential' accounts (the password), as the admin's start and the
// two-factor routes read and write them, and the step of the last authenticator code each account had
// accepted; better-auth itself writes them through its own adapter (betterAuthAdapter).
import { randomUUID } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { accounts, pendingSignups, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

/** better-auth's storage: its users, sessions, accounts, links, rate limits and second factors, in our tables. */
export const betterAuthAdapter = (db: Database) =>
  drizzleAdapter(db, {
    provider: 'pg',
    schema: { users, sessions, accounts, verifications, rateLimits, twoFactors },
  });

export const createAccountsRepository = (db: DbExecutor) => ({
  /** The password hash of the user's credential account, when it has one. */
  async credentialPasswordHash(userId: string): Promise<string | null> {
    const [credential] = await db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .limit(1);
    return credential?.hash ?? null;
  },

  async findCredential(userId: string): Promise<AccountRow | undefined> {
    const [credential] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .limit(1);
    return credential;
  },

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  },

  async deleteUser(id: string) {
    await db.delete(users).where(eq(users.id, id));
  },

  async deletePendingSignup(email: string) {
    await db.delete(pendingSignups).where(eq(pendingSignups.email, email));
  },

  /** Every password-reset link of the user (better-auth keeps the user's id as a link's value). */
  async deleteResetLinks(userId: string) {
    await db.delete(verifications).where(eq(verifications.value, userId));
  },

  async setPassword(accountId: string, passwordHash: string) {
    await db.update(accounts).set({ password: passwordHash }).where(eq(accounts.id, accountId));
  },

  /** The account's authenticator secret (encrypted, as better-auth stores it), whether a code confirmed it, and its lock. */
  async totpOf(userId: string): Promise<{ secret: string; verified: boolean; lockedUntil: Date | null } | undefined> {
    const [row] = await db
      .select({ secret: twoFactors.secret, verified: twoFactors.verified, lockedUntil: twoFactors.lockedUntil })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .limit(1);
    return row;
  },

  /**
   * Records `step` as the account's last accepted authenticator step, unless that step or a later one was
   * accepted already: true when this call recorded it. One conditional UPDATE, never a read then a write, so
   * of two simultaneous uses of one code (on one instance or two) exactly one gets true.
   */
  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const recorded = await db
      .update(twoFactors)
      .set({ lastTotpStep: step })
      .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
      .returning({ id: twoFactors.id });
    return recorded.length > 0;
  },

  async insertCredential(userId: string, passwordHash: string) {
    await db.insert(accounts).values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: passwordHash });
  },
});
