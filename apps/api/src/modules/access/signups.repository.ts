// Pending sign-ups and the creation of confirmed accounts in better-auth's tables (users + a
// 'credential' account), so that better-auth's own sign-in works with them afterwards. A link's
// mail is queued in the transaction that stores the link: both are written, or neither.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, ne, or } from 'drizzle-orm';
import type { PendingKind } from '@vitrine/domain/auth';
import type { Database, DbExecutor } from '../../db/client.ts';
import { accounts, pendingSignups, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../shared/jobs/email.job.ts';
import type { MailMessage } from '../../shared/mailer.ts';

export interface PendingSignup {
  id: string;
  email: string;
  /** Null for an invitation: the owner chooses the password on the link's page. */
  passwordHash: string | null;
  tokenHash: string;
  kind: PendingKind;
  expiresAt: Date;
  createdAt: Date;
}

export type ActivationOutcome = 'activated' | 'link_gone' | 'user_exists';

export interface SignupsRepository {
  /** Whether the e-mail already has an account (every account we create is confirmed). */
  hasAccount(email: string): Promise<boolean>;
  /** Whether the e-mail has an account that was confirmed (the only kind that may reset its password). */
  hasConfirmedAccount(email: string): Promise<boolean>;
  findByEmail(email: string): Promise<PendingSignup | null>;
  /** The pending row whose link hashes to `tokenHash`, if it has not expired at `now`. */
  findLive(tokenHash: string, now: Date): Promise<PendingSignup | null>;
  /**
   * One pending row per e-mail: a newer one replaces the older, whose link stops working. `mail`
   * (which carries the new link) is queued in the same transaction. With `keepInvitationLiveAt`, an
   * invitation still live at that time is kept: false, nothing written and nothing queued.
   */
  replace(
    row: Pick<PendingSignup, 'email' | 'passwordHash' | 'tokenHash' | 'kind' | 'expiresAt'>,
    mail: MailMessage,
    options?: { keepInvitationLiveAt?: Date },
  ): Promise<boolean>;
  deleteByEmail(email: string): Promise<void>;
  /**
   * A new link for the same pending row, only if its link is still `pending.tokenHash`, with `mail`
   * queued in the same transaction; false (nothing written, nothing queued) otherwise.
   */
  rotateLink(pending: Pick<PendingSignup, 'id' | 'tokenHash'>, link: Pick<PendingSignup, 'tokenHash' | 'expiresAt'>, mail: MailMessage): Promise<boolean>;
  /**
   * In one transaction: consumes the pending row (only if its link is still the same) and creates
   * the confirmed account with `passwordHash`. Two confirmations of one link: exactly one activates.
   */
  activate(pending: Pick<PendingSignup, 'id' | 'tokenHash' | 'email'>, passwordHash: string): Promise<ActivationOutcome>;
}

/** Inserts a confirmed user and its credential account; false when the e-mail already had a user. */
export async function insertConfirmedAccount(tx: DbExecutor, email: string, passwordHash: string): Promise<boolean> {
  const userId = randomUUID();
  const inserted = await tx
    .insert(users)
    .values({ id: userId, email, name: email.split('@')[0] ?? email, emailVerified: true })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!inserted.length) return false;
  await tx.insert(accounts).values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: passwordHash });
  return true;
}

export function createSignupsRepository(db: Database): SignupsRepository {
  return {
    async hasAccount(email) {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return rows.length > 0;
    },
    async hasConfirmedAccount(email) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), eq(users.emailVerified, true)))
        .limit(1);
      return rows.length > 0;
    },
    async findByEmail(email) {
      const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, email)).limit(1);
      return row ?? null;
    },
    async findLive(tokenHash, now) {
      const [row] = await db
        .select()
        .from(pendingSignups)
        .where(and(eq(pendingSignups.tokenHash, tokenHash), gt(pendingSignups.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
    async replace(row, mail, { keepInvitationLiveAt } = {}) {
      const values = { ...row, createdAt: new Date() };
      return db.transaction(async (tx) => {
        const written = await tx
          .insert(pendingSignups)
          .values(values)
          .onConflictDoUpdate({
            target: pendingSignups.email,
            set: {
              passwordHash: values.passwordHash,
              tokenHash: values.tokenHash,
              kind: values.kind,
              expiresAt: values.expiresAt,
              createdAt: values.createdAt,
            },
            // Decided by the row as it is when written, so an invitation sent meanwhile is kept too.
            setWhere: keepInvitationLiveAt ? or(ne(pendingSignups.kind, 'invitation'), lte(pendingSignups.expiresAt, keepInvitationLiveAt)) : undefined,
          })
          .returning({ id: pendingSignups.id });
        if (!written.length) return false;
        await enqueueEmail(tx, mail);
        return true;
      });
    },
    async deleteByEmail(email) {
      await db.delete(pendingSignups).where(eq(pendingSignups.email, email));
    },
    async rotateLink(pending, link, mail) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(pendingSignups)
          .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt })
          .where(and(eq(pendingSignups.id, pending.id), eq(pendingSignups.tokenHash, pending.tokenHash)))
          .returning({ id: pendingSignups.id });
        if (!updated.length) return false;
        await enqueueEmail(tx, mail);
        return true;
      });
    },
    async activate(pending, passwordHash) {
      return db.transaction(async (tx) => {
        const consumed = await tx
          .delete(pendingSignups)
          .where(and(eq(pendingSignups.id, pending.id), eq(pendingSignups.tokenHash, pending.tokenHash)))
          .returning({ id: pendingSignups.id });
        if (!consumed.length) return 'link_gone';
        return (await insertConfirmedAccount(tx, pending.email, passwordHash)) ? 'activated' : 'user_exists';
      });
    },
  };
}
