// The assistant on WhatsApp: each number's conversation, the messages Meta delivered (each once) and
// the messages sent back with their delivery state.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  WHATSAPP_DELIVERY_STATES,
  WHATSAPP_OUTBOUND_KINDS,
  WHATSAPP_OUTBOUND_STATES,
  type InboundMedia,
  type WhatsAppMediaSource,
  type WhatsAppOutboundContent,
} from '@vitrine/domain/whatsapp';
import { createdAt, id, updatedAt } from '../../db/columns.ts';
import { chatConversations, chatMessages } from '../chat/chat.tables.ts';

// One WhatsApp number, one conversation (chat_conversations with channel 'whatsapp').
export const whatsappContacts = pgTable('whatsapp_contacts', {
  id: id(),
  /** The number as WhatsApp writes it: country code and number, digits only. */
  waId: text('wa_id').notNull().unique(),
  conversationId: uuid('conversation_id')
    .notNull()
    .unique()
    .references(() => chatConversations.id, { onDelete: 'cascade' }),
  profileName: text('profile_name'),
  /** The customer's last message (WhatsApp's 24-hour window for free-form answers starts there). */
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Every message Meta delivered, once: its id is unique, so a delivery Meta repeats is handled once.
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: id(),
    waMessageId: text('wa_message_id').notNull().unique(),
    waId: text('wa_id').notNull(),
    profileName: text('profile_name'),
    type: text('type').notNull(),
    /** What was typed or chosen; null for kinds the assistant does not read yet. */
    text: text('text'),
    /** An image or a voice note: Meta's media id, downloaded and stored by the answering job. */
    media: jsonb('media').$type<InboundMedia>(),
    status: text('status', { enum: ['received', 'answered', 'failed'] })
      .notNull()
      .default('received'),
    conversationId: uuid('conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('whatsapp_inbound_wa_id_idx').on(t.waId, t.createdAt)],
);

// What was sent (or is to be sent) to a number, in order; the Graph API's id once it accepted it, then
// the state its status callbacks report. A send that failed for good stays here as 'failed' with why.
export const whatsappOutboundMessages = pgTable(
  'whatsapp_outbound_messages',
  {
    id: id(),
    waId: text('wa_id').notNull(),
    conversationId: uuid('conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
    inboundId: uuid('inbound_id').references(() => whatsappInboundMessages.id, { onDelete: 'set null' }),
    /** The conversation's message it carries (the assistant's answer, an operator's reply); null for a payment's confirmation. */
    chatMessageId: uuid('chat_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    /** Its place among the messages of one answer. */
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: WHATSAPP_OUTBOUND_KINDS }).notNull(),
    content: jsonb('content').$type<WhatsAppOutboundContent>().notNull(),
    /** A media message's file: what it is made from, and the id the Graph API gave its upload (a retry sends it without uploading again). */
    media: jsonb('media').$type<WhatsAppMediaSource>(),
    mediaId: text('media_id'),
    /** Outside WhatsApp's 24-hour window: the approved template sent in its place. */
    template: text('template'),
    /** A renewal reminder's values for the reminders' template ({{1}} name, {{2}} plan, {{3}} end date, {{4}} link). */
    templateParams: jsonb('template_params').$type<string[]>(),
    /**
     * Outside the window its content did not go (the general template went in its place, or nothing could):
     * when. It goes when the customer writes again (within WHATSAPP_HELD_DAYS), as a copy; `releasedAt` then.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    status: text('status', { enum: WHATSAPP_OUTBOUND_STATES }).notNull().default('pending'),
    waMessageId: text('wa_message_id').unique(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('whatsapp_outbound_inbound_idx').on(t.inboundId),
    index('whatsapp_outbound_status_idx').on(t.status, t.createdAt),
    index('whatsapp_outbound_conversation_idx').on(t.conversationId, t.createdAt),
    index('whatsapp_outbound_held_idx')
      .on(t.waId, t.heldAt)
      .where(sql`${t.heldAt} is not null and ${t.releasedAt} is null`),
  ],
);

// A status callback for a message whose id is not stored yet (Meta may call back before the send's own
// answer is written): kept here and applied once the id is stored, then removed. Old ones are dropped.
export const whatsappEarlyStatuses = pgTable(
  'whatsapp_early_statuses',
  {
    id: id(),
    waMessageId: text('wa_message_id').notNull(),
    status: text('status', { enum: WHATSAPP_DELIVERY_STATES }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('whatsapp_early_statuses_message_idx').on(t.waMessageId), index('whatsapp_early_statuses_created_idx').on(t.createdAt)],
);
