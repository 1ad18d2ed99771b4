// A test's cleanups, run last first. After a database outage a close can be slow on a loaded machine (once,
// 60 s in CI): one that takes over 5 s is named on stderr, so the slow step shows instead of a bare hook
// timeout.
export async function runCleanups(cleanups: Array<() => Promise<void>>): Promise<void> {
  while (cleanups.length) {
    const cleanup = cleanups.pop()!;
    const started = Date.now();
    await cleanup();
    const ms = Date.now() - started;
    if (ms > 5_000) process.stderr.write(`limpeza lenta (${ms} ms): ${cleanup.toString().replace(/\s+/g, ' ').slice(0, 120)}\n`);
  }
}

/** Long enough for a slow close after an outage on a loaded machine; a real hang still fails. */
export const OUTAGE_CLEANUP_TIMEOUT_MS = 180_000;
