// The reseller catalogue's public endpoints: reseller plans and premium servers.
import { defineEndpoint } from './contracts.ts';
import { publicResellerPlanListSchema, resellerPlanListQuerySchema, serverCardListSchema } from './resellers.ts';

const tag = 'revendas';

export const resellersContract = {
  listResellerPlans: defineEndpoint({
    method: 'GET',
    path: '/api/reseller-plans',
    tag,
    access: 'public',
    summary: 'Planos de revenda ativos (pré-pago, mensal, clientes ativos), por tipo opcional',
    query: resellerPlanListQuerySchema,
    responses: { 200: publicResellerPlanListSchema },
  }),
  listServers: defineEndpoint({
    method: 'GET',
    path: '/api/servers',
    tag,
    access: 'public',
    summary: 'Servidores premium: preços de fornecedor das categorias "Planos …" ativas',
    responses: { 200: serverCardListSchema },
  }),
};
