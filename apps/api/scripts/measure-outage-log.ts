// What the server logs during a PostgreSQL outage: the real app (job runner polling every second)
// on a fresh database behind a TCP proxy; a signed-in admin, then the proxy is cut for SECONDS while
// REQUESTS requests are made (authenticated, anonymous with a Bearer API key, sign-ins with a password),
// then restored. Prints the lines logged from the cut until the outage's end is logged, and whether any
// secret sent during the outage appears in them.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_PG_TEMPLATE=<template> \
//     npx tsx apps/api/scripts/measure-outage-log.ts [SECONDS=10] [REQUESTS=30]
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { ADMIN, adminEnv, sessionCookie, signIn } from '../src/modules/access/access.test-support.ts';
import { testEnv } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { captureLogs } from '../test/logs.ts';
import { startTcpProxy, throughProxy } from '../test/tcp-proxy.ts';

const seconds = Number(process.argv[2] ?? 10);
const requests = Number(process.argv[3] ?? 30);
const API_KEY = 'sk-medicao0123456789abcdefABCDEF';
const WRONG_PASSWORD = 'senha-tentada-na-queda';

const database = await createTestDatabase('postgres');
const direct = new URL(database.url!);
const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
const handle = await openDatabase({ databaseUrl: throughProxy(database.url!, proxy), poolSize: 4 });
const logs = captureLogs();
const app = await buildApp({ env: testEnv({ ...adminEnv, LOG_LEVEL: 'info' }), database: handle, logger: logs.logger });
await app.ready();
const signedIn = await signIn(app, ADMIN.email, ADMIN.password);
const cookie = sessionCookie(signedIn);
const cookieValue = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
const token = cookieValue.split('.')[0]!;

const from = logs.entries().length;
await proxy.cut();
const started = Date.now();
const statuses: number[] = [];
for (let i = 0; i < requests; i++) {
  const kind = i % 3;
  const response =
    kind === 0
      ? await app.inject({ method: 'GET', url: '/api/access/me', headers: { cookie } })
      : kind === 1
        ? await app.inject({ method: 'GET', url: '/api/plans', headers: { authorization: `Bearer ${API_KEY}` } })
        : await signIn(app, ADMIN.email, i % 2 ? ADMIN.password : WRONG_PASSWORD);
  statuses.push(response.statusCode);
  await sleep(Math.max(0, started + ((i + 1) * seconds * 1000) / requests - Date.now()));
}
await proxy.restore();
const restored = Date.now();
while (
  !logs
    .entries()
    .slice(from)
    .some((entry) => entry.msg === 'banco de dados de volta') &&
  Date.now() - restored < 20_000
)
  await sleep(100);
const back = Date.now();

const lines = logs.entries().slice(from);
const text = lines.map((line) => JSON.stringify(line)).join('\n');
const byLevel: Record<string, number> = {};
for (const line of lines) byLevel[line.level] = (byLevel[line.level] ?? 0) + 1;
const messages: Record<string, number> = {};
for (const line of lines) messages[String(line.msg)] = (messages[String(line.msg)] ?? 0) + 1;
console.log(
  JSON.stringify(
    {
      outageSeconds: (restored - started) / 1000,
      backAfterRestoreSeconds: (back - restored) / 1000,
      requests,
      statuses: [...new Set(statuses)],
      lines: lines.length,
      bytes: text.length,
      byLevel: { info: byLevel[30] ?? 0, warn: byLevel[40] ?? 0, error: byLevel[50] ?? 0 },
      withStack: lines.filter((line) => /\\n\s+at /.test(JSON.stringify(line))).length,
      leaks: {
        sessionToken: text.split(token).length - 1,
        cookie: text.split(cookieValue).length - 1,
        password: text.split(ADMIN.password).length - 1 + text.split(WRONG_PASSWORD).length - 1,
        apiKey: text.split(API_KEY).length - 1,
      },
      messages,
      ...(process.env.SAMPLES
        ? { samples: Object.keys(messages).map((msg) => JSON.stringify(lines.find((line) => String(line.msg) === msg)).slice(0, 600)) }
        : {}),
    },
    null,
    2,
  ),
);
await app.close();
await handle.close();
await proxy.close();
await database.close();
