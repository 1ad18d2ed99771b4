// The admin panel's own routes: the audit trail of every admin write.
import type { FastifyInstance } from 'fastify';
import { adminContract } from '@vitrine/domain/admin.contract';
import type { Database } from '../../db/client.ts';
import { route } from '../../shared/route.ts';
import { listAudit } from './admin.audit.ts';

export async function adminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, adminContract.auditLog, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAudit(db, request.query);
  });
}
