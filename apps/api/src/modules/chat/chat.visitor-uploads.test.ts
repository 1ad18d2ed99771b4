// Visitors' chat files are anonymous: a total quota caps them, and the housekeeping job deletes them after
// the retention period, leaving the conversation saying so instead of a broken file.
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatExchange } from '@vitrine/domain/chat';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { HOUSEKEEPING_JOB, scheduleHousekeeping } from '../../shared/jobs/housekeeping.job.ts';
import { filesUnder, multipartBody, PNG, pngOfSize, uploadRows } from '../uploads/uploads.test-support.ts';
import { newVisitor, ORIGIN, type Visitor } from './chat.test-support.ts';
import { expiredAttachmentText, RETIRED_VISITOR_UPLOADS_SWEEP_JOB } from './chat.visitor-uploads.ts';

const KiB = 1024;
const DAY_MS = 24 * 60 * 60_000;

const pendingJobs = (db: Database, kind: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));

let t: TestApp;
afterEach(() => t.close());

const sendImage = async (visitor: Visitor, data: Buffer, name = 'print.png') => {
  const body = await multipartBody([{ data, name, type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${visitor.conversation.id}/images`,
    headers: { ...body.headers, origin: ORIGIN, cookie: visitor.cookie },
    payload: body.payload,
  });
};
const conversationOf = async (visitor: Visitor) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${visitor.conversation.id}`, headers: { cookie: visitor.cookie } })
  ).json() as ChatConversation;

describe('the quota of visitor files', { timeout: 240_000 }, () => {
  it('refuses, in Portuguese, a file that would take visitors past VISITOR_UPLOADS_QUOTA_MB, and keeps nothing of it', async () => {
    t = await buildTestApp({ env: { VISITOR_UPLOADS_QUOTA_MB: '1' } });
    const [first, second] = [await newVisitor(t.app, { ip: '192.0.2.41' }), await newVisitor(t.app, { ip: '192.0.2.42' })];
    expect((await sendImage(first, pngOfSize(600 * KiB))).statusCode).toBe(201);

    const refused = await sendImage(second, pngOfSize(600 * KiB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      error: {
        code: 'chat.attachments_storage_full',
        message: 'Limite de armazenamento de anexos atingido. Envie sua dúvida por texto ou tente novamente mais tarde.',
      },
    });
    expect(await uploadRows(t.database.db)).toHaveLength(1);
    expect(filesUnder(t.env.DATA_DIR)).toHaveLength(1);
    expect((await conversationOf(second)).messages).toHaveLength(1);
    // Room left for a small one.
    expect((await sendImage(second, pngOfSize(100 * KiB))).statusCode).toBe(201);
  });
});

describe('the retention of visitor files', { timeout: 240_000 }, () => {
  it('is enforced by the housekeeping job: files older than VISITOR_UPLOADS_RETENTION_DAYS go (row and object), the message says it expired, and the next run is queued', async () => {
    let now = Date.now();
    t = await buildTestApp({ env: { VISITOR_UPLOADS_RETENTION_DAYS: '30' }, jobs: fastJobs, clock: () => new Date(now) });
    const visitor = await newVisitor(t.app);
    const old = (await sendImage(visitor, PNG, 'antiga.png')).json() as ChatExchange;
    now += 31 * DAY_MS;
    const recent = (await sendImage(visitor, PNG, 'recente.png')).json() as ChatExchange;
    expect(filesUnder(t.env.DATA_DIR)).toHaveLength(2);

    await scheduleHousekeeping(t.database.db);
    // The row goes first (the file stops being served at once), then the object.
    const [left] = await waitUntil(
      async () => {
        const rows = await uploadRows(t.database.db);
        return rows.length === 1 && filesUnder(t.env.DATA_DIR).length === 1 ? rows : undefined;
      },
      { what: 'a varredura dos anexos expirados' },
    );
    expect(left!.originalName).toBe('recente.png');
    expect(filesUnder(t.env.DATA_DIR)).toEqual([`chat-attachments/${left!.storageName}`]);

    const messages = (await conversationOf(visitor)).messages;
    const expired = messages.find((message) => message.id === old.userMessage.id)!;
    expect(expired).toMatchObject({ imageUrl: null, content: expiredAttachmentText(30) });
    expect(messages.find((message) => message.id === recent.userMessage.id)?.imageUrl).toBe(recent.userMessage.imageUrl);
    const gone = await t.app.inject({ method: 'GET', url: old.userMessage.imageUrl!, headers: { cookie: visitor.cookie } });
    expect(gone.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: recent.userMessage.imageUrl!, headers: { cookie: visitor.cookie } })).statusCode).toBe(200);

    // The job queued its successor when it settled: one run waits, an interval from the (test's) now.
    const next = await waitUntil(
      async () => {
        const rows = await pendingJobs(t.database.db, HOUSEKEEPING_JOB);
        return rows.length === 1 && rows[0]!.status === 'queued' ? rows : undefined;
      },
      { what: 'a próxima limpeza na fila' },
    );
    expect(next[0]!.runAt.getTime()).toBe(now + Number(t.env.HOUSEKEEPING_INTERVAL_MINUTES) * 60_000);
  });

  it('finishes a sweep job queued before housekeeping took the files over, without queuing another', async () => {
    t = await buildTestApp({ jobs: fastJobs });
    await t.database.db.insert(jobs).values({ kind: RETIRED_VISITOR_UPLOADS_SWEEP_JOB, payload: {}, maxAttempts: 3 });
    await waitUntil(
      async () => {
        const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, RETIRED_VISITOR_UPLOADS_SWEEP_JOB));
        return rows.length === 1 && rows[0]!.status === 'succeeded' ? rows : undefined;
      },
      { what: 'a varredura antiga concluída' },
    );
    expect(await pendingJobs(t.database.db, RETIRED_VISITOR_UPLOADS_SWEEP_JOB)).toEqual([]);
  });
});
