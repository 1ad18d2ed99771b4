// Requests before background work at the database. The job runner's work (answering WhatsApp messages,
// sending, sweeping renewals) runs in a background context; everything else (a request, a start-up step)
// is in the foreground. A background operation — a query outside a transaction, or a whole transaction —
// first lets the event loop turn (PGlite answers in microtasks, so a job's chain of queries would otherwise
// run to its end before Node reads the requests waiting on their sockets), then starts only while no
// foreground operation is running, or after waiting `maxWaitMs` (a stream of requests slows the jobs down,
// never stops them). On PGlite, which runs each query on the Node thread one at a time, background
// operations also go one at a time, so a request waits behind one of them at most. Without this, a backlog
// of WhatsApp answers kept Meta's webhook deliveries (a 4 ms transaction each) waiting for seconds
// (bench/whatsapp.mts; docs/benchmarks.md).
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<boolean>();

/** Runs `work` (and everything it starts) as background work: its database operations give way to requests'. */
export function runInBackground<T>(work: () => T): T {
  return background.run(true, work);
}

/** Runs `work` in the foreground again (a request's own work started from background code). */
export function runInForeground<T>(work: () => T): T {
  return background.run(false, work);
}

export const inBackground = () => background.getStore() === true;

export interface PriorityGate {
  /** Waits for this operation's turn; the function returned ends it (call it once). */
  enter(): Promise<() => void>;
  /** Foreground operations running now (for tests and metrics). */
  readonly foreground: number;
}

export interface PriorityGateOptions {
  /** How long a background operation waits for the foreground to be idle before it goes anyway. */
  maxWaitMs?: number;
  /** Background operations at once (1 on PGlite; unlimited when absent). */
  backgroundLanes?: number;
}

export const DEFAULT_MAX_BACKGROUND_WAIT_MS = 25;

export function createPriorityGate({ maxWaitMs = DEFAULT_MAX_BACKGROUND_WAIT_MS, backgroundLanes }: PriorityGateOptions = {}): PriorityGate {
  let foreground = 0;
  let idle: { promise: Promise<void>; resolve: () => void } | null = null;
  let lanesBusy = 0;
  const laneWaiters: (() => void)[] = [];

  const leaveForeground = () => {
    foreground -= 1;
    if (foreground === 0 && idle) {
      idle.resolve();
      idle = null;
    }
  };
  const foregroundIdle = () => {
    if (!idle) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      idle = { promise, resolve };
    }
    return idle.promise;
  };
  const takeLane = async () => {
    if (backgroundLanes === undefined) return;
    if (lanesBusy < backgroundLanes) {
      lanesBusy += 1;
      return;
    }
    // Handed over by the operation that leaves (lanesBusy stays counted).
    await new Promise<void>((resolve) => laneWaiters.push(resolve));
  };
  const leaveLane = () => {
    if (backgroundLanes === undefined) return;
    const next = laneWaiters.shift();
    if (next) next();
    else lanesBusy -= 1;
  };
  const once = (leave: () => void) => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      leave();
    };
  };

  return {
    get foreground() {
      return foreground;
    },
    async enter() {
      if (!inBackground()) {
        foreground += 1;
        return once(leaveForeground);
      }
      // PGlite answers in microtasks: without a turn of the event loop, a job's chain of queries would run
      // to its end before Node even reads the requests waiting on their sockets.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await takeLane();
      if (foreground > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([foregroundIdle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
        clearTimeout(timer);
      }
      return once(leaveLane);
    },
  };
}
