#!/usr/bin/env node
// `npm run bench:blocking`: the main thread's blocking a slow phone feels while a public page comes to
// life, measured in the browser rather than simulated (Lighthouse's 8× margin only simulates it). In
// Debian's Chromium with a 4× slower CPU, 412 × 823, a fresh context per load: the page is loaded until
// the app has taken it over (and, on /chat, until the assistant's first message shows), then 1.5 s more;
// the blocking is the sum over the page's own `longtask` entries of their time over 50 ms.
// BENCH_SERVERS=a.mjs,b.mjs compares builds (each a built server.mjs beside its web build), alternating
// them load by load; BENCH_PAGES (default /chat) and BENCH_RUNS (default 8 per server and page, after one
// load not counted). Prints the figures; docs/benchmarks.md quotes them. Needs `npm run build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, machine, measuredAt, median, openOnSlowPhone, root, startApi } from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const PAGES = (process.env.BENCH_PAGES ?? '/chat').split(',');
const SERVERS = (process.env.BENCH_SERVERS ?? path.join(root, 'apps/api/dist/server.mjs')).split(',');

const servers = [];
for (const server of SERVERS) {
  servers.push({ server, api: await startApi({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-blocking-')) }, server) });
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });

/** One load: the blocking (ms) and the longest task (ms). */
async function load(base, pagePath) {
  const { context, page } = await openOnSlowPhone(browser, base + pagePath, {
    initScript: () => {
      const tasks = [];
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask', buffered: true });
    },
  });
  if (pagePath === '/chat') await page.getByTestId('bot-message').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_500);
  const tasks = await page.evaluate(() => window.benchLongTasks);
  await context.close();
  return { blocking: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0), longest: Math.max(0, ...tasks) };
}

console.log(`Blocking on a 4× slower CPU (${machine()}, ${measuredAt()} UTC, ${RUNS} loads per server and page)\n`);
console.log('| Page | Server | blocking, median (loads) | longest task, median |');
console.log('|---|---|---|---|');
try {
  for (const pagePath of PAGES) {
    const results = servers.map(() => []);
    for (const { api } of servers) await load(api.url, pagePath);
    for (let run = 0; run < RUNS; run++) {
      for (const [index, { api }] of servers.entries()) results[index].push(await load(api.url, pagePath));
    }
    for (const [index, { server }] of servers.entries()) {
      const blocking = results[index].map((result) => Math.round(result.blocking));
      const longest = median(results[index].map((result) => result.longest));
      console.log(`| \`${pagePath}\` | ${server} | ${Math.round(median(blocking))} ms (${blocking.join(', ')}) | ${Math.round(longest)} ms |`);
    }
  }
} finally {
  await browser.close();
  for (const { api } of servers) await api.stop();
}
