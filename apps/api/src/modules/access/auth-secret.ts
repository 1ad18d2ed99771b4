// The secret that signs session cookies: AUTH_SECRET, or a random one kept in DATA_DIR so restarts keep sessions.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function resolveAuthSecret({ secret, dataDir }: { secret?: string; dataDir: string }): string {
  if (secret) return secret;
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const created = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two instances start together, the first writer wins and the other reads its secret.
    fs.writeFileSync(file, `${created}\n`, { mode: 0o600, flag: 'wx' });
    return created;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}
