// The admin panel's own endpoints: the audit trail.
import { auditEntrySchema, auditQuerySchema } from './admin.ts';
import { defineEndpoint } from './contracts.ts';
import { listEnvelopeSchema } from './lists.ts';

export const adminContract = {
  auditLog: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    tag: 'admin',
    access: 'pro',
    summary: 'Trilha de auditoria: cada escrita do painel com quem, quando, o quê e os campos antes e depois — somente admin',
    query: auditQuerySchema,
    responses: { 200: listEnvelopeSchema(auditEntrySchema) },
    errors: [400],
  }),
};
