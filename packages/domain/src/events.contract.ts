// The change-event stream (Server-Sent Events): one `change` event per changed table.
import { defineEndpoint } from './contracts.ts';

export const eventsContract = {
  stream: defineEndpoint({
    method: 'GET',
    path: '/api/events',
    tag: 'realtime',
    access: 'public',
    summary: 'Fluxo de eventos (SSE) com as tabelas alteradas',
    responses: { 200: null },
    errors: [429, 503],
  }),
};
