// Renewal reminders on WhatsApp: a customer who gave a WhatsApp gets the reminder there too (by e-mail as
// well when they gave one). Within the 24-hour window it is the reminder's text with its link; outside it
// (the usual case) the reminders' approved template with the customer's name, plan, end date and link, or,
// with no template, it is kept as not sent with why. The sweep and send jobs run in the app's runner.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatConversation } from '@vitrine/domain/chat';
import { addDays, formatIsoDate, saoPauloToday } from '@vitrine/domain/customers';
import { OUTSIDE_WINDOW_NO_TEMPLATE } from '@vitrine/domain/whatsapp';
import type { TestApp } from '../../../test/app.ts';
import type { FakeGraph } from '../../../test/fake-graph.ts';
import { waitUntil } from '../../../test/wait.ts';
import { emailOutbox, jobs, renewalReminders, subscriptionAccessLinks, whatsappContacts, whatsappOutboundMessages } from '../../db/schema.ts';
import { EMAIL_JOB } from '../../shared/jobs/email.job.ts';
import { seedCustomer } from '../customers/customers.test-support.ts';
import { RENEWAL_SEND_JOB, RENEWAL_SWEEP_JOB, scheduleRenewalSweep } from '../customers/renewals.job.ts';
import { putSetting, sentTo, startWhatsAppShop, stopWhatsAppShop, textOf, whatsappDriver } from './whatsapp.test-support.ts';
import { templateInPlaceOf, WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_JOB } from './whatsapp.usecases.ts';

const HOUR = 60 * 60 * 1000;
// The window counts from when a message arrived (the database's clock): the test's clock starts now.
let now = new Date();
const today = saoPauloToday(now);
const inThree = addDays(today, 3);
let graph: FakeGraph;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ graph, t, admin } = await startWhatsAppShop({ plans: [{ name: 'Premium', monthly: 40, annual: 408 }], clock: () => now }));
}, 60_000);
afterAll(() => stopWhatsAppShop({ t, graph }));

const { say } = whatsappDriver(
  () => t,
  () => graph,
);

const setSetting = (key: string, value: string) => putSetting(t, admin, key, value);

/** Runs one renewal sweep through the app's runner and waits until its reminders have gone out (or were given up on). */
async function sweep() {
  const db = t.database.db;
  // The next sweep each one queues is an hour of the test's clock away: taken off, so this one is the only one.
  await db.delete(jobs).where(and(eq(jobs.kind, RENEWAL_SWEEP_JOB), eq(jobs.status, 'queued')));
  expect(await scheduleRenewalSweep(db)).toBe(true);
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, RENEWAL_SWEEP_JOB), eq(jobs.status, 'queued')));
  await waitUntil(
    async () =>
      (
        await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.id, queued!.id), eq(jobs.status, 'succeeded')))
      ).length === 1 &&
      (
        await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(inArray(jobs.kind, [RENEWAL_SEND_JOB, WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_JOB, EMAIL_JOB]), inArray(jobs.status, ['queued', 'running'])))
      ).length === 0,
    { what: 'a varredura de lembretes e seus envios' },
  );
}

/** The reminders sent (or not) to a number. */
const remindersTo = (waId: string) =>
  t.database.db
    .select()
    .from(whatsappOutboundMessages)
    .where(and(eq(whatsappOutboundMessages.waId, waId), eq(whatsappOutboundMessages.kind, 'reminder')));
const mailsTo = (to: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('Renewal reminders on WhatsApp', { timeout: 90_000 }, () => {
  it('go to the customer’s WhatsApp: the text within the window, the reminders’ template with its variables outside it, kept as not sent without one; once', async () => {
    const db = t.database.db;
    // Wrote on WhatsApp an hour ago (within the window), and gave an e-mail too.
    const xavier = await seedCustomer(db, { name: 'Xavier Lima', whatsapp: '+5511987650102', email: 'xavier@exemplo.com' }, { endsOn: inThree });
    await say('5511987650102', 'oi');
    // Gave only a WhatsApp and never wrote there.
    const wanda = await seedCustomer(db, { name: 'Wanda Reis', whatsapp: '+5511987650101' }, { endsOn: inThree });
    // Only an e-mail: nothing on WhatsApp.
    const yara = await seedCustomer(db, { name: 'Yara Dias', email: 'yara@exemplo.com' }, { endsOn: addDays(today, 2) });
    // Wrote two days ago from an old number without the ninth digit, as WhatsApp may still know it.
    const zeca = await seedCustomer(db, { name: 'Zeca Prado', whatsapp: '+5511987650103' }, { endsOn: addDays(today, 4) });
    const oldNumber = '551187650103';
    await say(oldNumber, 'bom dia');
    await db
      .update(whatsappContacts)
      .set({ lastInboundAt: new Date(now.getTime() - 48 * HOUR) })
      .where(eq(whatsappContacts.waId, oldNumber));

    // No template set: the reminders outside the window are kept as not sent, with why.
    const before = graph.calls.length;
    await sweep();
    const reminders = await db.select().from(renewalReminders);
    expect(reminders.map((row) => row.customerId).sort()).toEqual([xavier.customer.id, wanda.customer.id, zeca.customer.id, yara.customer.id].sort());
    // Xavier, within the window: the reminder's text with his link, in his conversation.
    const [toXavier] = sentTo(graph, '5511987650102').slice(-1);
    expect(textOf(toXavier!)).toContain('Olá, Xavier Lima!');
    expect(textOf(toXavier!)).toContain(`Sua assinatura Premium vence em ${formatIsoDate(inThree)} (daqui a 3 dias)`);
    const [xavierLink] = await db.select().from(subscriptionAccessLinks).where(eq(subscriptionAccessLinks.customerId, xavier.customer.id));
    expect(xavierLink!.createdBy).toBe('reminder');
    expect(textOf(toXavier!)).toMatch(/\/minha-assinatura\?t=[\w-]+/);
    expect(await mailsTo('xavier@exemplo.com')).toHaveLength(1);
    expect(await mailsTo('yara@exemplo.com')).toHaveLength(1);
    // Wanda and Zeca, outside it, with no template: nothing went, and why is kept.
    expect(graph.calls.slice(before).map((call) => call.body.to)).toEqual(['5511987650102']);
    expect(await remindersTo('5511987650101')).toEqual([
      expect.objectContaining({ kind: 'reminder', status: 'failed', lastError: OUTSIDE_WINDOW_NO_TEMPLATE }),
    ]);
    expect(await remindersTo(oldNumber)).toEqual([
      expect.objectContaining({ kind: 'reminder', status: 'failed', lastError: OUTSIDE_WINDOW_NO_TEMPLATE, conversationId: expect.any(String) }),
    ]);

    // The operator sees the reminder under Xavier's conversation.
    const [contact] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, '5511987650102'));
    const read = await t.app.inject({ method: 'GET', url: `/api/chat/admin/conversations/${contact!.conversationId}`, headers: { cookie: admin } });
    expect((read.json() as AdminChatConversation).whatsappSends).toContainEqual(expect.objectContaining({ kind: 'reminder', chatMessageId: null }));

    // The same sweep again: every reminder was sent already, nothing goes twice.
    const calls = graph.calls.length;
    await sweep();
    expect(graph.calls.length).toBe(calls);
    expect(await db.select().from(renewalReminders)).toHaveLength(4);

    // The templates set in Conversas; on the end day Wanda's reminder goes as the reminders' template, with her values.
    expect((await setSetting('whatsapp_template_name', 'retomar_atendimento')).statusCode).toBe(200);
    expect((await setSetting('whatsapp_reminder_template_name', 'lembrete_renovacao')).statusCode).toBe(200);
    expect((await setSetting('whatsapp_reminder_template_name', 'Lembrete Renovação')).statusCode).toBe(400);
    now = new Date(now.getTime() + 3 * 24 * HOUR);
    expect(saoPauloToday(now)).toBe(inThree);
    await sweep();
    const [toWanda] = sentTo(graph, '5511987650101');
    const wandaLink = (await db.select().from(subscriptionAccessLinks).where(eq(subscriptionAccessLinks.customerId, wanda.customer.id))).at(-1)!;
    expect(toWanda!.body).toMatchObject({
      type: 'template',
      template: { name: 'lembrete_renovacao', language: { code: 'pt_BR' }, components: [{ type: 'body' }] },
    });
    const parameters = (toWanda!.body.template as { components: { parameters: { type: string; text: string }[] }[] }).components[0]!.parameters;
    expect(parameters.map((parameter) => parameter.text.replace(/t=[\w-]+$/, 't=…'))).toEqual([
      'Wanda Reis',
      'Premium',
      formatIsoDate(inThree),
      'http://localhost:3000/minha-assinatura?t=…',
    ]);
    expect(wandaLink.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await remindersTo('5511987650101')).toContainEqual(
      expect.objectContaining({ kind: 'reminder', status: 'accepted', template: 'lembrete_renovacao' }),
    );
    // Xavier's end day: the window closed since, so his goes as the template too, to the number he wrote from.
    expect(sentTo(graph, '5511987650102').at(-1)!.body).toMatchObject({ type: 'template', template: { name: 'lembrete_renovacao' } });
  });

  it('a reminder outside the window goes as the reminders’ template with its values; without it, as the general one; without either, nothing', () => {
    const reminder = { kind: 'reminder' as const, templateParams: ['Ana', 'Premium', '13/03/2026', 'https://loja/minha-assinatura?t=x'] };
    expect(templateInPlaceOf(reminder, { general: 'geral', reminder: 'lembrete', language: 'pt_BR' })).toEqual({
      type: 'template',
      template: {
        name: 'lembrete',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: reminder.templateParams.map((text) => ({ type: 'text', text })) }],
      },
    });
    expect(templateInPlaceOf(reminder, { general: 'geral', reminder: null, language: 'pt_BR' })).toEqual({
      type: 'template',
      template: { name: 'geral', language: { code: 'pt_BR' } },
    });
    // Anything else never carries the reminders' template.
    expect(templateInPlaceOf({ kind: 'delivery', templateParams: null }, { general: null, reminder: 'lembrete', language: 'pt_BR' })).toBeNull();
    expect(templateInPlaceOf({ kind: 'operator', templateParams: null }, { general: 'geral', reminder: 'lembrete', language: 'en_US' })).toEqual({
      type: 'template',
      template: { name: 'geral', language: { code: 'en_US' } },
    });
  });
});
