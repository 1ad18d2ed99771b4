// What the benchmarks share: the public reads they load, the API started as its own process, the
// machine line, the CPU of the machine's processes, and the replacement of one section of a results document.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Every public catalogue read a visitor's pages make. */
export const PUBLIC_READS = [
  '/api/plans',
  '/api/apps',
  '/api/apps/categories',
  '/api/streaming-apps',
  '/api/reseller-plans',
  '/api/servers',
  '/api/site-config/header',
  '/api/site-config/footer',
  '/api/chat/shortcuts',
  '/api/media/home',
  '/api/media/lists/movie/popular',
  '/api/media/lists/tv/top_rated',
];

/** The flags every bench launches Debian's Chromium with (the e2e suite's, in apps/web/e2e/support/browser.ts). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The public pages the page server renders (apps/web/src/prerendered-paths.ts, read, not copied). */
export const PUBLIC_PAGES = fs
  .readFileSync(path.join(root, 'apps/web/src/prerendered-paths.ts'), 'utf8')
  .match(/'\/[^']*'/g)
  .map((quoted) => quoted.slice(1, -1));

export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API (`apps/api/src/server.ts`) on a free loopback port with `env` added, its public URL
 * set to that address, and resolves once `/api/health` answers 200. `stop()` sends SIGTERM and
 * resolves to the exit code.
 */
export async function startApi(env, server = process.env.BENCH_SERVER) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER (or `server`): a built server.mjs to run (the compiled server, `npm run build`); unset: the sources through tsx.
  // BENCH_NODE_FLAGS: Node's own flags for the API process (--cpu-prof, which NODE_OPTIONS refuses).
  const flags = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [];
  const entry = [...flags, ...(server ? [path.resolve(server)] : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')])];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid,
    /** Resident memory of the API process, in MB. */
    rssMb: () => Number(execSync(`ps -o rss= -p ${child.pid}`).toString().trim()) / 1024,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A new, empty PostgreSQL database `name` on the server of `serverUrl` (an earlier one dropped first); answers its URL. */
export async function freshPostgresDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

/**
 * Every running process's CPU seconds so far (user + system) from /proc/<pid>/stat, with its start time
 * (with the pid, what tells a process from a later one given the same pid).
 */
export function processCpu() {
  const processes = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({ pid, startedAt: fields[19], cpu: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS });
    } catch {
      // gone meanwhile
    }
  }
  return processes;
}

/** A process's command line, its arguments joined by spaces; undefined once it has exited. */
export function commandOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return undefined;
  }
}

/** The median of some numbers (of an even count, the mean of the middle two). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A page of the site on a slow phone: a fresh context (412 × 823) with a CPU 4× slower, `url` loaded until the
 * app has taken the prerendered page over. `initScript` runs in the page before its own scripts. Close
 * `context` when done.
 */
export async function openOnSlowPhone(browser, url, { initScript } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
  return { context, page };
}

export const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** Now, as 'YYYY-MM-DD HH:MM' in UTC. */
export const measuredAt = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

/** Replaces the section of `file` whose '## ' title is `lines[0]` (or appends it), keeping the others. */
export function writeSection(file, lines) {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const kept = previous.split(/\n(?=## )/).filter((part) => part.split('\n')[0] !== lines[0]);
  fs.writeFileSync(file, `${[...kept, lines.join('\n')].join('\n').trimEnd()}\n`);
}
