import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  chatConversations,
  chatHandoffs,
  chatMessages,
  chatPaymentIntents,
  shortcuts,
  uploads,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  whatsappOutboundMessages,
  type ChatConversationState,
} from '../../db/schema.ts';

export type { ChatConversationState };
export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessageRow = typeof chatMessages.$inferInsert & { id: string };
export type PaymentIntentRow = typeof chatPaymentIntents.$inferSelect;
export type NewPaymentIntentRow = typeof chatPaymentIntents.$inferInsert & { id: string };
export type HandoffRow = typeof chatHandoffs.$inferSelect;
export type ShortcutRow = typeof shortcuts.$inferSelect;
export type MessageWithExtras = MessageRow & {
  paymentIntent: PaymentIntentRow | null;
};

export const createChatRepository = (db: DbExecutor) => ({
  async createConversation(visitorId: string): Promise<ConversationRow> {
    const [row] = await db.insert(chatConversations).values({ visitorId }).returning();
    return row!;
  },

  async findConversation(id: string): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
    return row;
  },

  async latestConversation(visitorId: string): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.visitorId, visitorId))
      .orderBy(desc(chatConversations.createdAt), desc(chatConversations.id))
      .limit(1);
    return row;
  },

  /** The customer a visitor named in an earlier conversation (the same browser is not asked twice). */
  async visitorCustomer(visitorId: string): Promise<string | null> {
    const [row] = await db
      .select({ customerId: chatConversations.customerId })
      .from(chatConversations)
      .where(and(eq(chatConversations.visitorId, visitorId), isNotNull(chatConversations.customerId)))
      .orderBy(desc(chatConversations.createdAt))
      .limit(1);
    return row?.customerId ?? null;
  },

  async linkCustomer(id: string, customerId: string) {
    await db.update(chatConversations).set({ customerId }).where(eq(chatConversations.id, id));
  },

  async updateState(id: string, state: ChatConversationState) {
    await db.update(chatConversations).set({ state, updatedAt: new Date() }).where(eq(chatConversations.id, id));
  },

  async insertMessages(rows: NewMessageRow[]): Promise<MessageRow[]> {
    return db.insert(chatMessages).values(rows).returning();
  },

  async insertPaymentIntent(row: NewPaymentIntentRow): Promise<PaymentIntentRow> {
    const [created] = await db.insert(chatPaymentIntents).values(row).returning();
    return created!;
  },

  async insertHandoff(row: typeof chatHandoffs.$inferInsert): Promise<HandoffRow> {
    const [created] = await db.insert(chatHandoffs).values(row).returning();
    return created!;
  },

  /** Closes the conversation's open hand-offs; answers how many were open. */
  async closeHandoffs(conversationId: string): Promise<number> {
    const closed = await db
      .update(chatHandoffs)
      .set({ status: 'closed' })
      .where(and(eq(chatHandoffs.conversationId, conversationId), eq(chatHandoffs.status, 'open')))
      .returning({ id: chatHandoffs.id });
    return closed.length;
  },

  /** What was sent to the conversation's WhatsApp number, oldest first. */
  async whatsappSends(conversationId: string) {
    return (
      db
        .select()
        .from(whatsappOutboundMessages)
        // A held message sent since (released) shows as its copy.
        .where(and(eq(whatsappOutboundMessages.conversationId, conversationId), isNull(whatsappOutboundMessages.releasedAt)))
        .orderBy(asc(whatsappOutboundMessages.createdAt), asc(whatsappOutboundMessages.position), asc(whatsappOutboundMessages.id))
    );
  },

  async listMessages(conversationId: string): Promise<MessageWithExtras[]> {
    const rows = await db
      .select({ message: chatMessages, paymentIntent: chatPaymentIntents })
      .from(chatMessages)
      .leftJoin(chatPaymentIntents, eq(chatPaymentIntents.id, chatMessages.paymentIntentId))
      .where(eq(chatMessages.conversationId, conversationId))
      // A bot reply is written in the same statement as the message it answers: the type orders them.
      .orderBy(asc(chatMessages.createdAt), desc(chatMessages.type), asc(chatMessages.id));
    return rows.map(({ message, paymentIntent }) => ({ ...message, paymentIntent }));
  },

  /** The last messages, oldest first, for a language model's context. */
  async recentMessages(conversationId: string, limit: number): Promise<Pick<MessageRow, 'type' | 'content'>[]> {
    const rows = await db
      .select({ type: chatMessages.type, content: chatMessages.content, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(desc(chatMessages.createdAt), asc(chatMessages.type))
      .limit(limit);
    return rows.reverse();
  },

  /** Sets or clears the feedback of a bot message of this conversation; undefined when there is none. */
  async setFeedback(conversationId: string, messageId: string, feedback: 'positive' | 'negative' | null) {
    const [row] = await db
      .update(chatMessages)
      .set({ feedback })
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversationId), eq(chatMessages.type, 'bot')))
      .returning();
    return row;
  },

  /** The stored file of a message of this conversation (image or voice note), or undefined. */
  async findConversationUpload(conversationId: string, uploadId: string) {
    const [row] = await db
      .select({ upload: uploads })
      .from(chatMessages)
      .innerJoin(uploads, eq(uploads.id, uploadId))
      .where(and(eq(chatMessages.conversationId, conversationId), or(eq(chatMessages.imageUploadId, uploadId), eq(chatMessages.audioUploadId, uploadId))))
      .limit(1);
    return row?.upload;
  },

  async listActiveShortcuts(): Promise<ShortcutRow[]> {
    return db.select().from(shortcuts).where(eq(shortcuts.active, true)).orderBy(asc(shortcuts.orderIndex), asc(shortcuts.createdAt), asc(shortcuts.id));
  },

  async findActiveShortcut(id: string, { includeInactive = false } = {}): Promise<ShortcutRow | undefined> {
    const [row] = await db
      .select()
      .from(shortcuts)
      .where(and(eq(shortcuts.id, id), includeInactive ? undefined : eq(shortcuts.active, true)))
      .limit(1);
    return row;
  },

  // ---------------------------------------------------------------- admin reads

  /** The endpoint (URL and signing secret) the shortcut's URL is delivered to, if it was ever used. */
  async findShortcutEndpoint(shortcutId: string) {
    const [shortcut] = await db.select({ url: shortcuts.webhookUrl }).from(shortcuts).where(eq(shortcuts.id, shortcutId)).limit(1);
    if (!shortcut?.url) return undefined;
    // Endpoints are keyed by the URL in its normalised form, as deliveries are queued.
    let normalised: string;
    try {
      normalised = new URL(shortcut.url.trim()).href;
    } catch {
      return undefined;
    }
    const [endpoint] = await db
      .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, normalised))
      .limit(1);
    return endpoint;
  },

  /** A shortcut's delivery queued from this conversation (its payload names it), or undefined. */
  async findConversationShortcutRun(conversationId: string, deliveryId: string) {
    const [row] = await db
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.source, 'shortcut'),
          sql`${webhookDeliveries.payload}->>'conversation_id' = ${conversationId}`,
        ),
      )
      .limit(1);
    return row;
  },

  async listShortcutRuns(shortcutId: string | undefined, limit: number, offset: number) {
    const where = and(eq(webhookDeliveries.source, 'shortcut'), shortcutId ? eq(webhookDeliveries.sourceId, shortcutId) : undefined);
    const [deliveries, total] = await Promise.all([
      db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
      db.$count(webhookDeliveries, where),
    ]);
    const attempts = deliveries.length
      ? await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(asc(webhookAttempts.attempt))
      : [];
    return { rows: deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id) })), total };
  },

  async listConversationSummaries(limit: number, offset: number) {
    const messageCount = db
      .select({ conversationId: chatMessages.conversationId, total: count().as('total') })
      .from(chatMessages)
      .groupBy(chatMessages.conversationId)
      .as('message_count');
    const rows = await db
      .select({
        conversation: chatConversations,
        messageCount: sql<number>`coalesce(${messageCount.total}, 0)`.mapWith(Number),
        lastMessage: sql<
          string | null
        >`(select m.content from chat_messages m where m.conversation_id = ${chatConversations.id} order by m.created_at desc, m.type asc limit 1)`,
        openHandoffs: sql<number>`(select count(*) from chat_handoffs h where h.conversation_id = ${chatConversations.id} and h.status = 'open')`.mapWith(
          Number,
        ),
        paymentIntents: sql<number>`(select count(*) from chat_payment_intents p where p.conversation_id = ${chatConversations.id})`.mapWith(Number),
      })
      .from(chatConversations)
      .leftJoin(messageCount, eq(messageCount.conversationId, chatConversations.id))
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
      .limit(limit)
      .offset(offset);
    return { rows, total: await db.$count(chatConversations) };
  },

  async listHandoffs(limit: number, offset: number, conversationIds?: string[]): Promise<{ rows: HandoffRow[]; total: number }> {
    const where = conversationIds ? inArray(chatHandoffs.conversationId, conversationIds) : undefined;
    const [rows, total] = await Promise.all([
      db.select().from(chatHandoffs).where(where).orderBy(desc(chatHandoffs.createdAt), desc(chatHandoffs.id)).limit(limit).offset(offset),
      db.$count(chatHandoffs, where),
    ]);
    return { rows, total };
  },

  async listPaymentIntents(limit: number, offset: number, conversationIds?: string[]): Promise<{ rows: PaymentIntentRow[]; total: number }> {
    const where = conversationIds ? inArray(chatPaymentIntents.conversationId, conversationIds) : undefined;
    const [rows, total] = await Promise.all([
      db.select().from(chatPaymentIntents).where(where).orderBy(desc(chatPaymentIntents.createdAt), desc(chatPaymentIntents.id)).limit(limit).offset(offset),
      db.$count(chatPaymentIntents, where),
    ]);
    return { rows, total };
  },
});
export type ChatRepository = ReturnType<typeof createChatRepository>;
