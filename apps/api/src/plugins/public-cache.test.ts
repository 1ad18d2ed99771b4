// The public read cache: hits with ETag and 304, invalidation by the table triggers' notifications (a
// write by any connection, so by another instance too), a local admin write seen by its next read at once,
// no stale answer kept after a burst of concurrent reads and writes, and no caching while LISTEN is down.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, tempDir, testDbKind, type TestDatabase } from '../../test/database.ts';
import { waitUntil } from '../../test/wait.ts';
import { openDatabase } from '../db/client.ts';
import { adminEnv, signInAsAdmin } from '../modules/access/access.test-support.ts';
import type { FrontDoor } from '../shared/front-door.ts';
import type { ChangeListener } from './events.ts';

const polled = { timeout: 10_000, interval: 20 };

async function insertPlan(database: TestDatabase, name: string, price: number) {
  await database.db.execute(sql`
    insert into plans (name, price_monthly)
    values (${name}, ${price})`);
}

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
  json<T>(): T;
}

/** An answer's headers without those that describe one connection, not the answer. */
function answerHeaders(headers: Answer['headers']) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

/** A GET over a real connection to a listening app: what a browser's request meets, the server's front door first. */
function getOverHttp(base: string, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${url}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const body = rawPayload.toString();
          resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body, rawPayload, json: () => JSON.parse(body) });
        });
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

// The same behaviour through Fastify's routing (inject) and over HTTP, where current hits are answered at
// the server's front door.
describe.each(['inject', 'http'] as const)('public read cache, read through %s', (via) => {
  let t: TestApp;
  let base = '';
  let connectionChange: ((connected: boolean) => void) | undefined;
  let dropNotifications = false;
  let admin: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    // The real database, with a hand on the LISTEN connection's state.
    const watched: TestDatabase = {
      ...database,
      listen: (channel, onMessage, options) => {
        if (options?.onConnectionChange) connectionChange = options.onConnectionChange;
        return database.listen(channel, (payload) => dropNotifications || onMessage(payload), options);
      },
    };
    t = await buildTestApp({ database: watched, env: { ...adminEnv, PUBLIC_CACHE: 'true' } });
    admin = await signInAsAdmin(t.app);
    if (via === 'http') base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const read = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
    via === 'http' ? getOverHttp(base, url, headers) : t.app.inject({ method: 'GET', url, headers });
  const plans = async (headers: Record<string, string> = {}) => {
    const response = await read('/api/plans', headers);
    expect(response.statusCode).toBe(200);
    return response;
  };
  const planNames = async () => (await plans()).json<Array<{ name: string }>>().map((plan) => plan.name);

  it('answers a repeated read from the cache with the same bytes, an ETag and the security headers, and 304 to a matching If-None-Match', async () => {
    await insertPlan(t.database, `Cache ${randomUUID()}`, 12.5);
    await expect.poll(async () => (await planNames()).length, polled).toBeGreaterThan(0);
    const first = await plans();
    const hitsBefore = t.app.publicCache.stats().hits;
    const second = await plans();
    expect(t.app.publicCache.stats().hits).toBe(hitsBefore + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-type']).toMatch(/^application\/json/);

    const revalidated = await read('/api/plans', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const compressed = await read('/api/plans', { 'accept-encoding': 'gzip' });
    if (first.rawPayload.length >= 1024) {
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(compressed.rawPayload).toString()).toBe(first.body);
      // A client that takes deflate only gets the stored bytes deflated by the compression plugin.
      const deflated = await read('/api/plans', { 'accept-encoding': 'deflate' });
      expect(deflated.headers['content-encoding']).toBe('deflate');
      expect(inflateSync(deflated.rawPayload).toString()).toBe(first.body);
    } else {
      expect(compressed.headers['content-encoding']).toBeUndefined();
      expect(compressed.body).toBe(first.body);
    }
    // Uncompressed bytes carry no Content-Encoding ('identity' is only a value of Accept-Encoding).
    expect(second.headers['content-encoding']).toBeUndefined();
  });

  it('drops an answer when its table changes through another connection, as a write on another instance would', async () => {
    await planNames();
    const name = `Outra Instância ${randomUUID()}`;
    await insertPlan(t.database, name, 19.9);
    await expect.poll(planNames, polled).toContain(name);
  });

  it('shows an admin write made through this instance to the very next read', async () => {
    const query = `Cacheável ${randomUUID().slice(0, 8)}`;
    const search = () => read(`/api/media/search?query=${encodeURIComponent(query)}`);
    const before = await search();
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain(query);
    await search();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/media/local-titles',
      headers: { cookie: admin },
      payload: { mediaType: 'movie', title: query },
    });
    expect(created.statusCode).toBe(201);
    expect((await search()).body).toContain(query);
  });

  it('keeps no answer older than the last write after a burst of concurrent reads and writes', async () => {
    const name = `Corrida ${randomUUID()}`;
    await insertPlan(t.database, name, 10);
    const priceOf = async () =>
      (await plans()).json<Array<{ name: string; pricing: { monthly: number } }>>().find((plan) => plan.name === name)?.pricing.monthly;
    await expect.poll(priceOf, polled).toBe(10);
    const writes = (async () => {
      for (let price = 11; price <= 30; price += 1) {
        await t.database.db.execute(sql`update plans set price_monthly = ${price} where name = ${name}`);
      }
    })();
    const reads = Array.from({ length: 200 }, (_, index) => new Promise((resolve) => setTimeout(resolve, index)).then(() => plans()));
    await Promise.all([writes, ...reads]);
    // Once the last notification is in, every answer is the last committed price; a stale stored answer never would be.
    await expect.poll(priceOf, polled).toBe(30);
    for (let attempt = 0; attempt < 20; attempt += 1) expect(await priceOf()).toBe(30);
  });

  it('never stores an answer for a signed-in visitor', async () => {
    const { misses, hits } = t.app.publicCache.stats();
    await plans({ cookie: admin });
    await plans({ cookie: admin });
    expect(t.app.publicCache.stats()).toMatchObject({ misses, hits });
  });

  it('tells shared caches (a CDN, nginx) they may keep an anonymous answer briefly, browsers to revalidate it, and nobody to keep a signed-in one', async () => {
    for (const answer of [await plans(), await plans()]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
      expect(answer.headers['cdn-cache-control']).toBe('max-age=10, stale-while-revalidate=60');
    }
    const signedIn = await plans({ cookie: admin });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers['cdn-cache-control']).toBeUndefined();
    // A failure is kept by nobody.
    const missing = await read('/api/media/titles/movie/999999999');
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['cdn-cache-control']).toBeUndefined();
  });

  it('lends the page server a current answer only: none after its table changed, none while notifications may be missed', async () => {
    await insertPlan(t.database, `Espiada ${randomUUID()}`, 21);
    /** A read, then what the cache lends for it (a late notification may keep a read from being stored: read again). */
    const readAndPeek = async () => {
      const answer = await plans();
      const lent = t.app.publicCache.peek('/api/plans');
      return lent && lent.etag === answer.headers.etag && lent.body.toString() === answer.body ? answer.body : null;
    };
    await expect.poll(readAndPeek, polled).not.toBeNull();
    expect(t.app.publicCache.peek('/api/plans?outra=1')).toBeUndefined();

    const name = `Espiada Trocada ${randomUUID()}`;
    await insertPlan(t.database, name, 22);
    await expect.poll(() => t.app.publicCache.peek('/api/plans'), polled).toBeUndefined();
    await expect.poll(readAndPeek, polled).toContain(name);

    connectionChange!(false);
    try {
      expect(t.app.publicCache.peek('/api/plans')).toBeUndefined();
    } finally {
      connectionChange!(true);
    }
  });

  it('is bypassed while notifications may be missed, and starts empty when they flow again', async () => {
    expect(connectionChange).toBeTypeOf('function');
    await planNames();
    connectionChange!(false);
    dropNotifications = true;
    try {
      const name = `Sem Aviso ${randomUUID()}`;
      // A change whose notification would be lost is still seen: nothing is served from the cache.
      await t.database.db.execute(sql`
        insert into plans (name, price_monthly)
        values (${name}, 15)`);
      const bypassed = t.app.publicCache.stats().bypassed;
      expect(await planNames()).toContain(name);
      expect(t.app.publicCache.stats().bypassed).toBe(bypassed + 1);
      expect(t.app.publicCache.stats().entries).toBe(0);
    } finally {
      dropNotifications = false;
      connectionChange!(true);
    }
    // Stored again (a late notification of the insert above may empty it once more first).
    await expect
      .poll(async () => {
        await planNames();
        return t.app.publicCache.stats().entries;
      }, polled)
      .toBeGreaterThan(0);
  });
});

describe('public read cache, a read overtaken by a change', () => {
  it('does not store an answer whose table changed while it was being built', async () => {
    const { default: Fastify } = await import('fastify');
    const { publicCachePlugin } = await import('./public-cache.ts');
    let listener: ChangeListener | undefined;
    let version = 1;
    let gate: Promise<void> | undefined;
    const app = Fastify();
    await app.register(publicCachePlugin, { subscribe: (given) => (listener = given), sessionCookieName: 'sessao' });
    app.get('/api/plans', async () => {
      const read = version; // the rows as they were when the query ran
      await gate;
      return { version: read };
    });
    await app.ready();
    try {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      const inFlight = app.inject({ method: 'GET', url: '/api/plans' });
      await expect.poll(() => app.publicCache.stats().misses).toBe(1);
      version = 2;
      listener!.change({ table: 'plans', op: 'update', id: 'x' });
      release();
      expect((await inFlight).json()).toEqual({ version: 1 });
      gate = undefined;
      // The old answer was not kept: the next read is built again and sees the change.
      expect((await app.inject({ method: 'GET', url: '/api/plans' })).json()).toEqual({ version: 2 });
      expect((await app.inject({ method: 'GET', url: '/api/plans' })).json()).toEqual({ version: 2 });
      expect(app.publicCache.stats()).toMatchObject({ misses: 2, hits: 1 });
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')('public read cache, two instances on one PostgreSQL', () => {
  it('an admin write through one instance reaches the other instance’s cached answers, and none older is kept', async () => {
    const database = await createTestDatabase('postgres');
    const a = await buildTestApp({ database, env: { ...adminEnv, PUBLIC_CACHE: 'true' } });
    const other = await openDatabase({ databaseUrl: database.url! });
    const b = await buildTestApp({ database: other, env: { PUBLIC_CACHE: 'true' } });
    try {
      const admin = await signInAsAdmin(a.app);
      const title = `Duas Instâncias ${randomUUID().slice(0, 8)}`;
      // Over HTTP, as visitors read: b's hits are answered at its front door.
      const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const searchOnB = async () => (await getOverHttp(baseB, `/api/media/search?query=${encodeURIComponent(title)}`)).body;
      expect(await searchOnB()).not.toContain(title);
      await searchOnB();
      await searchOnB();
      expect(b.app.publicCache.stats().frontDoorHits).toBeGreaterThan(0);
      const created = await a.app.inject({ method: 'POST', url: '/api/media/local-titles', headers: { cookie: admin }, payload: { mediaType: 'tv', title } });
      expect(created.statusCode).toBe(201);
      await expect.poll(searchOnB, { timeout: 10_000, interval: 10 }).toContain(title);
      for (let attempt = 0; attempt < 10; attempt += 1) expect(await searchOnB()).toContain(title);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('public read cache, hits answered at the front door', () => {
  let t: TestApp;
  let base = '';
  let admin: string;
  const suffix = randomUUID().slice(0, 8);
  const names = Array.from({ length: 12 }, (_, index) => `Porta da Frente ${suffix} ${index} ${'x'.repeat(60)}`);
  const frontDoorHits = () => t.app.publicCache.stats().frontDoorHits;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...adminEnv, PUBLIC_CACHE: 'true' } });
    admin = await signInAsAdmin(t.app);
    // Enough plans for an answer over the compression threshold (1 KB).
    for (const name of names) await insertPlan(t.database, name, 30);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Stored, and answered once through every hook (which is what makes its headers known).
    await waitUntil(
      async () => {
        const answer = await getOverHttp(base, '/api/plans');
        return names.every((name) => answer.body.includes(name)) && frontDoorHits() > 0;
      },
      { what: 'os planos respondidos pela porta da frente' },
    );
  });
  afterAll(() => t.close());

  it('answers with the status, headers and bytes a routed hit has, in every encoding and to a matching If-None-Match', async () => {
    const etag = String((await getOverHttp(base, '/api/plans')).headers.etag);
    const requests: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'identity' },
      { 'if-none-match': etag },
      { 'if-none-match': `"outra", ${etag}`, 'accept-encoding': 'gzip' },
    ];
    for (const headers of requests) {
      const before = frontDoorHits();
      const front = await getOverHttp(base, '/api/plans', headers);
      expect(frontDoorHits(), JSON.stringify(headers)).toBe(before + 1);
      const routed = await t.app.inject({ method: 'GET', url: '/api/plans', headers });
      expect(frontDoorHits()).toBe(before + 1);
      expect(front.statusCode, JSON.stringify(headers)).toBe(routed.statusCode);
      expect(answerHeaders(front.headers), JSON.stringify(headers)).toEqual(answerHeaders(routed.headers));
      expect(front.rawPayload.equals(routed.rawPayload), JSON.stringify(headers)).toBe(true);
    }
    const whole = await getOverHttp(base, '/api/plans', { 'accept-encoding': 'br' });
    expect(whole.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(whole.rawPayload).toString()).toBe((await getOverHttp(base, '/api/plans')).body);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves to Fastify a signed-in visitor, a HEAD, a client that takes deflate only and a URL it has not stored', async () => {
    const before = frontDoorHits();
    const signedIn = await getOverHttp(base, '/api/plans', { cookie: admin });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const head = await getOverHttp(base, '/api/plans', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const deflated = await getOverHttp(base, '/api/plans', { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflated.rawPayload).toString()).toContain(names[0]);
    const unknown = await getOverHttp(base, '/api/plans/../nada');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: expect.any(String) } });
    expect(frontDoorHits()).toBe(before);
  });

  it('serves the next answer again after a change, from the front door once it went through every hook', async () => {
    const name = `Porta da Frente Nova ${randomUUID()}`;
    await insertPlan(t.database, name, 31);
    await expect.poll(async () => (await getOverHttp(base, '/api/plans')).body, polled).toContain(name);
    const before = frontDoorHits();
    expect((await getOverHttp(base, '/api/plans')).body).toContain(name);
    expect(frontDoorHits()).toBe(before + 1);
  });
});

describe('rendered pages answered at the front door', () => {
  let t: TestApp;
  let base = '';
  let admin: string;
  const name = `Revenda da Porta ${randomUUID().slice(0, 8)}`;
  const pageHits = () => t.app.pages.stats().frontDoorHits;
  /** A page once it carries `text` and has gone out through every hook, so the front door knows its headers. */
  const servedFromMemory = async (url: string, text: string) => {
    await waitUntil(
      async () => {
        const before = pageHits();
        const page = await getOverHttp(base, url);
        return page.body.includes(text) && pageHits() === before + 1;
      },
      { what: `${url} respondida da memória com “${text}”` },
    );
  };

  beforeAll(async () => {
    // A build of its own: the page's markup lists the reseller plans it was rendered with.
    const root = tempDir('vitrine-pages-front-');
    const rootOpen = '<div id="root" data-prerendered inert>';
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
    fs.mkdirSync(path.join(root, 'prerendered'));
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(
      path.join(root, 'ssr', 'prerender.js'),
      `export async function renderPage(page, data) {
        const plans = data.answers['/api/reseller-plans'] ?? [];
        return '<ul>' + plans.map((plan) => '<li>' + plan.name.replaceAll('<', '&lt;') + '</li>').join('') + '</ul>' + 'x'.repeat(2000);
      }`,
    );
    fs.writeFileSync(path.join(root, 'prerendered', 'streaming.html'), `<!doctype html><body>${rootOpen}</div>\n</body></html>`);
    fs.writeFileSync(path.join(root, 'prerendered', 'manifest.json'), JSON.stringify({ '/streaming': 'streaming.html' }));
    t = await buildTestApp({ env: { ...adminEnv, PUBLIC_CACHE: 'true', WEB_DIST: root } });
    admin = await signInAsAdmin(t.app);
    await t.database.db.execute(sql`insert into reseller_plans (name, type, credits, price) values (${name}, 'monthly', 10, 50)`);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await servedFromMemory('/streaming', name);
  });
  afterAll(() => t.close());

  it('answers with the status, headers and bytes the page server gives, in every encoding and to a matching If-None-Match', async () => {
    const etag = String((await getOverHttp(base, '/streaming')).headers.etag);
    const requests: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'identity' },
      { 'if-none-match': etag },
    ];
    for (const headers of requests) {
      const before = pageHits();
      const front = await getOverHttp(base, '/streaming', headers);
      expect(pageHits(), JSON.stringify(headers)).toBe(before + 1);
      const routed = await t.app.inject({ method: 'GET', url: '/streaming', headers });
      expect(front.statusCode, JSON.stringify(headers)).toBe(routed.statusCode);
      expect(answerHeaders(front.headers), JSON.stringify(headers)).toEqual(answerHeaders(routed.headers));
      expect(front.rawPayload.equals(routed.rawPayload), JSON.stringify(headers)).toBe(true);
    }
    const page = await getOverHttp(base, '/streaming', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(page.rawPayload).toString()).toContain(`<li>${name}</li>`);
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
  });

  it('leaves to Fastify a signed-in visitor, a HEAD and a deflate-only client', async () => {
    const before = pageHits();
    expect((await getOverHttp(base, '/streaming', { cookie: admin })).body).toContain(name);
    expect((await getOverHttp(base, '/streaming', {}, 'HEAD')).statusCode).toBe(200);
    const deflated = await getOverHttp(base, '/streaming', { 'accept-encoding': 'deflate' });
    expect(inflateSync(deflated.rawPayload).toString()).toContain(name);
    expect(pageHits()).toBe(before);
  });

  it('renders the page again once an answer it shows changes, and answers the new page from memory', async () => {
    const renamed = `${name} Renomeada`;
    await t.database.db.execute(sql`update reseller_plans set name = ${renamed} where name = ${name}`);
    await servedFromMemory('/streaming', renamed);
    expect((await getOverHttp(base, '/streaming')).body).not.toContain(`<li>${name}</li>`);
  });
});

describe('public read cache, front door log', () => {
  it('writes one line per answer at the info level, with the method, path and status', async () => {
    const { default: Fastify } = await import('fastify');
    const { publicCachePlugin } = await import('./public-cache.ts');
    const { serverWithFrontDoor } = await import('../shared/front-door.ts');
    const lines: string[] = [];
    let listener: ChangeListener | undefined;
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      // Read per request, once the plugin has made it.
      serverFactory: serverWithFrontDoor(() => frontDoor),
    });
    await app.register(publicCachePlugin, { subscribe: (given) => (listener = given), sessionCookieName: 'sessao' });
    const frontDoor: FrontDoor = app.publicCache.frontDoor;
    app.get('/api/plans', async () => [{ name: 'Mensal' }]);
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      expect(listener).toBeDefined();
      expect((await getOverHttp(address, '/api/plans')).json()).toEqual([{ name: 'Mensal' }]);
      expect((await getOverHttp(address, '/api/plans')).json()).toEqual([{ name: 'Mensal' }]);
      expect(app.publicCache.stats()).toMatchObject({ misses: 1, hits: 1, frontDoorHits: 1 });
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'respondida pela cache pública');
      expect(logged).toEqual([expect.objectContaining({ level: 30, method: 'GET', url: '/api/plans', statusCode: 200 })]);
    } finally {
      await app.close();
    }
  });
});
