import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { normalizeEmail } from '@vitrine/domain/auth';
import type { DbExecutor } from '../../db/client.ts';
import { proUsers, users } from '../../db/schema.ts';
import { likeContaining } from '../../db/search.ts';

export interface ProUser {
  email: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** In lists only: the e-mail's account signs in with a second factor (false without an account). */
  twoFactorEnabled?: boolean;
}

export interface ProUsersRepository {
  /** A page of PRO e-mails in alphabetical order, those containing `search` when given, and the count of all matches. */
  list(options: { search?: string; limit: number; offset: number }): Promise<{ rows: ProUser[]; total: number }>;
  find(email: string): Promise<ProUser | null>;
  isActive(email: string): Promise<boolean>;
  /** How many e-mails are active PRO users (the admins). */
  countActive(): Promise<number>;
  /** Lists the e-mail as a PRO user with the given state (insert or update). */
  upsert(email: string, isActive: boolean): Promise<ProUser>;
}

export function createProUsersRepository(db: DbExecutor): ProUsersRepository {
  return {
    async list({ search, limit, offset }) {
      const where = search ? ilike(proUsers.email, likeContaining(search)) : undefined;
      const [rows, total] = await Promise.all([
        db
          .select({
            email: proUsers.email,
            isActive: proUsers.isActive,
            createdAt: proUsers.createdAt,
            updatedAt: proUsers.updatedAt,
            twoFactorEnabled: sql<boolean>`coalesce(${users.twoFactorEnabled}, false)`,
          })
          .from(proUsers)
          .leftJoin(users, eq(users.email, proUsers.email))
          .where(where)
          .orderBy(asc(proUsers.email))
          .limit(limit)
          .offset(offset),
        db.$count(proUsers, where),
      ]);
      return { rows, total };
    },
    async find(email) {
      const [row] = await db
        .select()
        .from(proUsers)
        .where(eq(proUsers.email, normalizeEmail(email)))
        .limit(1);
      return row ?? null;
    },
    async isActive(email) {
      const rows = await db
        .select({ email: proUsers.email })
        .from(proUsers)
        .where(and(eq(proUsers.email, normalizeEmail(email)), eq(proUsers.isActive, true)))
        .limit(1);
      return rows.length > 0;
    },
    async countActive() {
      return db.$count(proUsers, eq(proUsers.isActive, true));
    },
    async upsert(email, isActive) {
      const [row] = await db
        .insert(proUsers)
        .values({ email: normalizeEmail(email), isActive })
        .onConflictDoUpdate({ target: proUsers.email, set: { isActive, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
