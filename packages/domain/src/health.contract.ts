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

const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'failed']),
  /** Why the check failed, in Portuguese (never a secret or a stack). */
  message: z.string().optional(),
  latencyMs: z.number().optional(),
});

/** Ready for traffic: the database answers, its migrations are all applied, the file storage can be used. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema.extend({ applied: z.number().optional(), expected: z.number().optional() }),
    storage: readinessCheckSchema.extend({ driver: z.enum(['disk', 's3']) }),
  }),
});

export type Readiness = z.infer<typeof readinessSchema>;

export const healthContract = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    tag,
    access: 'public',
    summary: 'Estado do servidor e do banco',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    tag,
    access: 'public',
    summary: 'Pronto para receber tráfego: banco, migrações e armazenamento de arquivos',
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
};
