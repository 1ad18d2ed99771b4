// Customers' queries: who they are (found by contact), their subscriptions and terms, deliveries, Minha
// assinatura links, reminders, the Clientes list with its filters and figures, and the timeline.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS, type CustomerFilter, type IsoDate, type ReminderKind } from '@vitrine/domain/customers';
import type { DbExecutor } from '../../db/client.ts';
import {
  chatConversations,
  chatMessages,
  chatPaymentIntents,
  emailOutbox,
  jobs,
  payments,
  plans,
  uploads,
  whatsappInboundMessages,
  whatsappOutboundMessages,
} from '../../db/schema.ts';
import { likeContaining } from '../../db/search.ts';
import {
  customers,
  renewalReminders,
  subscriptionAccessLinks,
  subscriptions,
  type AccessLinkRow,
  type CustomerRow,
  type ReminderRow,
  type SubscriptionRow,
} from './customers.tables.ts';
import { deliveries, subscriptionTerms, type DeliveryRow, type SubscriptionTermRow } from './purchases.tables.ts';

export type { AccessLinkRow, CustomerRow, DeliveryRow, ReminderRow, SubscriptionRow, SubscriptionTermRow };
export type PaymentRecord = typeof payments.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/** A subscription still counted: not cancelled. */
const running = isNull(subscriptions.cancelledAt);

/** The Clientes filter on a customer, from the day `today` (São Paulo). */
function filterWhere(filter: CustomerFilter | undefined, today: IsoDate): SQL | undefined {
  const soon = sql`(${today}::date + ${EXPIRING_SOON_DAYS}::int)`;
  const has = (condition: SQL) =>
    sql`exists (select 1 from ${subscriptions} s where s.customer_id = ${customers.id} and s.cancelled_at is null and ${condition})`;
  switch (filter) {
    case 'active':
      return has(sql`s.ends_on >= ${today}::date`);
    case 'expiring':
      return has(sql`s.ends_on >= ${today}::date and s.ends_on <= ${soon}`);
    case 'expired':
      // Vencida: a subscription that ended, and none still running.
      return and(has(sql`s.ends_on < ${today}::date`), sql`not ${has(sql`s.ends_on >= ${today}::date`)}`);
    case 'no_contact':
      return and(isNull(customers.whatsapp), isNull(customers.email), isNull(customers.erasedAt));
    default:
      return undefined;
  }
}

/**
 * Customers whose name or e-mail contains the text, or whose WhatsApp contains its digits (ILIKE '%…%').
 * Each column is looked up by its trigram index (pg_trgm, migration 0019) in a query of its own: the three
 * conditions OR-ed in one WHERE are costed above a sequential scan, which takes 250 ms or more at 100,000
 * customers. A text of one or two characters (no trigram to look up) still scans.
 */
function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likeContaining(search);
  const digits = search.replace(/\D/g, '');
  const matching = [
    sql`select c.id from ${customers} c where c.name ilike ${pattern}`,
    sql`select c.id from ${customers} c where c.email ilike ${pattern}`,
    // A number typed in any form ('(11) 98765', '11 98765') finds the E.164 one.
    ...(digits.length >= 4 ? [sql`select c.id from ${customers} c where c.whatsapp ilike ${likeContaining(digits)}`] : []),
  ];
  return sql`${customers.id} in (${sql.join(matching, sql` union all `)})`;
}

export function createCustomersRepository(db: DbExecutor) {
  return {
    // ---------------------------------------------------------------- customers

    async find(id: string): Promise<CustomerRow | null> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return row ?? null;
    },
    /** The row locked until the transaction ends: one payment at a time changes a customer's subscriptions. */
    async lock(id: string): Promise<CustomerRow | null> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
      return row ?? null;
    },
    /** The customers with this WhatsApp or e-mail (at most one each). */
    async findByContact(contact: { whatsapp?: string; email?: string }): Promise<CustomerRow[]> {
      const conditions = [
        contact.whatsapp ? eq(customers.whatsapp, contact.whatsapp) : undefined,
        contact.email ? eq(customers.email, contact.email) : undefined,
      ];
      if (!conditions.some(Boolean)) return [];
      return db
        .select()
        .from(customers)
        .where(or(...conditions));
    },
    /** A new customer, or null when another took one of its contacts meanwhile. */
    async insert(values: { name: string; whatsapp: string | null; email: string | null }): Promise<CustomerRow | null> {
      const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async update(id: string, values: Partial<Pick<CustomerRow, 'name' | 'whatsapp' | 'email'>>): Promise<void> {
      await db.update(customers).set(values).where(eq(customers.id, id));
    },

    // ---------------------------------------------------------------- subscriptions

    async findSubscription(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },
    async subscriptionsOf(customerId: string): Promise<SubscriptionRow[]> {
      return db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)).orderBy(desc(subscriptions.endsOn), desc(subscriptions.id));
    },
    /** The customer's running subscription of a plan, the one ending last. */
    async runningOfPlan(customerId: string, planId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.planId, planId), running))
        .orderBy(desc(subscriptions.endsOn))
        .limit(1);
      return row ?? null;
    },
    async insertSubscription(values: NewSubscriptionRow): Promise<SubscriptionRow> {
      const [row] = await db.insert(subscriptions).values(values).returning();
      return row!;
    },
    async extendSubscription(
      id: string,
      values: Pick<SubscriptionRow, 'startsOn' | 'endsOn' | 'anchorDay' | 'months' | 'price' | 'planName'>,
    ): Promise<SubscriptionRow> {
      const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
      return row!;
    },
    /** Cancels a running subscription; null when it was cancelled already (or does not exist). */
    async cancelSubscription(id: string, at: Date): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ cancelledAt: at })
        .where(and(eq(subscriptions.id, id), running))
        .returning();
      return row ?? null;
    },
    async termOfPayment(paymentId: string): Promise<SubscriptionTermRow | null> {
      const [row] = await db.select().from(subscriptionTerms).where(eq(subscriptionTerms.paymentId, paymentId));
      return row ?? null;
    },
    async insertTerm(values: typeof subscriptionTerms.$inferInsert): Promise<void> {
      await db.insert(subscriptionTerms).values(values);
    },

    // ---------------------------------------------------------------- payments seen from here

    async findPayment(id: string): Promise<PaymentRecord | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },
    async setPaymentSubscription(paymentId: string, subscriptionId: string): Promise<void> {
      await db.update(payments).set({ subscriptionId }).where(eq(payments.id, paymentId));
    },
    /** What a paid plan bought in the chat: the plan and period of its offer. */
    async planOfIntent(paymentIntentId: string): Promise<{ planId: string | null; period: string | null; planName: string | null } | null> {
      const [row] = await db
        .select({ planId: chatPaymentIntents.planId, period: chatPaymentIntents.period, planName: plans.name })
        .from(chatPaymentIntents)
        .leftJoin(plans, eq(plans.id, chatPaymentIntents.planId))
        .where(eq(chatPaymentIntents.id, paymentIntentId));
      return row ?? null;
    },
    async plan(id: string) {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row ?? null;
    },
    async paymentsOf(customerId: string, limit: number): Promise<PaymentRecord[]> {
      return db.select().from(payments).where(eq(payments.customerId, customerId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit);
    },
    /** A renewal charge of the subscription still payable (created, not expired): asked again, it is answered again. */
    async openRenewalCharge(subscriptionId: string, amount: number, now: Date): Promise<PaymentRecord | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.subscriptionId, subscriptionId),
            eq(payments.status, 'created'),
            eq(payments.amount, amount),
            isNull(payments.conversationId),
            or(isNull(payments.expiresAt), gt(payments.expiresAt, now)),
            gt(payments.createdAt, new Date(now.getTime() - 60 * 60_000)),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    // ---------------------------------------------------------------- deliveries

    /** The delivery of a paid payment, once: a repeated call adds nothing. */
    async insertDelivery(values: { paymentId: string; customerId: string | null }): Promise<void> {
      await db.insert(deliveries).values(values).onConflictDoNothing({ target: deliveries.paymentId });
    },
    async findDelivery(id: string) {
      const [row] = await db
        .select({ delivery: deliveries, payment: payments, customer: customers })
        .from(deliveries)
        .innerJoin(payments, eq(payments.id, deliveries.paymentId))
        .leftJoin(customers, eq(customers.id, deliveries.customerId))
        .where(eq(deliveries.id, id));
      return row ?? null;
    },
    /** Marks it delivered unless it already is; null when it was. */
    async markDelivered(id: string, values: { text: string; deliveredBy: string; deliveredAt: Date }): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(deliveries)
        .set({ status: 'delivered', ...values })
        .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending')))
        .returning();
      return row ?? null;
    },
    async listDeliveries(status: 'pending' | 'delivered', limit: number, offset: number) {
      const where = eq(deliveries.status, status);
      // A entregar: the oldest waiting first; the delivered ones, the newest first.
      const order = status === 'pending' ? [asc(deliveries.createdAt), asc(deliveries.id)] : [desc(deliveries.deliveredAt), desc(deliveries.id)];
      const [rows, total] = await Promise.all([
        db
          .select({ delivery: deliveries, payment: payments, customer: customers })
          .from(deliveries)
          .innerJoin(payments, eq(payments.id, deliveries.paymentId))
          .leftJoin(customers, eq(customers.id, deliveries.customerId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.$count(deliveries, where),
      ]);
      return { rows, total };
    },
    async deliveredTo(customerId: string, limit: number) {
      return db
        .select({ delivery: deliveries, itemName: payments.itemName })
        .from(deliveries)
        .innerJoin(payments, eq(payments.id, deliveries.paymentId))
        .where(and(eq(deliveries.customerId, customerId), eq(deliveries.status, 'delivered')))
        .orderBy(desc(deliveries.deliveredAt))
        .limit(limit);
    },
    async deliveriesOf(customerId: string) {
      return db
        .select({ delivery: deliveries, itemName: payments.itemName })
        .from(deliveries)
        .innerJoin(payments, eq(payments.id, deliveries.paymentId))
        .where(eq(deliveries.customerId, customerId))
        .orderBy(desc(deliveries.createdAt));
    },

    // ---------------------------------------------------------------- conversations seen from here

    /** The conversation a delivery is told in: the payment's, or the customer's latest. */
    async latestConversation(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.customerId, customerId))
        .orderBy(desc(chatConversations.createdAt))
        .limit(1);
      return row?.id ?? null;
    },
    async appendAssistantMessage(conversationId: string, content: string, at: Date): Promise<void> {
      await db.insert(chatMessages).values({ conversationId, type: 'bot', content, engine: 'operator', createdAt: at });
    },
    async conversationsOf(customerId: string) {
      const conversations = await db
        .select()
        .from(chatConversations)
        .where(eq(chatConversations.customerId, customerId))
        .orderBy(asc(chatConversations.createdAt));
      if (conversations.length === 0) return [];
      const messages = await db
        .select({ conversationId: chatMessages.conversationId, type: chatMessages.type, content: chatMessages.content, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.conversationId,
            conversations.map((row) => row.id),
          ),
        )
        .orderBy(asc(chatMessages.createdAt), desc(chatMessages.type));
      return conversations.map((conversation) => ({ conversation, messages: messages.filter((message) => message.conversationId === conversation.id) }));
    },

    // ---------------------------------------------------------------- links

    async insertLink(values: typeof subscriptionAccessLinks.$inferInsert): Promise<AccessLinkRow> {
      const [row] = await db.insert(subscriptionAccessLinks).values(values).returning();
      return row!;
    },
    async linkByHash(tokenHash: string): Promise<AccessLinkRow | null> {
      const [row] = await db.select().from(subscriptionAccessLinks).where(eq(subscriptionAccessLinks.tokenHash, tokenHash));
      return row ?? null;
    },
    async openLinks(customerId: string, now: Date): Promise<AccessLinkRow[]> {
      return db
        .select()
        .from(subscriptionAccessLinks)
        .where(and(eq(subscriptionAccessLinks.customerId, customerId), isNull(subscriptionAccessLinks.revokedAt), gt(subscriptionAccessLinks.expiresAt, now)))
        .orderBy(desc(subscriptionAccessLinks.createdAt))
        .limit(50);
    },
    async revokeLink(customerId: string, linkId: string, at: Date): Promise<AccessLinkRow | null> {
      const [row] = await db
        .update(subscriptionAccessLinks)
        .set({ revokedAt: at })
        .where(and(eq(subscriptionAccessLinks.id, linkId), eq(subscriptionAccessLinks.customerId, customerId), isNull(subscriptionAccessLinks.revokedAt)))
        .returning();
      return row ?? null;
    },

    // ---------------------------------------------------------------- reminders

    /**
     * One page of the renewal sweep, in one statement: the next `limit` running subscriptions ending from
     * `from` to `until` after the keyset (endsOn, id); a reminder recorded for each whose customer has an
     * e-mail, or a WhatsApp when `whatsapp` (the shop sends on WhatsApp) (kind by its end day: 'end_day' on
     * `today`, else 'before_end'), unless one exists already (the
     * unique rows decide who sends it: never two for a subscription, kind and day, or for one end day); and,
     * when any was recorded, one job of `sendJob.kind` carrying their ids, which creates the links and
     * queues the mails. Answers the page's size, its last key and how many reminders it recorded.
     */
    async claimReminderPage(page: {
      from: IsoDate;
      until: IsoDate;
      today: IsoDate;
      after: { endsOn: IsoDate; id: string } | null;
      limit: number;
      sendJob: { kind: string; maxAttempts: number };
      whatsapp: boolean;
    }): Promise<{ scanned: number; claimed: number; last: { endsOn: IsoDate; id: string } | null }> {
      const { rows } = await db.execute<{ scanned: number; claimed: number; last_ends_on: string | null; last_id: string | null }>(sql`
        with page as (
          select s.id, s.customer_id, s.ends_on, (c.email is not null or (${page.whatsapp}::boolean and c.whatsapp is not null)) as reachable
          from ${subscriptions} s join ${customers} c on c.id = s.customer_id
          where s.cancelled_at is null and s.ends_on >= ${page.from}::date and s.ends_on <= ${page.until}::date
            ${page.after ? sql`and (s.ends_on, s.id) > (${page.after.endsOn}::date, ${page.after.id}::uuid)` : sql``}
          order by s.ends_on, s.id
          limit ${page.limit}::int
        ), claimed as (
          insert into ${renewalReminders} (subscription_id, customer_id, kind, day, ends_on)
          select id, customer_id, case when ends_on = ${page.today}::date then 'end_day' else 'before_end' end, ${page.today}::date, ends_on
          from page where reachable
          on conflict do nothing
          returning id
        ), queued as (
          insert into ${jobs} (kind, payload, max_attempts)
          select ${page.sendJob.kind}::text, jsonb_build_object('reminders', jsonb_agg(id)), ${page.sendJob.maxAttempts}::int
          from claimed having count(*) > 0
          returning id
        ), last as (
          select ends_on, id from page order by ends_on desc, id desc limit 1
        )
        select (select count(*) from page)::int as scanned, (select count(*) from claimed)::int as claimed,
          last.ends_on::text as last_ends_on, last.id as last_id
        from (select 1) as one left join last on true`);
      const row = rows[0]!;
      return {
        scanned: Number(row.scanned),
        claimed: Number(row.claimed),
        last: row.last_ends_on && row.last_id ? { endsOn: row.last_ends_on, id: row.last_id } : null,
      };
    },
    /**
     * What the messages of these reminders need, for those not sent yet (no link inserted with them): the
     * customer's name, e-mail and WhatsApp (null once erased) and the plan's name.
     */
    async unsentReminders(ids: string[]) {
      if (ids.length === 0) return [];
      const { rows } = await db.execute<{
        id: string;
        subscription_id: string;
        customer_id: string;
        kind: ReminderKind;
        day: string;
        ends_on: string;
        plan_name: string;
        name: string | null;
        email: string | null;
        whatsapp: string | null;
      }>(sql`
        select r.id, r.subscription_id, r.customer_id, r.kind, r.day::text as day, r.ends_on::text as ends_on, s.plan_name, c.name, c.email, c.whatsapp
        from ${renewalReminders} r
          join ${subscriptions} s on s.id = r.subscription_id
          join ${customers} c on c.id = r.customer_id
        where r.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          and not exists (select 1 from ${subscriptionAccessLinks} l where l.reminder_id = r.id)`);
      return rows.map((row) => ({
        id: row.id,
        subscriptionId: row.subscription_id,
        customerId: row.customer_id,
        kind: row.kind,
        day: row.day,
        endsOn: row.ends_on,
        planName: row.plan_name,
        name: row.name,
        email: row.email,
        whatsapp: row.whatsapp,
      }));
    },
    /**
     * Sends reminders, in one statement: inserts each one's link unless a link of that reminder exists (two
     * runs of a send job at once: the unique reminder_id decides), and queues the mail of each link inserted
     * that has one (a job of `mailJob.kind`). Answers how many mails were queued and the reminders whose
     * link this call inserted (theirs to send on other channels too).
     */
    async sendReminders(
      sends: { reminderId: string; link: typeof subscriptionAccessLinks.$inferInsert & { expiresAt: Date }; mail: Record<string, unknown> | null }[],
      mailJob: { kind: string; maxAttempts: number },
    ): Promise<{ mails: number; linked: string[] }> {
      if (sends.length === 0) return { mails: 0, linked: [] };
      const records = sends.map(({ reminderId, link, mail }) => ({
        reminder_id: reminderId,
        subscription_id: link.subscriptionId,
        customer_id: link.customerId,
        token_hash: link.tokenHash,
        expires_at: link.expiresAt.toISOString(),
        created_by: link.createdBy,
        mail,
      }));
      const { rows } = await db.execute<{ queued: number; linked: string[] }>(sql`
        with send as (
          select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
            as send(reminder_id uuid, subscription_id uuid, customer_id uuid, token_hash text, expires_at timestamptz, created_by text, mail jsonb)
        ), linked as (
          insert into ${subscriptionAccessLinks} (subscription_id, customer_id, token_hash, expires_at, created_by, reminder_id)
          select subscription_id, customer_id, token_hash, expires_at, created_by, reminder_id from send
          on conflict (reminder_id) do nothing
          returning reminder_id
        ), queued as (
          insert into ${jobs} (kind, payload, max_attempts)
          select ${mailJob.kind}::text, send.mail, ${mailJob.maxAttempts}::int from send join linked using (reminder_id)
          where send.mail is not null and send.mail <> 'null'::jsonb
          returning id
        )
        select (select count(*) from queued)::int as queued, (select coalesce(jsonb_agg(reminder_id), '[]'::jsonb) from linked) as linked`);
      return { mails: Number(rows[0]?.queued ?? 0), linked: rows[0]?.linked ?? [] };
    },
    async remindersOf(customerId: string): Promise<ReminderRow[]> {
      return db.select().from(renewalReminders).where(eq(renewalReminders.customerId, customerId)).orderBy(asc(renewalReminders.createdAt));
    },

    // ---------------------------------------------------------------- Clientes

    async list(query: { search?: string; filter?: CustomerFilter; limit: number; offset: number; today: IsoDate }) {
      const where = and(searchWhere(query.search), filterWhere(query.filter, query.today));
      const [rows, total] = await Promise.all([
        db.select().from(customers).where(where).orderBy(desc(customers.createdAt), desc(customers.id)).limit(query.limit).offset(query.offset),
        db.$count(customers, where),
      ]);
      return { rows, total };
    },
    /** Each customer's subscriptions and paid total, for a page of customers. */
    async summariesOf(customerIds: string[]) {
      if (customerIds.length === 0) return { subscriptions: [], paid: [] };
      const [subscriptionRows, paid] = await Promise.all([
        db.select().from(subscriptions).where(inArray(subscriptions.customerId, customerIds)),
        db
          .select({
            customerId: payments.customerId,
            total: sql<string>`coalesce(sum(${payments.amount}), 0)`,
            lastPaidAt: sql<Date | null>`max(${payments.paidAt})`,
          })
          .from(payments)
          .where(and(inArray(payments.customerId, customerIds), eq(payments.status, 'paid')))
          .groupBy(payments.customerId),
      ]);
      return { subscriptions: subscriptionRows, paid };
    },
    /** Every customer matching, in keyset pages (the CSV export). */
    async exportPage(query: { search?: string; filter?: CustomerFilter; today: IsoDate; after: { createdAt: Date; id: string } | null; limit: number }) {
      return db
        .select()
        .from(customers)
        .where(
          and(
            searchWhere(query.search),
            filterWhere(query.filter, query.today),
            query.after
              ? sql`(${customers.createdAt}, ${customers.id}) < (${query.after.createdAt.toISOString()}::timestamptz, ${query.after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(query.limit);
    },

    async figures(today: IsoDate, monthStartAt: Date) {
      const until = sql`(${today}::date + 30)`;
      const [[subscriptionFigures], [terms], [cancelled], pendingDeliveries] = await Promise.all([
        db
          .select({
            active: sql<number>`count(*) filter (where ${subscriptions.endsOn} >= ${today}::date)::int`,
            mrr: sql<string>`coalesce(sum(${subscriptions.price} / ${subscriptions.months}) filter (where ${subscriptions.endsOn} >= ${today}::date), 0)`,
            due: sql<string>`coalesce(sum(${subscriptions.price}) filter (where ${subscriptions.endsOn} >= ${today}::date and ${subscriptions.endsOn} <= ${until}), 0)`,
          })
          .from(subscriptions)
          .where(running),
        db
          .select({ renewals: sql<number>`count(*) filter (where ${subscriptionTerms.kind} <> 'new')::int` })
          .from(subscriptionTerms)
          .where(sql`${subscriptionTerms.createdAt} >= ${monthStartAt.toISOString()}::timestamptz`),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(subscriptions)
          .where(and(isNotNull(subscriptions.cancelledAt), sql`${subscriptions.cancelledAt} >= ${monthStartAt.toISOString()}::timestamptz`)),
        db.$count(deliveries, eq(deliveries.status, 'pending')),
      ]);
      return {
        activeSubscriptions: subscriptionFigures?.active ?? 0,
        monthlyRecurringRevenue: Number(subscriptionFigures?.mrr ?? 0),
        revenueDueNext30Days: Number(subscriptionFigures?.due ?? 0),
        renewalsThisMonth: terms?.renewals ?? 0,
        cancellationsThisMonth: cancelled?.count ?? 0,
        pendingDeliveries,
      };
    },

    /** The customer's timeline, newest first: one query over conversations, payments, deliveries, terms, cancellations and reminders. */
    async timeline(customerId: string, limit: number, offset: number) {
      const union = sql`
        select 'conversation' as type, c.id, c.created_at as at, null::text as title, null::numeric as amount, null::text as status, null::date as date
          from ${chatConversations} c where c.customer_id = ${customerId}
        union all
        select 'payment', p.id, coalesce(p.paid_at, p.created_at), p.item_name, p.amount, p.status, null
          from ${payments} p where p.customer_id = ${customerId}
        union all
        select 'delivery', d.id, coalesce(d.delivered_at, d.created_at), p.item_name, null, d.status, null
          from ${deliveries} d join ${payments} p on p.id = d.payment_id where d.customer_id = ${customerId}
        union all
        select 'subscription', t.id, t.created_at, s.plan_name, null, t.kind, t.ends_on
          from ${subscriptionTerms} t join ${subscriptions} s on s.id = t.subscription_id where s.customer_id = ${customerId}
        union all
        select 'subscription', s.id, s.cancelled_at, s.plan_name, null, 'cancelled', s.ends_on
          from ${subscriptions} s where s.customer_id = ${customerId} and s.cancelled_at is not null
        union all
        select 'reminder', r.id, r.created_at, s.plan_name, null, r.kind, r.ends_on
          from ${renewalReminders} r join ${subscriptions} s on s.id = r.subscription_id where r.customer_id = ${customerId}`;
      const [page, count] = await Promise.all([
        db.execute<{ type: string; id: string; at: Date | string; title: string | null; amount: string | null; status: string | null; date: string | null }>(
          sql`select * from (${union}) entries order by at desc, id desc limit ${limit} offset ${offset}`,
        ),
        db.execute<{ total: number }>(sql`select count(*)::int as total from (${union}) entries`),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
    },

    // ---------------------------------------------------------------- erasure

    /**
     * Removes what identifies the customer: the contact and name, the conversations (with their messages),
     * the texts delivered, the links, the mail kept for them and the mail still queued to them. Payments,
     * subscriptions, terms and reminders stay, tied to a customer who has no name any more.
     */
    /** Erases the customer's personal data; returns the row and the chat files whose rows went (their objects are the caller's). */
    async erase(customer: CustomerRow, at: Date): Promise<{ row: CustomerRow; files: { bucket: string; storageName: string }[] } | null> {
      const [row] = await db
        .update(customers)
        .set({ name: null, whatsapp: null, email: null, erasedAt: at })
        .where(and(eq(customers.id, customer.id), isNull(customers.erasedAt)))
        .returning();
      if (!row) return null;
      // The images and voice notes of the customer's conversations, before the conversations (and their messages) go.
      const sent = db
        .select({ id: sql`unnest(array[${chatMessages.imageUploadId}, ${chatMessages.audioUploadId}])`.as('id') })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(eq(chatConversations.customerId, customer.id));
      const files = await db
        .delete(uploads)
        .where(inArray(uploads.id, db.select({ id: sql<string>`id` }).from(sent.as('sent'))))
        .returning({ bucket: uploads.bucket, storageName: uploads.storageName });
      // What came and went on WhatsApp: the messages of her conversations, and any of her number not tied to one yet.
      const conversations = db.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.customerId, customer.id));
      const waId = customer.whatsapp?.replace(/^\+/, '');
      for (const table of [whatsappOutboundMessages, whatsappInboundMessages]) {
        await db.delete(table).where(or(inArray(table.conversationId, conversations), waId ? eq(table.waId, waId) : undefined));
      }
      await db.delete(chatConversations).where(eq(chatConversations.customerId, customer.id));
      await db.update(deliveries).set({ text: null }).where(eq(deliveries.customerId, customer.id));
      await db.delete(subscriptionAccessLinks).where(eq(subscriptionAccessLinks.customerId, customer.id));
      if (customer.email) {
        await db.update(emailOutbox).set({ to: '[apagado]', subject: '[apagado]', text: '', html: null }).where(eq(emailOutbox.to, customer.email));
        await db.delete(jobs).where(and(eq(jobs.kind, 'email.send'), sql`${jobs.payload}->>'to' = ${customer.email}`, eq(jobs.status, 'queued')));
      }
      return { row, files };
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
