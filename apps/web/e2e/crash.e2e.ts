// kill -9 of the server on the embedded database (PGlite) while admins write: after a restart on the
// same data directory, every write the server had acknowledged is there, with its audit row.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, startedShopDataDir, startServer, type RunningServer } from './support/server.ts';

async function adminCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('a crash under write load on PGlite', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => undefined);
  });

  it('keeps every acknowledged write after kill -9 and a restart', async () => {
    const dataDir = startedShopDataDir();
    const first = await startServer({ dataDir });
    servers.push(first);
    const cookie = await adminCookie(first.url);
    const marker = `crash-${randomUUID().slice(0, 8)}`;
    const acknowledged: string[] = [];
    let attempted = 0;
    let killed = false;

    // Eight writers, each writing one contact after another until the process dies under them.
    const writer = async () => {
      while (!killed) {
        const name = `${marker}-${++attempted}`;
        try {
          const response = await fetch(`${first.url}/api/admin/recharge-contacts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: first.url, cookie },
            body: JSON.stringify({ name }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          // The connection died with the process: this write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    // Kill once a good number of writes has been acknowledged, in the middle of the stream.
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(150);
    const exited = new Promise<void>((resolve) => first.process.once('exit', () => resolve()));
    first.process.kill('SIGKILL');
    await exited;
    killed = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    // The same directory: the stale lock of the killed process is taken over, the database recovers.
    const second = await startServer({ dataDir });
    servers.push(second);
    const secondCookie = await adminCookie(second.url);
    const stored = new Set<string>();
    for (let page = 1; ; page += 1) {
      const response = await fetch(`${second.url}/api/admin/recharge-contacts?search=${marker}&pageSize=100&page=${page}`, {
        headers: { cookie: secondCookie },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { items: { id: string }[]; total: number };
      for (const item of body.items) stored.add(item.id);
      if (page * 100 >= body.total) break;
    }
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // Writes cut off before their answer may or may not be there, but nothing beyond what was attempted.
    expect(stored.size).toBeLessThanOrEqual(attempted);

    // Each acknowledged write kept its audit row (written in the same transaction).
    const audit = await fetch(`${second.url}/api/admin/audit-log?resource=recharge-contacts&pageSize=100`, { headers: { cookie: secondCookie } });
    const entries = ((await audit.json()) as { total: number }).total;
    expect(entries).toBeGreaterThanOrEqual(acknowledged.length);
  }, 120_000);
});
