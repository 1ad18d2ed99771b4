// Visitors' chat files are anonymous: a total quota caps them, with a share per client address and per
// visitor so that one client cannot fill it for everyone, and the housekeeping job deletes them after the
// retention period, leaving the conversation saying so instead of a broken file.
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
import { expiredAttachmentText, RETIRED_VISITOR_UPLOADS_SWEEP_JOB, uploadAddressKey } from './chat.visitor-uploads.ts';

const KiB = 1024;
const DAY_MS = 24 * 60 * 60_000;

const pendingJobs = (db: Database, kind: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));

let t: TestApp;
afterEach(async () => {
  // Closed once: a test without an app (the address keys) leaves the previous one's closed.
  await t?.close();
  t = undefined as unknown as TestApp;
});

const sendImage = async (visitor: Visitor, data: Buffer, name = 'print.png', headers: Record<string, string> = {}) => {
  const body = await multipartBody([{ data, name, type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${visitor.conversation.id}/images`,
    headers: { ...body.headers, origin: ORIGIN, cookie: visitor.cookie, ...headers },
    payload: body.payload,
  });
};
/** An image sent through the reverse proxy (TRUST_PROXY) on behalf of the client at `address`. */
const sendImageFrom = (address: string, visitor: Visitor, data: Buffer) => sendImage(visitor, data, 'print.png', { 'x-forwarded-for': address });
const conversationOf = async (visitor: Visitor) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${visitor.conversation.id}`, headers: { cookie: visitor.cookie } })
  ).json() as ChatConversation;

describe('the quota of visitor files', { timeout: 240_000 }, () => {
  it('refuses, in Portuguese, a file that would take visitors past VISITOR_UPLOADS_QUOTA_MB, and keeps nothing of it', async () => {
    // The shares as large as the total: this is about the total.
    t = await buildTestApp({ env: { VISITOR_UPLOADS_QUOTA_MB: '1', VISITOR_UPLOADS_PER_ADDRESS_MB: '1', VISITOR_UPLOADS_PER_VISITOR_MB: '1' } });
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

describe('the shares of one address and one visitor', { timeout: 240_000 }, () => {
  const ATTACKER = '198.51.100.7';
  const OTHER = '203.0.113.9';
  const addressLimit = {
    error: {
      code: 'chat.attachments_address_limit',
      message: 'Seu endereço de internet (IP) atingiu o limite de anexos. Envie sua dúvida por texto ou tente novamente mais tarde.',
    },
  };

  it('with VISITOR_UPLOADS_QUOTA_MB=20, one address (behind TRUST_PROXY, the forwarded one) that sends until refused leaves another able to send a 100 KB image', async () => {
    // Defaults: 2 MB per address, 0.5 MB per visitor. Every request reaches the server from the proxy's address.
    t = await buildTestApp({ env: { VISITOR_UPLOADS_QUOTA_MB: '20', TRUST_PROXY: 'true' } });
    expect(t.env).toMatchObject({ VISITOR_UPLOADS_PER_ADDRESS_MB: 2, VISITOR_UPLOADS_PER_VISITOR_MB: 0.5 });

    // One visitor's own share: the second 400 KiB image is over 0.5 MB.
    const first = await newVisitor(t.app);
    expect((await sendImageFrom(ATTACKER, first, pngOfSize(400 * KiB))).statusCode).toBe(201);
    const again = await sendImageFrom(ATTACKER, first, pngOfSize(400 * KiB));
    expect(again.statusCode).toBe(413);
    expect(again.json()).toEqual({
      error: {
        code: 'chat.attachments_visitor_limit',
        message: 'Você atingiu o limite de anexos por visitante. Envie sua dúvida por texto ou tente novamente mais tarde.',
      },
    });

    // A file larger than a visitor's share is refused whatever the cookie (stored, over, deleted again).
    expect((await sendImageFrom(ATTACKER, await newVisitor(t.app), pngOfSize(1024 * KiB))).json().error.code).toBe('chat.attachments_visitor_limit');

    // A new cookie each time, from the same address, until refused.
    let sent = 1;
    let refused: Awaited<ReturnType<typeof sendImage>> | undefined;
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      const response = await sendImageFrom(ATTACKER, await newVisitor(t.app), pngOfSize(400 * KiB));
      if (response.statusCode === 201) sent++;
      else refused = response;
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json()).toEqual(addressLimit);
    // 5 × 400 KiB fit in 2 MiB; the 6th went over and was deleted again (row and object).
    expect(sent).toBe(5);
    const rows = await uploadRows(t.database.db);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.addressKey))).toEqual(new Set([uploadAddressKey(ATTACKER)]));
    expect(filesUnder(t.env.DATA_DIR)).toHaveLength(5);
    // Once full, the address is refused before the file is read, whatever its size.
    expect((await sendImageFrom(ATTACKER, await newVisitor(t.app), pngOfSize(100 * KiB))).json()).toEqual(addressLimit);

    // Another address, through the same proxy, still has room.
    const other = await newVisitor(t.app);
    const small = await sendImageFrom(OTHER, other, pngOfSize(100 * 1000));
    expect(small.statusCode, small.body).toBe(201);
    expect((await conversationOf(other)).messages.at(-2)?.imageUrl).toBe((small.json() as ChatExchange).userMessage.imageUrl);
  });

  it('parallel uploads from one address leave it exactly at what fits its share once they are answered', async () => {
    t = await buildTestApp({ env: { VISITOR_UPLOADS_QUOTA_MB: '20', TRUST_PROXY: 'true' } });
    const visitors = await Promise.all(Array.from({ length: 8 }, () => newVisitor(t.app)));
    const responses = await Promise.all(visitors.map((visitor) => sendImageFrom(ATTACKER, visitor, pngOfSize(400 * KiB))));

    const accepted = responses.filter((response) => response.statusCode === 201).length;
    expect(responses.every((response) => response.statusCode === 201 || response.statusCode === 413)).toBe(true);
    // The checks take turns: the files that fit stay (5 × 400 KiB in 2 MiB), never none of them.
    expect(accepted).toBe(5);
    const rows = await uploadRows(t.database.db);
    expect(rows).toHaveLength(accepted);
    expect(rows.reduce((sum, row) => sum + row.sizeBytes, 0)).toBeLessThanOrEqual(2 * 1024 * KiB);
    expect(filesUnder(t.env.DATA_DIR)).toHaveLength(accepted);
  });

  it('counts an address as its IPv4 address, or its IPv6 /64, never kept as written', () => {
    expect(uploadAddressKey('2001:db8:1:2::1')).toBe(uploadAddressKey('2001:db8:1:2:ffff:ffff:ffff:9'));
    expect(uploadAddressKey('2001:db8:1:2::1')).not.toBe(uploadAddressKey('2001:db8:1:3::1'));
    expect(uploadAddressKey('::ffff:198.51.100.7')).toBe(uploadAddressKey(ATTACKER));
    expect(uploadAddressKey(ATTACKER)).not.toBe(uploadAddressKey('198.51.100.8'));
    expect(uploadAddressKey(ATTACKER)).toMatch(/^[0-9a-f]{64}$/);
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
