// The admin's recharge back office: supplier rows, providers and their cost tiers, the contacts credit
// orders go to, credit purchase orders, saved calculations, standard costs and the pricing exports.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportFileName } from '@vitrine/domain/recharge';
import {
  adminCreditOrdersContract,
  adminPricingContract,
  adminProvidersContract,
  adminRechargeContactsContract,
  adminSuppliersContract,
} from '@vitrine/domain/recharge.contract';
import { adminActor } from '../../shared/audit/actor.ts';
import { route } from '../../shared/route.ts';
import { registerAdminResource } from '../admin/admin.resource.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { listPublicPlans } from '../catalog/catalog.usecases.ts';
import { consolidatedCsv, ragCsv, ragData, spreadsheetCsv } from './recharge.exports.ts';
import { providersAdminTable, rechargeContactsAdminTable, suppliersAdminTable } from './recharge.repository.ts';
import {
  createCreditOrder,
  listCalculations,
  listCreditOrders,
  listProvidersWithCosts,
  putProviderCost,
  readStandardCosts,
  removeProviderCost,
  resendCreditOrder,
  saveCalculation,
  saveStandardCosts,
  type RechargeDeps,
} from './recharge.usecases.ts';

/** An export as a download: never cached (it holds the admin's data), named with the day it was made. */
function sendDownload(reply: FastifyReply, body: string, fileName: string, contentType: string) {
  return reply.header('content-type', contentType).header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store').send(body);
}

export async function rechargeRoutes(app: FastifyInstance, deps: RechargeDeps) {
  const { db } = deps;
  const now = () => (deps.clock ?? (() => new Date()))();

  registerAdminResource(app, db, {
    contract: adminSuppliersContract,
    resource: 'suppliers',
    ...suppliersAdminTable,
    // Newest first, as the supplier manager lists them.
    defaultOrder: 'desc',
  });

  registerAdminResource(app, db, {
    contract: adminProvidersContract,
    resource: 'providers',
    ...providersAdminTable,
  });

  registerAdminResource(app, db, {
    contract: adminRechargeContactsContract,
    resource: 'recharge-contacts',
    ...rechargeContactsAdminTable,
  });

  route(app, adminPricingContract.providers, {}, async () => ({ items: await listProvidersWithCosts(deps) }));

  route(app, adminPricingContract.putCost, {}, async (request) => putProviderCost(deps, await adminActor(request), request.params.id, request.body));

  route(app, adminPricingContract.removeCost, {}, async (request, reply) => {
    await removeProviderCost(deps, await adminActor(request), request.params.id, request.params.costId);
    return reply.status(204).send();
  });

  route(app, adminPricingContract.standardCosts, {}, async () => readStandardCosts(deps));

  route(app, adminPricingContract.saveStandardCosts, {}, async (request) => saveStandardCosts(deps, await adminActor(request), request.body));

  route(app, adminPricingContract.calculations, {}, async (request) => listCalculations(deps, request.query));

  route(app, adminPricingContract.saveCalculation, {}, async (request, reply) => {
    const saved = await saveCalculation(deps, await adminActor(request), request.body);
    return reply.status(201).send(saved);
  });

  route(app, adminPricingContract.consolidatedCsv, {}, async (_request, reply) =>
    sendDownload(reply, consolidatedCsv(await listProvidersWithCosts(deps)), exportFileName('consolidado', 'csv', now()), 'text/csv; charset=utf-8'),
  );

  route(app, adminPricingContract.ragExport, {}, async (request, reply) => {
    const [providerRows, plans, standardCosts] = await Promise.all([
      listProvidersWithCosts(deps),
      listPublicPlans({ repository: createCatalogRepository(db) }),
      readStandardCosts(deps),
    ]);
    const data = ragData({ providers: providerRows, plans, standardCosts, generatedAt: now() });
    return request.query.format === 'csv'
      ? sendDownload(reply, ragCsv(data), exportFileName('dados-rag', 'csv', now()), 'text/csv; charset=utf-8')
      : sendDownload(reply, JSON.stringify(data, null, 2), exportFileName('dados-rag', 'json', now()), 'application/json; charset=utf-8');
  });

  route(app, adminPricingContract.spreadsheetCsv, {}, async (_request, reply) =>
    sendDownload(reply, spreadsheetCsv(await listProvidersWithCosts(deps)), exportFileName('planilha-precos', 'csv', now()), 'text/csv; charset=utf-8'),
  );

  route(app, adminCreditOrdersContract.list, {}, async (request) => listCreditOrders(deps, request.query));

  route(app, adminCreditOrdersContract.create, {}, async (request, reply) => {
    const order = await createCreditOrder(deps, await adminActor(request), request.body);
    return reply.status(201).send(order);
  });

  route(app, adminCreditOrdersContract.resend, {}, async (request, reply) => {
    const order = await resendCreditOrder(deps, await adminActor(request), request.params.id);
    return reply.status(202).send(order);
  });
}
