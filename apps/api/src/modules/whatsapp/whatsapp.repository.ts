// WhatsApp's queries: messages received (each id once), each number's conversation, and the messages
// sent with their state. State changes are conditional on the state they expect, so a repeated or late
// status callback never moves a message backwards.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { WhatsAppDeliveryState } from '@vitrine/domain/whatsapp';
import type { DbExecutor } from '../../db/client.ts';
import { chatConversations, chatHandoffs, chatMessages } from '../chat/chat.tables.ts';
import { customers } from '../customers/customers.tables.ts';
import { whatsappContacts, whatsappEarlyStatuses, whatsappInboundMessages, whatsappOutboundMessages } from './whatsapp.tables.ts';

export type InboundRow = typeof whatsappInboundMessages.$inferSelect;
export type NewInboundRow = typeof whatsappInboundMessages.$inferInsert;
export type ContactRow = typeof whatsappContacts.$inferSelect;
export type OutboundRow = typeof whatsappOutboundMessages.$inferSelect;
export type NewOutboundRow = typeof whatsappOutboundMessages.$inferInsert;

/** The states a callback may move a message out of: never backwards, and 'failed' only before it was delivered. */
const EARLIER_STATES: Record<WhatsAppDeliveryState, OutboundRow['status'][]> = {
  sent: ['pending', 'accepted'],
  delivered: ['pending', 'accepted', 'sent'],
  read: ['pending', 'accepted', 'sent', 'delivered'],
  failed: ['pending', 'accepted', 'sent'],
};

/** How long a status for a message not (yet) ours is kept. */
const EARLY_STATUS_DAYS = 7;

export function createWhatsAppRepository(db: DbExecutor) {
  return {
    /** The messages not stored before (a repeated delivery inserts nothing). */
    async insertInbound(rows: NewInboundRow[]): Promise<InboundRow[]> {
      if (rows.length === 0) return [];
      return db.insert(whatsappInboundMessages).values(rows).onConflictDoNothing({ target: whatsappInboundMessages.waMessageId }).returning();
    },
    async findInbound(id: string): Promise<InboundRow | null> {
      const [row] = await db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.id, id));
      return row ?? null;
    },
    /** An earlier message of the same number still waiting for its answer (received since `since`): this one waits for it. */
    async earlierUnanswered(message: Pick<InboundRow, 'id' | 'waId' | 'createdAt'>, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: whatsappInboundMessages.id })
        .from(whatsappInboundMessages)
        .where(
          and(
            eq(whatsappInboundMessages.waId, message.waId),
            eq(whatsappInboundMessages.status, 'received'),
            lt(whatsappInboundMessages.createdAt, message.createdAt),
            gte(whatsappInboundMessages.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** An earlier send to the same number still waiting to go out (queued since `since`), outside this one: this one waits for it. */
    async earlierPending(waId: string, ids: string[], before: Date, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: whatsappOutboundMessages.id })
        .from(whatsappOutboundMessages)
        .where(
          and(
            eq(whatsappOutboundMessages.waId, waId),
            eq(whatsappOutboundMessages.status, 'pending'),
            lt(whatsappOutboundMessages.createdAt, before),
            gte(whatsappOutboundMessages.createdAt, since),
            notInArray(whatsappOutboundMessages.id, ids),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** Marks a received message answered; false when it no longer was 'received' (answered by another run). */
    async markInboundAnswered(id: string, conversationId: string | null, at: Date): Promise<boolean> {
      const updated = await db
        .update(whatsappInboundMessages)
        .set({ status: 'answered', conversationId, answeredAt: at, lastError: null })
        .where(and(eq(whatsappInboundMessages.id, id), eq(whatsappInboundMessages.status, 'received')))
        .returning({ id: whatsappInboundMessages.id });
      return updated.length > 0;
    },
    async markInboundFailed(id: string, error: string) {
      await db
        .update(whatsappInboundMessages)
        .set({ status: 'failed', lastError: error.slice(0, 1000) })
        .where(and(eq(whatsappInboundMessages.id, id), eq(whatsappInboundMessages.status, 'received')));
    },

    async findContact(waId: string): Promise<ContactRow | null> {
      const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, waId));
      return row ?? null;
    },
    /** The number's conversation, new (channel 'whatsapp'); null when another run created it first. */
    async createContact(input: { waId: string; visitorId: string; profileName: string | null; customerId: string | null }): Promise<ContactRow | null> {
      const [conversation] = await db
        .insert(chatConversations)
        .values({ visitorId: input.visitorId, channel: 'whatsapp', customerId: input.customerId })
        .returning({ id: chatConversations.id });
      const [contact] = await db
        .insert(whatsappContacts)
        .values({ waId: input.waId, conversationId: conversation!.id, profileName: input.profileName })
        .onConflictDoNothing({ target: whatsappContacts.waId })
        .returning();
      return contact ?? null;
    },
    /**
     * The WhatsApp number each of these customers wrote from (the one that wrote last when several did):
     * the number as WhatsApp knows it (an old Brazilian number may lack the ninth digit) and its conversation.
     */
    async contactsOfCustomers(customerIds: string[]): Promise<Map<string, ContactRow>> {
      if (customerIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([chatConversations.customerId], { customerId: chatConversations.customerId, contact: whatsappContacts })
        .from(whatsappContacts)
        .innerJoin(chatConversations, eq(chatConversations.id, whatsappContacts.conversationId))
        .where(inArray(chatConversations.customerId, customerIds))
        .orderBy(chatConversations.customerId, sql`${whatsappContacts.lastInboundAt} desc nulls last`);
      return new Map(rows.map((row) => [row.customerId!, row.contact]));
    },
    /** The number whose conversation this is, if it is a WhatsApp one. */
    async contactOfConversation(conversationId: string): Promise<ContactRow | null> {
      const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.conversationId, conversationId));
      return row ?? null;
    },
    /** A person handles the conversation (a hand-off is open): the assistant stays quiet. */
    async handledByPerson(conversationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chatHandoffs.id })
        .from(chatHandoffs)
        .where(and(eq(chatHandoffs.conversationId, conversationId), eq(chatHandoffs.status, 'open')))
        .limit(1);
      return row !== undefined;
    },
    /** The customer's message kept in the conversation for the person handling it (no answer from the assistant). */
    async keepCustomerMessage(conversationId: string, content: string, at: Date) {
      await db.insert(chatMessages).values({ id: randomUUID(), conversationId, type: 'user', content, createdAt: at });
      await db.update(chatConversations).set({ updatedAt: at }).where(eq(chatConversations.id, conversationId));
    },
    /** An operator's reply kept in the conversation (the assistant's side, marked as the operator's); answers its id. */
    async insertOperatorMessage(conversationId: string, content: string, engine: string, at: Date): Promise<string> {
      const id = randomUUID();
      await db.insert(chatMessages).values({ id, conversationId, type: 'bot', content, engine, createdAt: at });
      await db.update(chatConversations).set({ updatedAt: at }).where(eq(chatConversations.id, conversationId));
      return id;
    },
    /** The conversation is handled by a person from now on (an open hand-off). */
    async openHandoff(conversationId: string, messageId: string, request: string) {
      await db.insert(chatHandoffs).values({ conversationId, messageId, request });
    },
    /** The customer wrote at `at`: the 24-hour window runs from their latest message (a late job never moves it back). */
    /** What the conversation has settled on so far (the assistant's acknowledgment of a file reads it). */
    async conversationState(conversationId: string) {
      const [row] = await db.select({ state: chatConversations.state }).from(chatConversations).where(eq(chatConversations.id, conversationId));
      return row?.state ?? {};
    },
    /** The customer's file as their message, and the assistant's acknowledgment (none while a person handles it); answers the acknowledgment's id. */
    async insertFileMessages(
      conversationId: string,
      kind: 'image' | 'audio',
      uploadId: string,
      acknowledgment: { reply: string; suggestions: string[] } | null,
      at: Date,
    ): Promise<string | null> {
      const botId = acknowledgment ? randomUUID() : null;
      await db.insert(chatMessages).values([
        {
          id: randomUUID(),
          conversationId,
          type: 'user',
          content: '',
          ...(kind === 'image' ? { imageUploadId: uploadId } : { audioUploadId: uploadId }),
          createdAt: at,
        },
        ...(acknowledgment && botId
          ? [
              {
                id: botId,
                conversationId,
                type: 'bot' as const,
                content: acknowledgment.reply,
                engine: 'builtin',
                suggestions: acknowledgment.suggestions,
                createdAt: new Date(at.getTime() + 1),
              },
            ]
          : []),
      ]);
      await db.update(chatConversations).set({ updatedAt: at }).where(eq(chatConversations.id, conversationId));
      return botId;
    },
    async touchContact(waId: string, at: Date, profileName: string | null) {
      await db
        .update(whatsappContacts)
        .set({
          lastInboundAt: sql`greatest(coalesce(${whatsappContacts.lastInboundAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
          ...(profileName ? { profileName } : {}),
        })
        .where(eq(whatsappContacts.waId, waId));
    },
    /** The customer whose WhatsApp is this number (E.164), if one exists. */
    async customerByWhatsapp(e164: string): Promise<string | null> {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.whatsapp, e164), isNull(customers.erasedAt)))
        .limit(1);
      return row?.id ?? null;
    },

    async insertOutbound(rows: NewOutboundRow[]): Promise<OutboundRow[]> {
      if (rows.length === 0) return [];
      return db.insert(whatsappOutboundMessages).values(rows).returning();
    },
    /** The messages of one send, in the order they go out. */
    async outboundByIds(ids: string[]): Promise<OutboundRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(whatsappOutboundMessages).where(inArray(whatsappOutboundMessages.id, ids)).orderBy(asc(whatsappOutboundMessages.position));
    },
    /** `heldAt`: the template went in its place and the content waits for the customer's next message. */
    async markAccepted(id: string, waMessageId: string, statusCode: number, template: string | null = null, heldAt: Date | null = null) {
      await db
        .update(whatsappOutboundMessages)
        .set({
          status: 'accepted',
          waMessageId,
          template,
          heldAt,
          attempts: sql`${whatsappOutboundMessages.attempts} + 1`,
          lastError: null,
          lastStatusCode: statusCode,
        })
        .where(and(eq(whatsappOutboundMessages.id, id), eq(whatsappOutboundMessages.status, 'pending')));
    },
    /** The id the Graph API gave a message's uploaded file: a retry sends it without uploading again. */
    async setMediaId(id: string, mediaId: string) {
      await db.update(whatsappOutboundMessages).set({ mediaId }).where(eq(whatsappOutboundMessages.id, id));
    },
    async recordSendFailure(id: string, error: string, statusCode: number | null) {
      await db
        .update(whatsappOutboundMessages)
        .set({ attempts: sql`${whatsappOutboundMessages.attempts} + 1`, lastError: error.slice(0, 1000), lastStatusCode: statusCode })
        .where(eq(whatsappOutboundMessages.id, id));
    },
    /** One message that will not be sent now (outside the 24-hour window), with why; `heldAt`: it goes when the customer writes again. */
    async failOne(id: string, error: string, heldAt: Date | null = null) {
      await db
        .update(whatsappOutboundMessages)
        .set({ status: 'failed', lastError: error.slice(0, 1000), heldAt })
        .where(and(eq(whatsappOutboundMessages.id, id), eq(whatsappOutboundMessages.status, 'pending')));
    },
    /** The messages of a send given up on that were still waiting: failed, with why. */
    async failPending(ids: string[], error: string) {
      if (ids.length === 0) return;
      await db
        .update(whatsappOutboundMessages)
        .set({ status: 'failed', lastError: sql`coalesce(${whatsappOutboundMessages.lastError}, ${error.slice(0, 1000)})` })
        .where(and(inArray(whatsappOutboundMessages.id, ids), eq(whatsappOutboundMessages.status, 'pending')));
    },
    /**
     * The customer wrote again: the messages held for them since `since` (a reminder's own, shorter, time: it
     * speaks of a date; at most `limit`, the oldest first)
     * are marked released and copied, in their order, as new messages to send (in the number's conversation,
     * for those sent before it had one); answers the copies' ids.
     * Two runs at once: the conditional update lets one of them take each message.
     */
    async releaseHeld(waId: string, conversationId: string, since: { reminders: Date; others: Date }, at: Date, limit: number): Promise<string[]> {
      const { rows } = await db.execute<{ id: string }>(sql`
        with released as (
          update ${whatsappOutboundMessages} set released_at = ${at.toISOString()}::timestamptz
          where id in (
            select id from ${whatsappOutboundMessages}
            where wa_id = ${waId} and held_at is not null and released_at is null
              and held_at > (case when kind = 'reminder' then ${since.reminders.toISOString()} else ${since.others.toISOString()} end)::timestamptz
            order by created_at, position limit ${limit}::int
          ) and released_at is null
          returning *
        )
        insert into ${whatsappOutboundMessages} (wa_id, conversation_id, inbound_id, chat_message_id, position, kind, content, media, template_params)
        select wa_id, coalesce(conversation_id, ${conversationId}::uuid), inbound_id, chat_message_id,
          (row_number() over (order by created_at, position))::int - 1, kind, content, media, template_params
        from released
        returning id`);
      return rows.map((row) => row.id);
    },
    async outboundExists(waMessageId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: whatsappOutboundMessages.id })
        .from(whatsappOutboundMessages)
        .where(eq(whatsappOutboundMessages.waMessageId, waMessageId))
        .limit(1);
      return row !== undefined;
    },
    /** A status for a message whose id is not stored yet, kept for when it is; those older than a week are dropped. */
    async keepEarlyStatus(waMessageId: string, state: WhatsAppDeliveryState, error: string | null, now: Date) {
      await db.delete(whatsappEarlyStatuses).where(lt(whatsappEarlyStatuses.createdAt, new Date(now.getTime() - EARLY_STATUS_DAYS * 86_400_000)));
      await db.insert(whatsappEarlyStatuses).values({ waMessageId, status: state, error: error?.slice(0, 1000) ?? null, createdAt: now });
    },
    /** The statuses kept for a message, removed as they are read (each applied by the caller). */
    async takeEarlyStatuses(waMessageId: string) {
      return db.delete(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.waMessageId, waMessageId)).returning();
    },
    /** A status callback: true when it moved the message forward. */
    async applyStatus(waMessageId: string, state: WhatsAppDeliveryState, error: string | null): Promise<boolean> {
      const updated = await db
        .update(whatsappOutboundMessages)
        .set({ status: state, ...(state === 'failed' ? { lastError: (error ?? 'WhatsApp informou falha na entrega.').slice(0, 1000) } : {}) })
        .where(and(eq(whatsappOutboundMessages.waMessageId, waMessageId), inArray(whatsappOutboundMessages.status, EARLIER_STATES[state])))
        .returning({ id: whatsappOutboundMessages.id });
      return updated.length > 0;
    },
  };
}
