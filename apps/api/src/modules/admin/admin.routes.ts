// The admin panel's own routes: the audit trail, the dashboard and the operations views (webhook
// deliveries and endpoints, the e-mail outbox, active sessions), with their audited actions.
import type { FastifyInstance } from 'fastify';
import { NO_ROW_AFFECTED } from '@vitrine/domain/admin';
import { adminContract } from '@vitrine/domain/admin.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { adminWrite, listAudit } from '../../shared/audit/audit.ts';
import { notFound } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import type { Settings } from '../../shared/settings.ts';
import { newEndpointSecret, replaceEndpointSecret } from '../webhooks/webhooks.repository.ts';
import { resendWebhookDelivery } from '../webhooks/webhooks.usecases.ts';
import { findDeliveryLog, listEmails, listSessions, listWebhookDeliveries, listWebhookEndpoints, readDashboard, revokeSession } from './admin.operations.ts';
import { readSetupChecklist } from './admin.setup.ts';

/** Session tokens the request carries: each cookie value's part before its signature. */
const tokensOf = (cookies: Record<string, string | undefined>) => new Set(Object.values(cookies).flatMap((value) => (value ? [value.split('.')[0]!] : [])));

export async function adminRoutes(
  app: FastifyInstance,
  { db, settings, smtpConfigured, publicUrlMissing }: { db: Database; settings: Settings; smtpConfigured: boolean; publicUrlMissing: boolean },
) {
  route(app, adminContract.auditLog, {}, async (request) => listAudit(db, request.query));

  route(app, adminContract.dashboard, {}, async (request) => readDashboard(db, request.query.days));

  route(app, adminContract.setupChecklist, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readSetupChecklist({ db, settings, smtpConfigured, publicUrlMissing });
  });

  route(app, adminContract.webhookDeliveries, {}, async (request) => listWebhookDeliveries(db, request.query));

  route(app, adminContract.resendWebhookDelivery, {}, async (request, reply) => {
    const actor = await adminActor(request);
    const { id } = request.params;
    const before = await findDeliveryLog(db, id);
    // A payment event goes to the payments webhook as set now: one kept failed for a refused (or
    // wrong) address reaches the fixed one. Other deliveries keep their own address.
    const url = before?.source === 'payment' ? await settings.get('payments_webhook_url') : undefined;
    await adminWrite(db, actor, { action: 'update', resource: 'webhook-deliveries' }, async (tx) => {
      const resent = await resendWebhookDelivery(tx, id, { url });
      const moved = resent.url !== resent.previousUrl;
      return {
        recordId: id,
        before: before ? { status: before.status, attempts: before.attempts.length, ...(moved && { url: resent.previousUrl }) } : null,
        after: { status: 'pending', resent: true, ...(moved && { url: resent.url }) },
      };
    });
    return reply.status(202).send(await findDeliveryLog(db, id));
  });

  route(app, adminContract.webhookEndpoints, {}, async (request) => listWebhookEndpoints(db, request.query));

  route(app, adminContract.rotateWebhookSecret, {}, async (request) => {
    const actor = await adminActor(request);
    const { id } = request.params;
    const secret = newEndpointSecret();
    const result = await adminWrite(db, actor, { action: 'update', resource: 'webhook-endpoints' }, async (tx) => {
      const current = await replaceEndpointSecret(tx, id, secret);
      if (!current) return null;
      // The trail names the change, never the secret.
      return {
        recordId: id,
        before: { url: current.url, secretHint: `••••${current.secret.slice(-4)}` },
        after: { url: current.url, secretHint: `••••${secret.slice(-4)}` },
        url: current.url,
      };
    });
    if (!result) throw notFound('admin.webhook-endpoints.not_found', NO_ROW_AFFECTED.update);
    return { id, url: result.url, secret };
  });

  route(app, adminContract.emails, {}, async (request) => listEmails(db, request.query));

  route(app, adminContract.sessions, {}, async (request) => listSessions(db, request.query, tokensOf(request.cookies)));

  route(app, adminContract.revokeSession, {}, async (request, reply) => {
    const actor = await adminActor(request);
    const { id } = request.params;
    const result = await adminWrite(db, actor, { action: 'delete', resource: 'sessions' }, async (tx) => {
      const before = await revokeSession(tx, id);
      return before ? { recordId: id, before, after: null } : null;
    });
    if (!result) throw notFound('admin.sessions.not_found', NO_ROW_AFFECTED.delete);
    return reply.status(204).send();
  });
}
