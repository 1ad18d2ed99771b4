import { and, asc, eq } from 'drizzle-orm';
import { normalizeEmail } from '@vitrine/domain/auth';
import type { DbExecutor } from '../../db/client.ts';
import { proUsers } from '../../db/schema.ts';

export interface ProUser {
  email: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProUsersRepository {
  list(): Promise<ProUser[]>;
  isActive(email: string): Promise<boolean>;
  /** Lists the e-mail as a PRO user with the given state (insert or update). */
  upsert(email: string, isActive: boolean): Promise<ProUser>;
}

export function createProUsersRepository(db: DbExecutor): ProUsersRepository {
  return {
    async list() {
      return db.select().from(proUsers).orderBy(asc(proUsers.email));
    },
    async isActive(email) {
      const rows = await db
        .select({ email: proUsers.email })
        .from(proUsers)
        .where(and(eq(proUsers.email, normalizeEmail(email)), eq(proUsers.isActive, true)))
        .limit(1);
      return rows.length > 0;
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
