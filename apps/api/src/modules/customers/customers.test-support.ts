// What the customers' tests share: a customer (and a subscription) written straight to the database.
import type { TestDatabase } from '../../../test/database.ts';
import { customers, subscriptions } from '../../db/schema.ts';

/** A customer with their contacts and, when given, one subscription of 'Premium' ending on `endsOn`. */
export async function seedCustomer(
  db: TestDatabase['db'],
  customer: { name: string; email?: string; whatsapp?: string },
  subscription?: { endsOn: string; months?: number; price?: number; cancelled?: boolean },
  at: Date = new Date(),
) {
  const [row] = await db
    .insert(customers)
    .values({ name: customer.name, email: customer.email ?? null, whatsapp: customer.whatsapp ?? null, createdAt: at })
    .returning();
  if (!subscription) return { customer: row!, subscription: null };
  const [created] = await db
    .insert(subscriptions)
    .values({
      customerId: row!.id,
      planName: 'Premium',
      months: subscription.months ?? 1,
      price: subscription.price ?? 40,
      startsOn: '2026-01-01',
      endsOn: subscription.endsOn,
      anchorDay: Number(subscription.endsOn.slice(8)),
      cancelledAt: subscription.cancelled ? at : null,
    })
    .returning();
  return { customer: row!, subscription: created! };
}
