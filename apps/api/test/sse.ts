// A minimal event-stream client for tests: collects the `change` events a server sends.
export interface SseClient {
  changes: Array<{ table: string; op: string; id: string | null }>;
  /** Resolves when a change matching the predicate has arrived. */
  waitFor(predicate: (change: { table: string; op: string; id: string | null }) => boolean, timeoutMs?: number): Promise<void>;
  closed: Promise<void>;
  close(): void;
}

export async function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`SSE ${response.status}`);
  const changes: SseClient['changes'] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const closed = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const frame = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event === 'change' && data) {
            changes.push(JSON.parse(data));
            for (const wake of waiters) wake();
          }
          boundary = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    changes,
    closed,
    close: () => controller.abort(),
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (changes.some(predicate)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`evento não recebido em ${timeoutMs} ms; recebidos: ${JSON.stringify(changes)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
