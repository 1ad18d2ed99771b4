// A test's cleanups, run last first. After a database outage, one close has hung in full CI runs (never when
// the file runs alone): each cleanup gets CLEANUP_WAIT_MS, and one that takes longer is named on stderr and
// left behind so the others still run. A cleanup over 5 s is named too.
const CLEANUP_WAIT_MS = 20_000;

export async function runCleanups(cleanups: Array<() => Promise<void>>): Promise<void> {
  while (cleanups.length) {
    const cleanup = cleanups.pop()!;
    const name = cleanup.toString().replace(/\s+/g, ' ').slice(0, 120);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = cleanup().then(() => true);
    // A cleanup left behind may still fail later: nobody is waiting for it then.
    outcome.catch(() => undefined);
    const finished = await Promise.race([
      outcome,
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), CLEANUP_WAIT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    const ms = Date.now() - started;
    if (!finished) process.stderr.write(`limpeza parada após ${ms} ms, deixada para trás: ${name}\n`);
    else if (ms > 5_000) process.stderr.write(`limpeza lenta (${ms} ms): ${name}\n`);
  }
}

/** Every cleanup's wait, and some. */
export const OUTAGE_CLEANUP_TIMEOUT_MS = 90_000;
