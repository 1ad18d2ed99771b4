// Renewal reminders: one durable job that walks the subscriptions ending soon and e-mails each customer a
// fresh Minha assinatura link RENEWAL_REMINDER_DAYS before the end and on the end day, then queues its next
// run RENEWAL_CHECK_INTERVAL_MINUTES later (the housekeeping job's pattern: one waiting at a time, one
// instance running it). Whoever inserts a reminder's row sends it: two sweeps at once (two instances, a run
// taken over after a crash) never send one twice. The walk is in keyset pages, each its own short
// transaction, with a pause between them, so a large shop's sweep never holds the database for long.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { z } from 'zod';
import { addDays, daysBetween, fillReminderText, formatIsoDate, saoPauloToday, type ReminderKind } from '@vitrine/domain/customers';
import type { SettingKey } from '@vitrine/domain/settings';
import type { Database, DbExecutor } from '../../db/client.ts';
import { enqueueEmails } from '../../shared/jobs/email.job.ts';
import { createJobsRepository } from '../../shared/jobs/jobs.repository.ts';
import type { JobHandler } from '../../shared/jobs/runner.ts';
import type { Settings } from '../../shared/settings.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { newAccessLink } from './customers.usecases.ts';

export const RENEWAL_SWEEP_JOB = 'renewals.sweep';
/** Subscriptions per page (and per transaction). */
export const RENEWAL_SWEEP_BATCH = 200;
/** Any number fixed for this lock: taken while looking for, then inserting, the next sweep. */
const SCHEDULE_LOCK = 7_268_456;

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

/** Sends the reminders due on `now`'s São Paulo day; returns how many were sent by this call. */
export async function runRenewalSweep({
  db,
  now,
  policy,
  publicOrigin,
  settings,
  signal,
  batchSize = RENEWAL_SWEEP_BATCH,
}: {
  db: Database;
  now: Date;
  policy: Pick<RenewalPolicy, 'reminderDays'>;
  publicOrigin: string;
  settings: Pick<Settings, 'get'>;
  signal?: AbortSignal;
  batchSize?: number;
}): Promise<number> {
  const today = saoPauloToday(now);
  const window = { from: today, until: addDays(today, policy.reminderDays) };
  const texts = Object.fromEntries(
    await Promise.all(
      (Object.keys(TEXT_KEYS) as ReminderKind[]).map(async (kind) => {
        const [subject, text] = await Promise.all([settings.get(TEXT_KEYS[kind].subject), settings.get(TEXT_KEYS[kind].text)]);
        return [kind, { subject: subject ?? '', text: text ?? '' }] as const;
      }),
    ),
  ) as Record<ReminderKind, { subject: string; text: string }>;

  let sent = 0;
  let after: { endsOn: string; id: string } | null = null;
  while (!signal?.aborted) {
    const page = await createCustomersRepository(db).reminderCandidates(window, after, batchSize);
    if (page.length === 0) break;
    const last = page.at(-1)!;
    after = { endsOn: last.endsOn, id: last.id };
    const due = page
      .filter((candidate) => candidate.email)
      .map((candidate) => ({ candidate, kind: (candidate.endsOn === today ? 'end_day' : 'before_end') as ReminderKind }));
    if (due.length > 0) {
      sent += await db.transaction(async (tx) => {
        const claimed = await createCustomersRepository(tx).claimReminders(
          due.map(({ candidate, kind }) => ({ subscriptionId: candidate.id, customerId: candidate.customerId, kind, day: today, endsOn: candidate.endsOn })),
        );
        await sendReminders(tx, { now, publicOrigin, texts, today }, due, new Set(claimed.map((row) => `${row.subscriptionId}:${row.kind}`)));
        return claimed.length;
      });
    }
    if (page.length < batchSize) break;
    // Requests waiting for the database (PGlite has one connection) go before the next page.
    await yieldToRequests();
  }
  return sent;
}

async function sendReminders(
  tx: DbExecutor,
  context: { now: Date; publicOrigin: string; today: string; texts: Record<ReminderKind, { subject: string; text: string }> },
  due: { candidate: { id: string; customerId: string; endsOn: string; planName: string; name: string | null; email: string | null }; kind: ReminderKind }[],
  claimed: Set<string>,
) {
  const links: ReturnType<typeof newAccessLink>['values'][] = [];
  const mails = [];
  for (const { candidate, kind } of due) {
    if (!claimed.has(`${candidate.id}:${kind}`)) continue;
    const link = newAccessLink(context, candidate, 'reminder');
    links.push(link.values);
    const values = {
      plano: candidate.planName,
      vencimento: formatIsoDate(candidate.endsOn),
      dias: String(daysBetween(context.today, candidate.endsOn)),
      link: link.url,
    };
    mails.push({
      to: candidate.email!,
      // The subject is logged with the mail: it never carries the customer's name.
      subject: fillReminderText(context.texts[kind].subject, values).replaceAll('{nome}', ''),
      text: fillReminderText(context.texts[kind].text, { ...values, nome: candidate.name ?? '' }),
      personal: true,
    });
  }
  await createCustomersRepository(tx).insertLinks(links);
  await enqueueEmails(tx, mails);
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
  publicOrigin: string;
  settings: Pick<Settings, 'get'>;
  logger: { info: (object: object, message: string) => void };
  onSent?: (count: number) => void;
}): JobHandler<Record<string, unknown>> {
  return {
    payload: z.record(z.string(), z.unknown()),
    async run(_payload, context) {
      const sent = await runRenewalSweep({ ...deps, now: deps.clock(), signal: context.signal });
      if (sent > 0) {
        deps.logger.info({ sent }, 'lembretes de renovação enviados');
        deps.onSent?.(sent);
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
