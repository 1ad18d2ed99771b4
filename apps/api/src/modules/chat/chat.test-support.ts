// A chat visitor for inject()-based tests: its own cookie, its own conversation.
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { ChatConversation, ChatExchange } from '@vitrine/domain/chat';
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import type { ContactCaptureInput } from '@vitrine/domain/customers';
import type { Database } from '../../db/client.ts';
import { plans, siteConfigurations } from '../../db/schema.ts';
import { VISITOR_COOKIE } from './chat.visitor.ts';

export const ORIGIN = 'http://localhost:3000';

export interface Visitor {
  cookie: string;
  conversation: ChatConversation;
  /** Sends a message and returns the answer (the whole exchange). */
  ask(text: string): Promise<ChatExchange>;
  say(body: { text?: string; intent?: ChatIntent; contact?: ContactCaptureInput }): Promise<InjectResponse>;
  /**
   * Answers the assistant's question for a name and a contact (asked once, before the first PIX) with the
   * contact form, and returns the exchange: the PIX that was about to be offered.
   */
  giveContact(contact?: ContactCaptureInput): Promise<ChatExchange>;
}

/** Who the test visitors say they are, unless a test says otherwise. */
export const TEST_CONTACT = { name: 'Maria Silva', email: 'maria@exemplo.com' } as const;

/**
 * A new visitor (from `ip`, when given) who has started a conversation. With `contact`, a returning
 * customer: the visitor gave a name and contact in an earlier conversation (true: TEST_CONTACT), so this
 * one is not asked again and offers its PIX at once.
 */
export async function newVisitor(app: FastifyInstance, options: { ip?: string; contact?: ContactCaptureInput | true } = {}): Promise<Visitor> {
  const start = (cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
  let created = await start();
  expect(created.statusCode, created.body).toBe(201);
  const value = created.cookies.find((cookie) => cookie.name === VISITOR_COOKIE)?.value;
  expect(value).toBeTruthy();
  const cookie = `${VISITOR_COOKIE}=${value}`;
  if (options.contact) {
    const earlier = created.json() as ChatConversation;
    const named = await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${earlier.id}/messages`,
      headers: { origin: ORIGIN, cookie },
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      payload: { contact: options.contact === true ? TEST_CONTACT : options.contact },
    });
    expect(named.statusCode, named.body).toBe(200);
    created = await start(cookie);
    expect(created.statusCode, created.body).toBe(201);
  }
  const conversation = created.json() as ChatConversation;
  const say: Visitor['say'] = (body) =>
    app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversation.id}/messages`,
      headers: { origin: ORIGIN, cookie },
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      payload: body,
    });
  return {
    cookie,
    conversation,
    say,
    async ask(text) {
      const response = await say({ text });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ChatExchange;
    },
    async giveContact(contact = TEST_CONTACT) {
      const response = await say({ contact });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ChatExchange;
    },
  };
}

/** The demo plans, declared by the test that needs them (monthly prices only: the others are derived). */
export async function insertPlans(db: Database, rows: { name: string; monthly: number; annual?: number; active?: boolean }[]) {
  return db
    .insert(plans)
    .values(
      rows.map((row) => ({
        name: row.name,
        priceMonthly: row.monthly,
        priceAnnual: row.annual ?? null,
        active: row.active ?? true,
        features: ['+500 canais ao vivo'],
      })),
    )
    .returning();
}

export const DEMO_PIX = { key: 'pagamentos@vitrine.test', recipient: 'Vitrine Streaming', city: 'São Paulo' } as const;

/**
 * The shop's PIX (settings 'pix_key', 'pix_recipient', 'pix_city'), written straight into the database:
 * call it before the app's first chat request, since settings are read once and then on change events.
 */
export async function configurePixRecipient(db: Database, value: { key: string; recipient: string; city: string } = DEMO_PIX) {
  await db.insert(siteConfigurations).values([
    { section: 'settings', configKey: 'pix_key', configValue: value.key },
    { section: 'settings', configKey: 'pix_recipient', configValue: value.recipient },
    { section: 'settings', configKey: 'pix_city', configValue: value.city },
  ]);
}
