// The server's health: the database answers, and how fast.
import { z } from 'zod';
import { defineEndpoint } from './contracts.ts';

const tag = 'sistema';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number().optional(),
  }),
  uptimeSeconds: z.number(),
});

export const healthContract = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    tag,
    access: 'public',
    summary: 'Estado do servidor e do banco',
    responses: { 200: healthSchema, 503: healthSchema },
  }),

};
