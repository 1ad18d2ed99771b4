// Visits to the site's pages, recorded for the admin's dashboard.
import { accessEventInputSchema } from './analytics.ts';
import { defineEndpoint } from './contracts.ts';

const tag = 'analytics';

export const analyticsContract = {
  recordAccessEvent: defineEndpoint({
    method: 'POST',
    path: '/api/analytics/access-events',
    tag,
    access: 'public',
    summary: 'Registra a visita a uma rota do site',
    body: accessEventInputSchema,
    responses: { 204: null },
    errors: [400, 429],
  }),
};
