// What WhatsApp's tests share: the app's WHATSAPP_* values and deliveries signed as Meta signs them
// (test/whatsapp-deliveries.ts, which the benchmark uses too), and a driver that posts them to one app
// and waits until their answers have gone out to the fake Graph API.
import { and, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { FakeGraph, GraphCall } from '../../../test/fake-graph.ts';
import { waitUntil } from '../../../test/wait.ts';
import { delivery, sign, type Incoming } from '../../../test/whatsapp-deliveries.ts';
import { jobs } from '../../db/schema.ts';
import { WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_JOB } from './whatsapp.usecases.ts';

export {
  ACCESS_TOKEN,
  APP_SECRET,
  delivery,
  newMessageId,
  PHONE_NUMBER_ID,
  sign,
  VERIFY_TOKEN,
  WHATSAPP_ENV,
  type Incoming,
} from '../../../test/whatsapp-deliveries.ts';

export const sentTo = (graph: FakeGraph, waId: string) => graph.sent().filter((call) => call.body.to === waId);
export const textOf = (call: GraphCall) => call.body.text?.body ?? '';
/** What the customer reads in a message: a text's body, or the text above an interactive message's choices. */
export const shown = (call: GraphCall) => call.body.text?.body ?? (call.body.interactive as { body?: { text?: string } } | undefined)?.body?.text ?? '';

/** Posts deliveries to one app as Meta does, and waits for WhatsApp's jobs. */
export function whatsappDriver(app: () => TestApp, graph: () => FakeGraph) {
  /** POSTs a delivery: the exact bytes signed (or the signature given, or none). */
  const post = (body: unknown, signature: string | null | ((raw: string) => string) = (raw) => sign(raw)) => {
    const raw = JSON.stringify(body);
    const header = typeof signature === 'function' ? signature(raw) : signature;
    return app().app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'x-hub-signature-256': header }) },
      payload: raw,
    });
  };

  /** Until every WhatsApp job queued so far has finished (answered and sent, or given up on). */
  const settled = async () => {
    await waitUntil(
      async () =>
        (
          await app()
            .database.db.select({ id: jobs.id })
            .from(jobs)
            .where(and(inArray(jobs.kind, [WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_JOB]), inArray(jobs.status, ['queued', 'running'])))
        ).length === 0,
      { what: 'as tarefas do WhatsApp' },
    );
  };

  /** Sends a signed text from `from` and waits until its whole answer has gone out; returns the messages sent to that number by it. */
  const say = async (from: string, text: string, extra: Partial<Incoming> = {}) => {
    const before = sentTo(graph(), from).length;
    const response = await post(delivery({ messages: [{ from, text, ...extra }] }));
    expect(response.statusCode, response.body).toBe(200);
    await settled();
    return sentTo(graph(), from).slice(before);
  };

  return { post, settled, say, sentTo: (waId: string) => sentTo(graph(), waId) };
}
