// The assistant: shortcuts, conversations, messages, payment intents and hand-offs.
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_KINDS } from '@vitrine/domain/payment-status';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { plans } from '../catalog/catalog.tables.ts';
import { customers } from '../customers/customers.tables.ts';

export type PixData = { keyType?: string; key: string; value: number; recipient: string; description?: string; city: string };

export const shortcuts = pgTable('shortcuts', {
  id: id(),
  name: text('name').notNull(),
  type: text('type', { enum: ['pix', 'webhook'] }).notNull(),
  webhookUrl: text('webhook_url'),
  webhookSecret: text('webhook_secret'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  pixData: jsonb('pix_data').$type<PixData>(),
  active: boolean('active').notNull().default(true),
  orderIndex: integer('order_index').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What a conversation has settled on so far, so a later "anual" or "sim" completes the choice. */
export type ChatConversationState = {
  planId?: string;
  planName?: string;
  period?: 'monthly' | 'quarterly' | 'semiannual' | 'annual';
  credits?: number;
  reseller?: boolean;
  priceMode?: 'cliente' | 'revendedor';
  /** The streaming app the visitor wants activated (at the price of `priceMode`). */
  activationAppId?: string;
  /** The reseller plan (monthly, per active client or prepaid) the visitor chose. */
  resellerPlanId?: string;
  /** The choice a PIX was last offered for, so it is not offered again for the same choice. */
  offered?: string;
  /** The assistant asked for a name and a contact before a PIX: the next message answers it. */
  awaitingContact?: boolean;
};

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    // SHA-256 of the visitor's random cookie value: the value itself is never stored.
    visitorId: text('visitor_id').notNull(),
    state: jsonb('state').$type<ChatConversationState>().notNull().default({}),
    /** Who the visitor said they are (asked once, before the first PIX). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Where the conversation happens: the site's chat, or a WhatsApp number (modules/whatsapp). */
    channel: text('channel', { enum: ['web', 'whatsapp'] })
      .notNull()
      .default('web'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_conversations_visitor_idx').on(t.visitorId, t.createdAt), index('chat_conversations_customer_idx').on(t.customerId, t.createdAt)],
);

// A PIX offered in a conversation: the amount comes from the prices at the time of the offer, and the
// txid names the conversation, so a received payment can be traced back to it.
export const chatPaymentIntents = pgTable(
  'chat_payment_intents',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    itemName: text('item_name').notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    period: text('period', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }),
    credits: integer('credits'),
    amount: money('amount').notNull(),
    txid: text('txid').notNull(),
    brCode: text('br_code').notNull(),
    pixKey: text('pix_key').notNull(),
    recipient: text('recipient').notNull(),
    city: text('city').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_payment_intents_conversation_idx').on(t.conversationId), index('chat_payment_intents_created_idx').on(t.createdAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['bot', 'user'] }).notNull(),
    content: text('content').notNull().default(''),
    imageUploadId: uuid('image_upload_id'),
    audioUploadId: uuid('audio_upload_id'),
    feedback: text('feedback', { enum: ['positive', 'negative'] }),
    engine: text('engine'),
    // Quick replies offered with a bot message.
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    paymentIntentId: uuid('payment_intent_id').references(() => chatPaymentIntents.id, { onDelete: 'set null' }),
    /** The assistant's question for a name and a contact (the chat shows its form under it). */
    asksContact: boolean('asks_contact').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

// A visitor asked for a person ('humano'): admins read these and take the conversation over.
export const chatHandoffs = pgTable(
  'chat_handoffs',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    request: text('request').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_handoffs_created_idx').on(t.createdAt), index('chat_handoffs_conversation_idx').on(t.conversationId)],
);
