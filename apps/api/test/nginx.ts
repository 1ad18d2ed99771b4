// Debian's nginx in front of test servers (the recipes of docs/operations.md, run for real): each test
// writes its configuration, with its own ports, pid, log and temp paths in a directory of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { tempDir } from './database.ts';
import { waitUntil } from './wait.ts';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

export function findNginx(): string {
  const found = NGINX_CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      `nginx não encontrado (${NGINX_CANDIDATES.join(', ')}): este teste prova uma receita de docs/operations.md atrás do nginx. ` +
        'Instale o pacote do Debian: apt-get install nginx (o .ci/run o instala).',
    );
  }
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Nginx {
  base: string;
  /** The configuration's directory: its logs (access.log, error.log) are read from here until stop(). */
  dir: string;
  stop(): Promise<void>;
}

/** Starts nginx with the configuration `config` writes for its directory and port; ready once it answers /api/health. */
export async function startNginx(config: (dir: string, port: number) => string): Promise<Nginx> {
  const binary = findNginx();
  const dir = tempDir('vitrine-nginx-');
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, config(dir, port));
  let output = '';
  const child: ChildProcess = spawn(binary, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`o nginx saiu (${child.exitCode}): ${output}${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      return fetch(`${base}/api/health`).then(
        () => true,
        () => false,
      );
    },
    { timeoutMs: 20_000, what: 'o nginx aceitar conexões' },
  );
  return {
    base,
    dir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The temp paths every configuration needs, under the test's directory. */
export const tempPaths = (dir: string) => `
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;`;
