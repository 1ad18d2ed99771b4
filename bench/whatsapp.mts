// `npm run bench:whatsapp`: issue 47's budget. The API runs as its own process (the compiled server,
// `npm run build` first; BENCH_SERVER names another) on a new DATA_DIR with the demo shop, WhatsApp pointed at a
// loopback fake of the Graph API in this process. Signed deliveries arrive at 200 per second for 30 s, each a
// price question from a number of its own, as Meta sends them (one connection pool, the exact bytes signed); one in
// ten is delivered a second time with the same message id a few seconds later (Meta delivers at least once).
// Measured: the webhook's acknowledgement (p50, p99, max; goal p99 under 100 ms), and, once every answer has gone
// out, how many numbers got no answer (lost) and how many got more than one (answered twice); goal: none of either.
// With TEST_DATABASE_URL (or BENCH_DATABASE_URL), the same on PostgreSQL. BENCH_RATE and BENCH_SECONDS change the load.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startFakeGraph, type FakeGraph } from '../apps/api/test/fake-graph.ts';
import { delivery, PHONE_NUMBER_ID, sign } from '../apps/api/test/whatsapp-deliveries.ts';
import { freshPostgresDatabase, machine, measuredAt, root, startApi } from './support.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** One delivery in this many is delivered again, same message id, REDELIVERY_DELAY_MS later. */
const REDELIVER_EVERY = 10;
const REDELIVERY_DELAY_MS = 3_000;
/** After the load: how long the answers may take to go out before the rest count as lost. */
const DRAIN_LIMIT_MS = 300_000;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// BENCH_SERVER=src: the sources through tsx instead of the build.
const server = process.env.BENCH_SERVER === 'src' ? undefined : (process.env.BENCH_SERVER ?? path.join(root, 'apps/api/dist/server.mjs'));
if (server && !fs.existsSync(server)) throw new Error(`${server} não existe: rode npm run build antes.`);

const APP_SECRET = 'bench-chave-secreta-do-app-0123456789';
const QUESTION = 'quanto custa o plano premium?';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;

/** One price question from `from`, as Meta delivers it. */
const deliveryBody = (from: string, id: string) => JSON.stringify(delivery({ messages: [{ from, id, text: QUESTION, name: 'Cliente Bench' }] }));

/** POSTs one signed delivery; resolves to [status, milliseconds until the answer's last byte]. */
function post(agent: http.Agent, url: URL, raw: string): Promise<[number, number]> {
  const signature = sign(raw, APP_SECRET);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), 'x-hub-signature-256': signature } },
      (response) => {
        response.resume();
        response.on('end', () => resolve([response.statusCode ?? 0, performance.now() - started]));
      },
    );
    request.on('error', () => resolve([0, performance.now() - started]));
    request.end(raw);
  });
}

/** Graph API calls per number, answered with an id (what the customer received). */
const answersPerNumber = (graph: FakeGraph) => {
  const counts = new Map<string, number>();
  for (const call of graph.sent()) if (call.body.to) counts.set(call.body.to, (counts.get(call.body.to) ?? 0) + 1);
  return counts;
};

async function run(kind: 'PGlite' | 'PostgreSQL') {
  const graph = await startFakeGraph();
  const env: Record<string, string> = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-whatsapp-')),
    SEED_DEMO: 'true',
    WHATSAPP_API_URL: graph.apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: 'EAAG-bench-token-de-acesso-0123456789',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'bench-verifica-0123',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    // Meta delivers from a handful of addresses over many connections.
    MAX_CONNECTIONS_PER_CLIENT: '0',
  };
  if (kind === 'PostgreSQL') {
    env.DATABASE_URL = await freshPostgresDatabase(postgresUrl!, 'vitrine_bench_whatsapp');
  }
  const api = await startApi(env, server ?? '');
  const webhook = new URL('/api/whatsapp/webhook', api.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  // One question first: how many messages make one answer (a text, a list...), and everything warm.
  const probe = '5511900000000';
  const [probeStatus] = await post(agent, webhook, deliveryBody(probe, 'wamid.BENCHPROBE'));
  if (probeStatus !== 200) throw new Error(`a entrega de teste respondeu ${probeStatus}`);
  while (!answersPerNumber(graph).get(probe)) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const perAnswer = answersPerNumber(graph).get(probe)!;

  // The load: RATE deliveries a second, open loop (each sent on time whatever the earlier ones are doing).
  const total = RATE * SECONDS;
  const numberOf = (index: number) => `55119${String(10_000_000 + index).padStart(8, '0')}`;
  const acks: number[] = [];
  const statuses = new Map<number, number>();
  const pending: Promise<void>[] = [];
  const send = (index: number) =>
    post(agent, webhook, deliveryBody(numberOf(index), `wamid.BENCH${String(index).padStart(8, '0')}`)).then(([status, ms]) => {
      acks.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent += 1) {
        const index = sent;
        pending.push(send(index));
        if (index % REDELIVER_EVERY === 0) pending.push(new Promise((wait) => setTimeout(wait, REDELIVERY_DELAY_MS)).then(() => send(index)));
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  const loadSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);

  // Until every number has its answer (or the limit), then a little longer for any second answer.
  const drainStarted = performance.now();
  const answeredAll = () => {
    const counts = answersPerNumber(graph);
    let answered = 0;
    for (let index = 0; index < total; index += 1) if ((counts.get(numberOf(index)) ?? 0) >= perAnswer) answered += 1;
    return answered === total;
  };
  while (!answeredAll() && performance.now() - drainStarted < DRAIN_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 250));
  const lastAnswerSeconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const counts = answersPerNumber(graph);
  let lost = 0;
  let twice = 0;
  for (let index = 0; index < total; index += 1) {
    const got = counts.get(numberOf(index)) ?? 0;
    if (got < perAnswer) lost += 1;
    if (got > perAnswer) twice += 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  await api.stop();
  await graph.close();
  const ok = statuses.get(200) ?? 0;
  const other = [...statuses].filter(([status]) => status !== 200).map(([status, count]) => `${count} × ${status}`);
  const line = `| ${kind} | ${RATE}/s × ${SECONDS} s (${loadSeconds.toFixed(1)} s) | ${acks.length.toLocaleString('en')} (${total.toLocaleString('en')} + ${(acks.length - total).toLocaleString('en')} again): ${ok.toLocaleString('en')} × 200${other.length ? `, ${other.join(', ')}` : ''} | ${percentile(acks, 50).toFixed(1)} / ${percentile(acks, 99).toFixed(1)} / ${Math.max(...acks).toFixed(1)} ms | ${lastAnswerSeconds.toFixed(1)} s | ${lost} | ${twice} | ${perAnswer} |`;
  console.error(line, `(bench process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`);
  return line;
}

// BENCH_DATABASES=PostgreSQL (or PGlite) runs one of the two only.
const only = process.env.BENCH_DATABASES;
const rows = [
  ...(only && only !== 'PGlite' ? [] : [await run('PGlite')]),
  ...(postgresUrl && (!only || only === 'PostgreSQL') ? [await run('PostgreSQL')] : []),
];
console.log(`Machine: ${machine()}. Measured ${measuredAt()} UTC.\n`);
console.log('| Database | Load | Deliveries: answers | Acknowledged p50 / p99 / max | Last answer out after | Lost | Answered twice | Messages per answer |');
console.log('|---|---|---|---|---|---|---|---|');
for (const line of rows) console.log(line);
