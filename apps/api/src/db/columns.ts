// Column helpers shared by every module's tables: exact money, ids and timestamps.
import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Money is exact: numeric(12,2), read as a number of reais with at most two decimals. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const id = () => uuid('id').primaryKey().defaultRandom();
