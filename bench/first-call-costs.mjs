#!/usr/bin/env node
// `npm run bench:first-calls`: what two things we chose to do ourselves would cost a slow phone if we
// did not (decision 0017). In Debian's Chromium with a 4× slower CPU, a fresh context per load, against
// the built app on an embedded database with the demo data:
// - Sonner's stylesheet, added to a loaded page as Sonner adds it when its code loads (style work, ms);
// - a page's first `Intl.NumberFormat('pt-BR')` (the locale's data loads), the cost the formatter in
//   packages/domain/src/number-format.ts avoids during the public pages' first render.
// Prints the figures; docs/benchmarks.md quotes them. Needs `npm run build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, machine, measuredAt, openOnSlowPhone, root, startApi } from './support.mjs';

const LOADS = Number(process.env.BENCH_RUNS ?? 5);
const sonner = fs.readFileSync(path.join(root, 'node_modules/sonner/dist/index.mjs'), 'utf8');
const css = JSON.parse(/__insertCSS\(("(?:[^"\\]|\\.)*")\);/.exec(sonner)?.[1] ?? '""');
if (!css) throw new Error('sonner: __insertCSS não encontrado.');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-first-calls-'));
const api = await startApi({ DATA_DIR: dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});

async function onSlowPhone(pagePath, measure, argument) {
  const results = [];
  for (let load = 0; load < LOADS; load++) {
    const { context, page } = await openOnSlowPhone(browser, `${api.url}${pagePath}`);
    results.push(await page.evaluate(measure, argument));
    await context.close();
  }
  return results;
}

const insertStylesheet = (text) => {
  const started = performance.now();
  const style = document.createElement('style');
  style.textContent = text;
  document.head.appendChild(style);
  void document.body.offsetHeight;
  return Math.round((performance.now() - started) * 10) / 10;
};

const firstNumberFormat = () => {
  const started = performance.now();
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
  const first = performance.now();
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.5);
  return [Math.round((first - started) * 10) / 10, Math.round((performance.now() - first) * 10) / 10];
};

try {
  console.log(`${measuredAt()} UTC, ${machine()}, load average ${os.loadavg()[0].toFixed(2)}; ${LOADS} loads each, CPU 4× slower.`);
  for (const pagePath of ['/', '/apps', '/chat']) {
    console.log(`Sonner's stylesheet on ${pagePath}: ${(await onSlowPhone(pagePath, insertStylesheet, css)).join(', ')} ms`);
  }
  const calls = await onSlowPhone('/sobre', firstNumberFormat);
  console.log(`First Intl.NumberFormat('pt-BR') on /sobre: ${calls.map(([first]) => first).join(', ')} ms`);
  console.log(`The next one: ${calls.map(([, next]) => next).join(', ')} ms`);
} finally {
  await browser.close();
  await api.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
