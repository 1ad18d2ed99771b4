#!/usr/bin/env node
// `npm run bench:soak`: mixed public load for SOAK_MINUTES (10 by default) while an admin edits a plan
// every 2 s and five browsers hold the change-event stream. Checks, and writes to docs/reliability.md:
// - no request fails (autocannon errors, timeouts and non-2xx answers all count);
// - after every committed edit the public plans read already shows it (the cache never serves older);
// - every event-stream client receives one change event for every edit;
// - resident memory, sampled every 10 s (the curve is written as a table).
// On PGlite by default; SOAK_DATABASE_URL runs it on PostgreSQL. Needs the web app built (`npm run build`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { machine, measuredAt, PUBLIC_READS, root, startApi, writeSection } from './support.mjs';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const databaseUrl = process.env.SOAK_DATABASE_URL;
const RATE = Number(process.env.SOAK_RATE ?? 1000);
const STREAMS = 5;
const EDIT_EVERY_MS = 2_000;
const SAMPLE_EVERY_MS = 10_000;
const ADMIN = { email: 'soak-admin@vitrine.test', password: 'senha-do-soak' };
// The catalogue reads and two pages (the SPA's index.html).
const READS = [...PUBLIC_READS, '/', '/planos'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-soak-'));
const api = await startApi({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: 'soak-secret-soak-secret-soak-secret-0000' } : {}),
});
const base = api.url;
const rssMb = api.rssMb;
const started = Date.now();
const samples = [{ seconds: 0, rss: rssMb() }];

// The admin signs in and creates the plan it will keep editing.
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify(ADMIN),
});
if (!signIn.ok) throw new Error(`login do admin falhou: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((value) => value.split(';')[0])
  .join('; ');
const adminCall = async (method, url, body) => {
  const response = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  return response.json();
};
const plan = await adminCall('POST', '/api/admin/plans', { name: 'Soak 0', priceMonthly: 29.9, active: true });
const planId = String(plan.id ?? plan.item?.id);
// Each edit names the version it starts from: the one the previous answer carried.
let planVersion = plan.updatedAt;

// Five clients hold the event stream and count the change events for the edited plan.
const streams = [];
const streamAbort = new AbortController();
for (let index = 0; index < STREAMS; index++) {
  const stream = { received: 0, disconnects: 0 };
  streams.push(stream);
  (async () => {
    while (!streamAbort.signal.aborted) {
      try {
        const response = await fetch(`${base}/api/events`, { signal: streamAbort.signal });
        let buffer = '';
        for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (frame.startsWith('event: change') && data) {
              const change = JSON.parse(data);
              if (change.table === 'plans' && change.id === planId && change.op === 'update') stream.received++;
            }
          }
        }
      } catch {
        /* aborted at the end, or dropped: counted below */
      }
      if (!streamAbort.signal.aborted) stream.disconnects++;
    }
  })();
}
await new Promise((resolve) => setTimeout(resolve, 500));

// The admin edits; after each acknowledged edit the public read must already show the new name.
let edits = 0;
let staleReads = 0;
let editErrors = 0;
let editing = true;
const editor = (async () => {
  while (editing) {
    const name = `Soak ${edits + 1}`;
    try {
      ({ updatedAt: planVersion } = await adminCall('PATCH', `/api/admin/plans/${planId}`, { name, expectedUpdatedAt: planVersion }));
      edits++;
      const plans = await (await fetch(`${base}/api/plans`)).json();
      const list = Array.isArray(plans) ? plans : plans.items;
      if (!list.some((candidate) => String(candidate.id) === planId && candidate.name === name)) staleReads++;
    } catch (error) {
      editErrors++;
      console.error(error.message);
    }
    await new Promise((resolve) => setTimeout(resolve, EDIT_EVERY_MS));
  }
})();

const sampler = setInterval(() => samples.push({ seconds: Math.round((Date.now() - started) / 1000), rss: rssMb() }), SAMPLE_EVERY_MS);
const result = await autocannon({
  url: base,
  connections: 20,
  overallRate: RATE,
  duration: minutes * 60,
  requests: READS.map((read) => ({ method: 'GET', path: read })),
});
clearInterval(sampler);
editing = false;
await editor;
// The last edit's event has time to arrive before the streams are counted.
await new Promise((resolve) => setTimeout(resolve, 2_000));
samples.push({ seconds: Math.round((Date.now() - started) / 1000), rss: rssMb() });
streamAbort.abort();
const exitCode = await api.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const failed = result.errors + result.timeouts + result.non2xx;
const everyEvent = streams.every((stream) => stream.received === edits);
const firstMinute = samples.filter((sample) => sample.seconds <= 60).at(-1).rss;
const last = samples.at(-1).rss;
const peak = Math.max(...samples.map((sample) => sample.rss));
const everyMinute = samples.filter((sample, index) => index === 0 || index === samples.length - 1 || sample.seconds % 60 < SAMPLE_EVERY_MS / 1000);
const lines = [
  `## Soak (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  '',
  `Command: \`npm run build && ${databaseUrl ? 'SOAK_DATABASE_URL=… ' : ''}npm run bench:soak\` (SOAK_MINUTES=${minutes}). Not part of \`npm test\`: ten minutes would not fit its budget.`,
  `Machine: ${machine()}. Run ${measuredAt()} UTC.`,
  '',
  `${minutes} min of public reads (${READS.length} addresses in turn, 20 connections, ${RATE} req/s asked) while an admin renamed one plan every 2 s and ${STREAMS} clients held \`/api/events\`.`,
  '',
  `- Requests: ${result.requests.total}, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms.`,
  `- Failed requests (errors, timeouts, non-2xx): ${failed}.`,
  `- Admin edits acknowledged: ${edits}; failed: ${editErrors}; public reads right after an edit that still showed the old name: ${staleReads}.`,
  `- Change events received per stream client: ${streams.map((stream) => stream.received).join(', ')} (every edit: ${everyEvent ? 'yes' : 'NO'}); streams dropped: ${streams.reduce((sum, stream) => sum + stream.disconnects, 0)}.`,
  `- Resident memory: ${samples[0].rss.toFixed(0)} MB after start, ${firstMinute.toFixed(0)} MB at one minute, ${last.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB.`,
  `- Exit after SIGTERM: ${exitCode}.`,
  '',
  '| seconds | resident MB |',
  '|---|---|',
  ...everyMinute.map((sample) => `| ${sample.seconds} | ${sample.rss.toFixed(0)} |`),
  '',
];
writeSection(path.join(root, 'docs/reliability.md'), lines);
console.log(lines.join('\n'));
const ok = failed === 0 && editErrors === 0 && staleReads === 0 && everyEvent && exitCode === 0;
process.exit(ok ? 0 : 1);
