// better-auth's users and their 'credential' accounts (the password), as the admin's start and the
// two-factor routes read and write them; better-auth itself writes them through its own adapter.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { accounts, pendingSignups, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

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

  async setPassword(accountId: string, passwordHash: string) {
    await db.update(accounts).set({ password: passwordHash }).where(eq(accounts.id, accountId));
  },

  async insertCredential(userId: string, passwordHash: string) {
    await db.insert(accounts).values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: passwordHash });
  },
});
