// Prometheus metrics of one app instance: a registry of its own (tests build many apps in one process,
// so nothing goes in prom-client's global registry). Counters are incremented where things happen;
// gauges that describe shared state (the jobs table, the pool) are read when Prometheus scrapes.
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Requests that matched no route share one label value: label values never come from the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * The files of the web build share one label value: each file is a route of its own (plugins/spa.ts), and
 * hashed names change at every deploy, so labelling them by their route would add series with each one.
 */
export const STATIC_ROUTE = 'static';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's label in the request metrics, instead of its pattern. */
    metricsRoute?: string;
  }
}

export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly webhookFailures: Counter;
  readonly emailFailures: Counter;
  readonly whatsappFailures: Counter;
  readonly llmFallbacks: Counter<'reason'>;
  readonly housekeepingDeleted: Counter<'task'>;
}

export function createMetrics({ defaultMetrics }: { defaultMetrics: boolean }): Metrics {
  const registry = new Registry();
  // The process's CPU, memory, event-loop delay and handles; only on an instance that is scraped (each
  // call starts its own event-loop monitor).
  if (defaultMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'Duração das requisições HTTP, por rota (o padrão, nunca a URL) e status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    webhookFailures: new Counter({
      name: 'vitrine_webhook_delivery_failures_total',
      help: 'Tentativas de entrega de webhook que falharam',
      registers: [registry],
    }),
    emailFailures: new Counter({
      name: 'vitrine_email_delivery_failures_total',
      help: 'Envios de e-mail recusados ou não recebidos pelo servidor SMTP',
      registers: [registry],
    }),
    whatsappFailures: new Counter({
      name: 'vitrine_whatsapp_send_failures_total',
      help: 'Tentativas de envio de mensagem pelo WhatsApp que falharam',
      registers: [registry],
    }),
    llmFallbacks: new Counter({
      name: 'vitrine_llm_fallbacks_total',
      help: 'Respostas do assistente em que o modelo de linguagem falhou e o assistente embutido respondeu',
      labelNames: ['reason'],
      registers: [registry],
    }),
    housekeepingDeleted: new Counter({
      name: 'vitrine_housekeeping_deleted_rows_total',
      help: 'Linhas apagadas pela limpeza automática, por tarefa',
      labelNames: ['task'],
      registers: [registry],
    }),
  };
}

/**
 * A counter whose total is kept elsewhere (the public cache's own counts): on each scrape it advances
 * by what the source counted since the last one, so it stays a counter for rate().
 */
export function mirroredCounter(registry: Registry, name: string, help: string, read: () => number): void {
  let seen = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}

/** One read shared by the gauges of a scrape (they are collected at once): answers within `ms` reuse it. */
export function sharedRead<T>(read: () => Promise<T>, ms = 1_000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - last.at > ms) last = { at: now, value: read() };
    return last.value;
  };
}
