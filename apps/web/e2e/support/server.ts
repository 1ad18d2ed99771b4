// Starts the real server (built web app + API) as a child process on a free port and a temp DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import { runEnv, scratchRoot } from '../../../api/test/scratch.ts';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * The server as production runs it, the compiled bundle (`npm test` builds it first), when that build is current;
 * otherwise the sources through tsx, so a test run right after an edit needs no build.
 */
const serverArgs = await (async () => {
  const { isCurrent, serverDist } = (await import(path.join(repoRoot, 'scripts/build-stamp.mjs'))) as {
    isCurrent: (part: 'server') => boolean;
    serverDist: string;
  };
  return isCurrent('server') ? [path.join(serverDist, 'server.mjs')] : ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')];
})();

export const E2E_ADMIN = { email: 'admin@vitrine.test', password: 'admin-e2e-123' } as const;
export const E2E_SHOP_PIX = { key: 'pagamentos@vitrine.test', recipient: 'Vitrine Streaming', city: 'São Paulo' } as const;

/** The session cookie of the admin of a server started by these tests, for calling its API directly. */
export async function adminCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (response.status !== 200) throw new Error(`entrar como admin: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Calls a server's API as its admin (with `adminCookie`'s cookie) and expects it to succeed: the
 * created or changed row, or null for a 204. `putEntry` writes a site configuration entry as the admin's
 * screen does, naming the version it reads first (expectedUpdatedAt).
 */
export const adminCaller = (baseUrl: string, cookie: string) => {
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), origin: baseUrl, cookie },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.status === 204 ? null : ((await response.json()) as { id: string; updatedAt: string });
  };
  const putEntry = async (section: string, key: string, body: { value: unknown; isActive?: boolean }) => {
    const listed = await fetch(`${baseUrl}/api/admin/site-config?search=${encodeURIComponent(key)}&pageSize=100`, { headers: { cookie } });
    const { items } = (await listed.json()) as { items: { section: string; configKey: string; updatedAt: string }[] };
    const entry = items.find((item) => item.section === section && item.configKey === key);
    return call('PUT', `/api/admin/site-config/${section}/${key}`, { ...body, expectedUpdatedAt: entry?.updatedAt ?? null });
  };
  return Object.assign(call, { putEntry });
};

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  /** SIGTERM and wait for exit; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A new data directory, in memory when the machine has /dev/shm (copies of the shop's take a tenth of the time). */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(scratchRoot, 'vitrine-e2e-'));
}

/**
 * Where global-setup keeps the data directory of a shop started once and stopped: its PGlite already
 * created and migrated, the admin account and the demo written. A server started without a `dataDir`
 * of its own starts on a copy of it, as a shop's second start (a few seconds) instead of its first
 * (creating the database takes three to four times as long). Tests about a first start pass
 * `dataDir: makeDataDir()`.
 */
export const DATA_DIR_TEMPLATE_ENV = 'VITRINE_E2E_DATA_TEMPLATE';

function copyOfTemplate(): string | undefined {
  const template = process.env[DATA_DIR_TEMPLATE_ENV];
  if (!template || !fs.existsSync(template)) return undefined;
  const dataDir = makeDataDir();
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A data directory of a shop that has started once (a copy of global-setup's), for a test that
 * restarts its server on the same directory; an empty one when there is no such copy.
 */
export function startedShopDataDir(): string {
  return copyOfTemplate() ?? makeDataDir();
}

/**
 * The shared server of this worker: global-setup starts one per worker (`baseUrls`), so the browser
 * files run side by side, each lane on its own server, each file with its own rows and accounts.
 */
export function sharedBaseUrl(): string {
  const urls = inject('baseUrls');
  const lane = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  return urls[lane % urls.length]!;
}

export async function startServer(options: { env?: Record<string, string>; dataDir?: string; port?: number } = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // A shop on PostgreSQL keeps nothing of its database in DATA_DIR: its directory starts empty.
  const dataDir = options.dataDir ?? (options.env?.DATABASE_URL ? undefined : copyOfTemplate()) ?? makeDataDir();
  let output = '';
  // One node process, as `npm start` runs it.
  const child = spawn(process.execPath, serverArgs, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      ...runEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      // A password hash in 8 ms instead of 130 (every sign-in checks one): a test-only cost.
      PASSWORD_HASH_COST: '1024',
      LOG_LEVEL: 'info',
      // The shop's PIX, so the chat offers codes (the demo alone has none); PIX_KEY: '' starts without it.
      PIX_KEY: E2E_SHOP_PIX.key,
      PIX_RECIPIENT: E2E_SHOP_PIX.recipient,
      PIX_CITY: E2E_SHOP_PIX.city,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const env = { LOG_LEVEL: 'info', ...options.env };
  // Ready when our own child says so: polling the port could be answered by another process.
  const ownLogLine = env.LOG_LEVEL === 'info' || env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  // A start takes a few seconds; on a machine shared with other test runs, many times that.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${output}`);
    if (ownLogLine) {
      if (output.includes('"msg":"Vitrine no ar"')) break;
    } else {
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não respondeu em 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dataDir,
    process: child,
    logs: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      if (!child.killed) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
