// Records a site access event on every client route change. Failures are
// ignored and never block navigation.
import { analyticsContract } from '@vitrine/domain/analytics.contract';
import { endpointUrl } from '@/lib/api-client';
import { nextTask } from '@/lib/next-task';

const SESSION_KEY = 'vitrine.visit_session';

export function visitSessionId(): string {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID().replaceAll('-', '');
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return 'anonymous-session';
  }
}

/** Sent from a task of its own: the route's first render (a page coming to life) is not made longer by it. */
export function recordAccessEvent(path: string) {
  const body = JSON.stringify({ path, referrerUrl: document.referrer || null, sessionId: visitSessionId() });
  void nextTask().then(() => send(body));
}

function send(body: string) {
  try {
    void fetch(endpointUrl(analyticsContract.recordAccessEvent), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // never block navigation
  }
}
