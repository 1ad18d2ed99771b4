// What WhatsApp's tests share: the app's WHATSAPP_* values and deliveries signed as Meta signs them
// (test/whatsapp-deliveries.ts, which the benchmark uses too), and a driver that posts them to one app
// and waits until their answers have gone out to the fake Graph API.
import { and, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { startFakeGraph, type FakeGraph, type GraphCall } from '../../../test/fake-graph.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import { delivery, sign, WHATSAPP_ENV, type Incoming } from '../../../test/whatsapp-deliveries.ts';
import { jobs } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { insertPlans, ORIGIN } from '../chat/chat.test-support.ts';
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

/**
 * A shop whose WHATSAPP_* point at a fresh fake Graph API, with quick jobs, these plans and an admin signed
 * in (their cookie); `clock` when the test moves time. Stop it with stopWhatsAppShop.
 */
export async function startWhatsAppShop(options: { plans: Parameters<typeof insertPlans>[1]; clock?: () => Date }) {
  const graph = await startFakeGraph();
  const t = await buildTestApp({
    env: { ...adminEnv, ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.apiUrl },
    jobs: fastJobs,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await insertPlans(t.database.db, options.plans);
  return { graph, t, admin: await signInAsAdmin(t.app) };
}

/** An admin sets a setting (Conversas' template names, say), as the panel does. */
export const putSetting = (t: TestApp, admin: string, key: string, value: string) =>
  t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: { origin: ORIGIN, cookie: admin }, payload: { value, expectedUpdatedAt: null } });

export async function stopWhatsAppShop(shop: { t?: TestApp; graph?: FakeGraph }) {
  await shop.t?.close();
  await shop.graph?.close();
}

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
