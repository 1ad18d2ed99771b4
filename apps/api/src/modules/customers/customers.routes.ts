// Customers' routes: Minha assinatura (public, by the link's token: never cached, never indexed) and the
// admin's A entregar and Clientes.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminCustomersContract, adminDeliveriesContract, customersContract } from '@vitrine/domain/customers.contract';
import { saoPauloDay } from '@vitrine/domain/money';
import { adminActor } from '../../shared/audit/actor.ts';
import { route } from '../../shared/route.ts';
import {
  cancelSubscription,
  createCustomerAccessLink,
  customerDetail,
  customerFigures,
  customersCsv,
  customerTimeline,
  eraseCustomer,
  exportCustomerData,
  listCustomers,
  revokeCustomerAccessLink,
} from './customers.admin.usecases.ts';
import { deliver, listDeliveries, readMySubscription, renewMySubscription, type CustomersDeps } from './customers.usecases.ts';

/** Per client address: the page is read a few times a visit; a renewal is a rare click. */
export const MY_SUBSCRIPTION_LIMITS = {
  read: { max: 60, timeWindow: 60_000 },
  renew: { max: 10, timeWindow: 10 * 60_000 },
} as const;

/** A customer's page: personal, so no cache keeps it and no search engine lists it. */
const privatePage = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export async function customersRoutes(app: FastifyInstance, deps: CustomersDeps) {
  route(app, customersContract.mySubscription, { config: { rateLimit: MY_SUBSCRIPTION_LIMITS.read } }, async (request, reply) => {
    privatePage(reply);
    return readMySubscription(deps, request.query.token);
  });
  route(app, customersContract.renew, { config: { rateLimit: MY_SUBSCRIPTION_LIMITS.renew } }, async (request, reply) => {
    privatePage(reply).code(201);
    return renewMySubscription(deps, request.body.token);
  });

  // ---------------------------------------------------------------- A entregar

  route(app, adminDeliveriesContract.list, {}, async (request, reply) => {
    noStore(reply);
    return listDeliveries(deps, request.query);
  });
  route(app, adminDeliveriesContract.deliver, {}, async (request) => deliver(deps, await adminActor(request), request.params.id, request.body.text));

  // ---------------------------------------------------------------- Clientes

  route(app, adminCustomersContract.list, {}, async (request, reply) => {
    noStore(reply);
    return listCustomers(deps, request.query);
  });
  route(app, adminCustomersContract.figures, {}, async (_request, reply) => {
    noStore(reply);
    return customerFigures(deps);
  });
  route(app, adminCustomersContract.exportCsv, {}, async (request, reply) => {
    const body = await customersCsv(deps, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`clientes-${saoPauloDay(deps.clock())}.csv`))
      .header('cache-control', 'no-store')
      .send(body);
  });
  route(app, adminCustomersContract.detail, {}, async (request, reply) => {
    noStore(reply);
    return customerDetail(deps, request.params.id);
  });
  route(app, adminCustomersContract.timeline, {}, async (request, reply) => {
    noStore(reply);
    return customerTimeline(deps, request.params.id, request.query);
  });
  route(app, adminCustomersContract.exportData, {}, async (request, reply) => {
    const data = await exportCustomerData(deps, await adminActor(request), request.params.id);
    noStore(reply).header('content-disposition', contentDisposition(`cliente-${request.params.id}.json`, { type: 'inline' }));
    return data;
  });
  route(app, adminCustomersContract.erase, {}, async (request) => eraseCustomer(deps, await adminActor(request), request.params.id));
  route(app, adminCustomersContract.createAccessLink, {}, async (request, reply) => {
    const link = await createCustomerAccessLink(deps, await adminActor(request), request.params.id, request.body.subscriptionId);
    noStore(reply).code(201);
    return link;
  });
  route(app, adminCustomersContract.revokeAccessLink, {}, async (request, reply) => {
    await revokeCustomerAccessLink(deps, await adminActor(request), request.params.id, request.params.linkId);
    return reply.code(204).send();
  });
  route(app, adminCustomersContract.cancelSubscription, {}, async (request) => cancelSubscription(deps, await adminActor(request), request.params.id));
}
