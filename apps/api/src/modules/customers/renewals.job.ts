// Renewal reminders: one durable job that walks the subscriptions ending soon and sends each customer a
// fresh Minha assinatura link RENEWAL_REMINDER_DAYS before the end and on the end day — by e-mail, and on
// WhatsApp when the shop has it and the customer gave a number (queueing the WhatsApp messages is given
// as `whatsapp`: the WhatsApp module's, in the same transaction as the link) — then queues its next
// run RENEWAL_CHECK_INTERVAL_MINUTES later (the housekeeping job's pattern: one waiting at a time, one
// instance running it). The walk is in keyset pages, each one statement (decision 0024's addendum): it
// records the page's reminders and queues one send job with their ids. Whoever inserts a reminder's row
// sends it: two sweeps at once (two instances, a run taken over after a crash) never send one twice. The
// send job (RENEWAL_SEND_JOB) inserts each reminder's link and queues its mail in one statement per chunk,
// and its WhatsApp messages in the same transaction; a link is unique per reminder and only a link inserted
// gets a mail or a message, so a job run again (retried, or taken over while the first run goes on) sends
// nothing twice.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { z } from 'zod';
import { addDays, daysBetween, fillReminderText, formatIsoDate, saoPauloToday, type ReminderKind } from '@vitrine/domain/customers';
import type { SettingKey } from '@vitrine/domain/settings';
import type { Database, DbExecutor } from '../../db/client.ts';
import { EMAIL_JOB, EMAIL_MAX_ATTEMPTS } from '../../shared/jobs/email.job.ts';
import { createJobsRepository } from '../../shared/jobs/jobs.repository.ts';
import type { JobHandler } from '../../shared/jobs/runner.ts';
import type { MailMessage } from '../../shared/mailer.ts';
import type { Settings } from '../../shared/settings.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { newAccessLink } from './customers.usecases.ts';

export const RENEWAL_SWEEP_JOB = 'renewals.sweep';
/** Creates the links and queues the mails of the reminders a sweep's page recorded (payload: their ids). */
export const RENEWAL_SEND_JOB = 'renewals.send';
/** Subscriptions per page of the sweep (one statement each). */
export const RENEWAL_SWEEP_BATCH = 1000;
/** Reminders per transaction of a send job. */
export const RENEWAL_SEND_CHUNK = 250;
const SEND_MAX_ATTEMPTS = 5;
/** Any number fixed for this lock: taken while looking for, then inserting, the next sweep. */
const SCHEDULE_LOCK = 7_268_456;

/** A reminder for a customer's WhatsApp, queued in the transaction that records it sent (whatsapp.usecases' queueReminderMessages). */
export interface ReminderWhatsAppMessage {
  customerId: string;
  whatsapp: string;
  text: string;
  values: { nome: string; plano: string; vencimento: string; link: string };
}
export type QueueReminderMessages = (tx: DbExecutor, reminders: ReminderWhatsAppMessage[]) => Promise<number>;

export interface RenewalPolicy {
  /** RENEWAL_REMINDER_DAYS. */
  reminderDays: number;
  /** RENEWAL_CHECK_INTERVAL_MINUTES in milliseconds. */
  intervalMs: number;
}

const TEXT_KEYS: Record<ReminderKind, { subject: SettingKey; text: SettingKey }> = {
  before_end: { subject: 'renewal_reminder_subject', text: 'renewal_reminder_text' },
  end_day: { subject: 'renewal_due_subject', text: 'renewal_due_text' },
};

/**
 * Records the reminders due on `now`'s São Paulo day and queues their send jobs (one per page); returns how
 * many reminders this call recorded.
 */
export async function runRenewalSweep({
  db,
  now,
  policy,
  signal,
  batchSize = RENEWAL_SWEEP_BATCH,
  whatsapp = false,
}: {
  db: Database;
  now: Date;
  policy: Pick<RenewalPolicy, 'reminderDays'>;
  signal?: AbortSignal;
  batchSize?: number;
  /** The shop sends reminders on WhatsApp too: a customer with only a WhatsApp gets them. */
  whatsapp?: boolean;
}): Promise<number> {
  const today = saoPauloToday(now);
  const window = { from: today, until: addDays(today, policy.reminderDays) };
  const repository = createCustomersRepository(db);
  let claimed = 0;
  let after: { endsOn: string; id: string } | null = null;
  while (!signal?.aborted) {
    const page = await repository.claimReminderPage({
      ...window,
      today,
      after,
      limit: batchSize,
      sendJob: { kind: RENEWAL_SEND_JOB, maxAttempts: SEND_MAX_ATTEMPTS },
      whatsapp,
    });
    claimed += page.claimed;
    if (page.scanned < batchSize || !page.last) break;
    after = page.last;
    // Requests waiting for the database (PGlite has one connection) go before the next page.
    await yieldToRequests();
  }
  return claimed;
}

const sendPayload = z.object({ reminders: z.array(z.string().uuid()) });
export type RenewalSendPayload = z.infer<typeof sendPayload>;

/**
 * Sends the reminders with these ids not sent yet: each gets a fresh Minha assinatura link, its mail
 * queued (texts from the settings) when the customer has an e-mail, and its WhatsApp message queued
 * (`whatsapp`) when they have a WhatsApp; one transaction per chunk. Returns how many reminders this call
 * sent (each on one channel or two).
 */
export async function sendRenewalReminders({
  db,
  now,
  publicOrigin,
  settings,
  reminderIds,
  signal,
  chunkSize = RENEWAL_SEND_CHUNK,
  whatsapp,
}: {
  db: Database;
  now: Date;
  publicOrigin: string;
  settings: Pick<Settings, 'get'>;
  reminderIds: string[];
  signal?: AbortSignal;
  chunkSize?: number;
  /** Absent when the shop has no WhatsApp: reminders go by e-mail only. */
  whatsapp?: QueueReminderMessages;
}): Promise<number> {
  const texts = Object.fromEntries(
    await Promise.all(
      (Object.keys(TEXT_KEYS) as ReminderKind[]).map(async (kind) => {
        const [subject, text] = await Promise.all([settings.get(TEXT_KEYS[kind].subject), settings.get(TEXT_KEYS[kind].text)]);
        return [kind, { subject: subject ?? '', text: text ?? '' }] as const;
      }),
    ),
  ) as Record<ReminderKind, { subject: string; text: string }>;
  let sent = 0;
  for (let start = 0; start < reminderIds.length && !signal?.aborted; start += chunkSize) {
    if (start > 0) await yieldToRequests();
    const due = await createCustomersRepository(db).unsentReminders(reminderIds.slice(start, start + chunkSize));
    const sends: Parameters<ReturnType<typeof createCustomersRepository>['sendReminders']>[0] = [];
    const messages = new Map<string, ReminderWhatsAppMessage>();
    for (const reminder of due) {
      const number = whatsapp ? reminder.whatsapp : null;
      // Erased since the sweep recorded it (or no channel left): nothing to send.
      if (!reminder.email && !number) continue;
      const link = newAccessLink({ now, publicOrigin }, { id: reminder.subscriptionId, customerId: reminder.customerId, endsOn: reminder.endsOn }, 'reminder');
      const values = {
        plano: reminder.planName,
        vencimento: formatIsoDate(reminder.endsOn),
        dias: String(daysBetween(reminder.day, reminder.endsOn)),
        link: link.url,
      };
      const text = fillReminderText(texts[reminder.kind].text, { ...values, nome: reminder.name ?? '' });
      const mail: MailMessage | null = reminder.email
        ? {
            to: reminder.email,
            // The subject is logged with the mail: it never carries the customer's name.
            subject: fillReminderText(texts[reminder.kind].subject, values).replaceAll('{nome}', ''),
            text,
            personal: true,
          }
        : null;
      if (number) {
        messages.set(reminder.id, {
          customerId: reminder.customerId,
          whatsapp: number,
          text,
          values: { nome: reminder.name?.trim() || 'cliente', plano: values.plano, vencimento: values.vencimento, link: link.url },
        });
      }
      sends.push({ reminderId: reminder.id, link: link.values, mail: mail ? { ...mail } : null });
    }
    if (sends.length === 0) continue;
    // One transaction: the links not inserted yet with their mails and WhatsApp messages, or none of them.
    sent += await db.transaction(async (tx) => {
      const { linked } = await createCustomersRepository(tx).sendReminders(sends, { kind: EMAIL_JOB, maxAttempts: EMAIL_MAX_ATTEMPTS });
      const toWhatsApp = linked.flatMap((id) => messages.get(id) ?? []);
      if (whatsapp && toWhatsApp.length > 0) await whatsapp(tx, toWhatsApp);
      return linked.length;
    });
  }
  return sent;
}

/** Queues a sweep at `runAt` (now when absent) unless one is already waiting or running (on any instance). */
export async function scheduleRenewalSweep(db: DbExecutor, runAt?: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const jobs = createJobsRepository(tx);
    await jobs.lockForTransaction(SCHEDULE_LOCK);
    if (await jobs.hasUnfinished(RENEWAL_SWEEP_JOB)) return false;
    await jobs.insert({ kind: RENEWAL_SWEEP_JOB, payload: {}, maxAttempts: 3, runAt });
    return true;
  });
}

export function createRenewalSweepHandler(deps: {
  db: Database;
  policy: RenewalPolicy;
  clock: () => Date;
  logger: { info: (object: object, message: string) => void };
  onClaimed?: (count: number) => void;
  /** The shop sends reminders on WhatsApp too (WhatsApp is configured). */
  whatsapp?: boolean;
}): JobHandler<Record<string, unknown>> {
  return {
    payload: z.record(z.string(), z.unknown()),
    async run(_payload, context) {
      const claimed = await runRenewalSweep({ ...deps, now: deps.clock(), signal: context.signal });
      if (claimed > 0) {
        deps.logger.info({ claimed }, 'lembretes de renovação registrados');
        deps.onClaimed?.(claimed);
      }
      return { ok: true };
    },
    // The next run is queued with this one's ending, in the same transaction: never none, never two.
    async settle(tx, _payload, { settlement }) {
      if (settlement.state === 'succeeded' || settlement.state === 'failed') {
        await scheduleRenewalSweep(tx, new Date(deps.clock().getTime() + deps.policy.intervalMs));
      }
    },
  };
}

/** The send job of one sweep page: its reminders' links and mails (sendRenewalReminders). */
export function createRenewalSendHandler(deps: {
  db: Database;
  clock: () => Date;
  publicOrigin: string;
  settings: Pick<Settings, 'get'>;
  logger: { info: (object: object, message: string) => void };
  /** Queues the reminders' WhatsApp messages; absent when the shop has no WhatsApp. */
  whatsapp?: QueueReminderMessages;
}): JobHandler<RenewalSendPayload> {
  return {
    payload: sendPayload,
    async run(payload, context) {
      const sent = await sendRenewalReminders({ ...deps, now: deps.clock(), reminderIds: payload.reminders, signal: context.signal });
      if (sent > 0) deps.logger.info({ sent }, 'lembretes de renovação enviados');
      // Stopped before the last chunk (the process is ending): the rest go out when the job runs again.
      return context.signal.aborted ? { ok: false, error: 'O envio dos lembretes foi interrompido.' } : { ok: true };
    },
    // Done, the job keeps only how many it carried.
    keepAfterSuccess: (payload) => ({ reminders: payload.reminders.length }),
  };
}
