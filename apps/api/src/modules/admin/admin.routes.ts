// The admin panel's own routes: the audit trail, the dashboard and the operations views (webhook
// deliveries and endpoints, the e-mail outbox, active sessions), with their audited actions.
import type { FastifyInstance } from 'fastify';
import { adminContract } from '@vitrine/domain/admin.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { listAudit } from '../../shared/audit/audit.ts';
import { route } from '../../shared/route.ts';
import type { Settings } from '../../shared/settings.ts';
import { readSetupChecklist } from './admin.setup.ts';
import {
  listEmails,
  listSessions,
  listWebhookDeliveries,
  listWebhookEndpoints,
  readDashboard,
  resendDelivery,
  revokeSession,
  rotateWebhookSecret,
} from './admin.usecases.ts';

/** Session tokens the request carries: each cookie value's part before its signature. */
const tokensOf = (cookies: Record<string, string | undefined>) => new Set(Object.values(cookies).flatMap((value) => (value ? [value.split('.')[0]!] : [])));

export async function adminRoutes(
  app: FastifyInstance,
  { db, settings, smtpConfigured, publicUrlMissing }: { db: Database; settings: Settings; smtpConfigured: boolean; publicUrlMissing: boolean },
) {
  route(app, adminContract.auditLog, {}, async (request) => listAudit(db, request.query));

  route(app, adminContract.dashboard, {}, async (request) => readDashboard({ db }, request.query.days));

  route(app, adminContract.setupChecklist, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readSetupChecklist({ db, settings, smtpConfigured, publicUrlMissing });
  });

  route(app, adminContract.webhookDeliveries, {}, async (request) => listWebhookDeliveries({ db }, request.query));

  route(app, adminContract.resendWebhookDelivery, {}, async (request, reply) => {
    const delivery = await resendDelivery({ db, settings }, await adminActor(request), request.params.id);
    return reply.status(202).send(delivery);
  });

  route(app, adminContract.webhookEndpoints, {}, async (request) => listWebhookEndpoints({ db }, request.query));

  route(app, adminContract.rotateWebhookSecret, {}, async (request) => rotateWebhookSecret({ db }, await adminActor(request), request.params.id));

  route(app, adminContract.emails, {}, async (request) => listEmails({ db }, request.query));

  route(app, adminContract.sessions, {}, async (request) => listSessions({ db }, request.query, tokensOf(request.cookies)));

  route(app, adminContract.revokeSession, {}, async (request, reply) => {
    await revokeSession({ db }, await adminActor(request), request.params.id);
    return reply.status(204).send();
  });
}
