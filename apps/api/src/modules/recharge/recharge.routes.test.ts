// The recharge back office over HTTP: supplier rows with the specification's messages, providers
// and their tiers, credit orders through the signed outbox, saved calculations and the exports.
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@vitrine/domain/admin';
import type { ListEnvelope } from '@vitrine/domain/lists';
import type { CreditOrder, PricingCalculation, ProviderWithCosts } from '@vitrine/domain/recharge';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { unique } from '../../../test/fixtures.ts';
import { waitUntil } from '../../../test/wait.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { creditOrders, webhookEndpoints } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('recharge back office', () => {
  let t: TestApp;
  let admin: string;
  let ok: Receiver;
  let failing: Receiver;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: { pollIntervalMs: 25, retry: { baseDelayMs: 40, maxDelayMs: 200, maxRetryAfterMs: 1_000 } } });
    admin = await signInAsAdmin(t.app);
    ok = await startReceiver();
    failing = await startReceiver(() => ({ status: 500 }));
  });
  afterAll(async () => {
    await t.close();
    await ok.close();
    await failing.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown, cookie: string | null = admin) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  const supplier = (overrides: object = {}) => ({
    category: 'Planos Premium',
    supplier: unique('Fornecedor'),
    server: 'Servidor A',
    username: 'revenda01',
    panel: 'https://painel.example.com',
    clientPanel: 'http://cliente.example.com',
    minimumPurchase: 100,
    costPerCredit: 4.5,
    qtdCreditos: 50,
    prePago: true,
    ...overrides,
  });

  describe('supplier rows', () => {
    it.each([
      [{ panel: '' }, 'Todos os campos obrigatórios devem ser preenchidos'],
      [{ username: '   ' }, 'Todos os campos obrigatórios devem ser preenchidos'],
      [{ costPerCredit: -1 }, 'Valores não podem ser negativos'],
      [{ minimumPurchase: -0.01 }, 'Valores não podem ser negativos'],
      [{ panel: 'painel.example.com' }, 'URLs dos painéis devem começar com http:// ou https://'],
      [{ clientPanel: 'ftp://cliente.example.com' }, 'URLs dos painéis devem começar com http:// ou https://'],
    ])('refuses %j with its message', async (overrides, message) => {
      const response = await call('POST', '/api/admin/suppliers', supplier(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    });

    it('lists newest first, edits inline, removes; the public server card never carries the credentials or panels', async () => {
      const created = await call('POST', '/api/admin/suppliers', supplier({ username: 'segredo-usuario', panel: 'https://painel-secreto.example.com' }));
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json<{ id: string; supplier: string; updatedAt: string }>();
      const list = (await call('GET', '/api/admin/suppliers?pageSize=5')).json<ListEnvelope<{ id: string }>>();
      expect(list.items[0]!.id).toBe(row.id);

      const edited = await call('PATCH', `/api/admin/suppliers/${row.id}`, { costPerCredit: 5.25, qtdCreditos: 80, expectedUpdatedAt: row.updatedAt });
      expect(edited.json()).toMatchObject({ costPerCredit: 5.25, qtdCreditos: 80 });
      const badEdit = await call('PATCH', `/api/admin/suppliers/${row.id}`, { clientPanel: 'cliente', expectedUpdatedAt: edited.json().updatedAt });
      expect(badEdit.json().error.message).toContain('URLs dos painéis');

      const servers = await call('GET', '/api/servers', undefined, null);
      const card = servers.json<{ id: string; total: number; badge: string }[]>().find((server) => server.id === row.id);
      expect(card).toMatchObject({ total: 420, badge: 'Pré-pago' });
      expect(servers.body).not.toContain('segredo-usuario');
      expect(servers.body).not.toContain('painel-secreto');

      expect((await call('DELETE', `/api/admin/suppliers/${row.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/admin/suppliers/${row.id}`)).json().error.message).toBe('Nenhum registro foi excluído');
    });

    it('is for admins only', async () => {
      expect((await call('GET', '/api/admin/suppliers', undefined, null)).statusCode).toBe(401);
      expect((await call('POST', '/api/admin/suppliers', supplier(), null)).statusCode).toBe(401);
    });
  });

  describe('providers and cost tiers', () => {
    let providerId: string;
    beforeAll(async () => {
      const created = await call('POST', '/api/admin/providers', { name: unique('Provedor'), supplierName: 'Distribuidora', defaultUnitCost: 4.5 });
      expect(created.statusCode, created.body).toBe(201);
      providerId = created.json<{ id: string }>().id;
    });

    it('needs a name', async () => {
      const response = await call('POST', '/api/admin/providers', { name: '  ' });
      expect(response.statusCode).toBe(400);
    });

    it('adds a tier per plan type and quantity, replaces its unit cost, removes it, each audited', async () => {
      const first = await call('PUT', `/api/admin/providers/${providerId}/costs`, { planType: 'monthly', quantity: 50, unitCost: 10 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ planType: 'monthly', quantity: 50, unitCost: 10, totalCost: 500 });
      const replaced = await call('PUT', `/api/admin/providers/${providerId}/costs`, { planType: 'monthly', quantity: 50, unitCost: 9.5 });
      expect(replaced.json()).toMatchObject({ id: first.json().id, unitCost: 9.5, totalCost: 475 });
      await call('PUT', `/api/admin/providers/${providerId}/costs`, { planType: 'monthly', quantity: 100, unitCost: 8 });
      await call('PUT', `/api/admin/providers/${providerId}/costs`, { planType: 'annual', quantity: 5, unitCost: 100 });

      const { items } = (await call('GET', '/api/admin/pricing/providers')).json<{ items: ProviderWithCosts[] }>();
      const costs = items.find((provider) => provider.id === providerId)!.costs;
      expect(costs.map((cost) => `${cost.planType}:${cost.quantity}`)).toEqual(['monthly:50', 'monthly:100', 'annual:5']);

      const removed = await call('DELETE', `/api/admin/providers/${providerId}/costs/${costs[2]!.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await call('DELETE', `/api/admin/providers/${providerId}/costs/${costs[2]!.id}`)).statusCode).toBe(404);

      const audit = (await call('GET', `/api/admin/audit-log?resource=provider-costs&search=${first.json().id}`)).json<ListEnvelope<AuditEntry>>();
      expect(audit.items.map((entry) => entry.action).sort()).toEqual(['update', 'update']);
      expect(
        (await call('PUT', `/api/admin/providers/00000000-0000-4000-8000-000000000000/costs`, { planType: 'monthly', quantity: 1, unitCost: 1 })).statusCode,
      ).toBe(404);
      expect((await call('PUT', `/api/admin/providers/${providerId}/costs`, { planType: 'mensal', quantity: 0, unitCost: -1 })).statusCode).toBe(400);
    });

    it('saves a calculation recomputed on the server with the tier in force, listed per provider', async () => {
      // 120 monthly units at R$ 20 with the 100-unit tier (R$ 8) less 10 %: unit cost 7.20, cost 864,
      // revenue 2400, gross profit 1536, margin 64 %, markup 177.78 %.
      const saved = await call('POST', '/api/admin/pricing/calculations', { providerId, planType: 'monthly', quantity: 120, sellPrice: 20, discount: 10 });
      expect(saved.statusCode, saved.body).toBe(201);
      const calculation = saved.json<PricingCalculation>();
      expect(calculation.result.tier).toEqual({ planType: 'monthly', quantity: 100, unitCost: 8 });
      expect(calculation.result.metrics).toMatchObject({
        unitCostCents: 720,
        revenueCents: 240000,
        costCents: 86400,
        grossProfitCents: 153600,
        grossMarginPercent: 64,
        markupPercent: 177.78,
      });

      const noTier = await call('POST', '/api/admin/pricing/calculations', { providerId, planType: 'monthly', quantity: 10, sellPrice: 20 });
      expect(noTier.statusCode).toBe(400);
      expect(noTier.json().error.message).toContain('Nenhuma faixa de custo');

      const listed = (await call('GET', `/api/admin/pricing/calculations?providerId=${providerId}`)).json<ListEnvelope<PricingCalculation>>();
      expect(listed.items.map((item) => item.id)).toEqual([calculation.id]);
    });

    it('keeps standard costs clamped to 0 – 1,000,000', async () => {
      const saved = await call('PUT', '/api/admin/pricing/standard-costs', { creditCost: -5, supplierCost: 4.5, providerCost: 2_000_000 });
      expect(saved.json()).toEqual({ creditCost: 0, supplierCost: 4.5, providerCost: 1_000_000 });
      expect((await call('GET', '/api/admin/pricing/standard-costs')).json()).toEqual({ creditCost: 0, supplierCost: 4.5, providerCost: 1_000_000 });
      expect((await call('PUT', '/api/admin/pricing/standard-costs', { creditCost: 'x', supplierCost: 1, providerCost: 1 })).statusCode).toBe(400);
    });

    it('exports the consolidated view as CSV a pt-BR spreadsheet reads: BOM, ";", decimal commas, the date in its name, and formula cells escaped', async () => {
      await call('POST', '/api/admin/providers', { name: '=HYPERLINK("http://evil")' }).then(async (response) => {
        const id = response.json<{ id: string }>().id;
        await call('PUT', `/api/admin/providers/${id}/costs`, { planType: 'monthly', quantity: 50, unitCost: 12.35 });
      });
      const response = await call('GET', '/api/admin/pricing/consolidated.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(/filename="?consolidado-\d{4}-\d{2}-\d{2}\.csv"?$/);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const rows = Papa.parse<string[]>(response.body.slice(1), { skipEmptyLines: true, delimiter: ';' }).data;
      expect(response.body.split('\r\n')[0]).toBe(
        '\uFEFFTipo de plano;Quantidade;Provedor;Custo unitário (R$);Preço sugerido (R$);Margem (%);Melhor opção;Avisos',
      );
      const evil = rows.find((row) => row[2] === `'=HYPERLINK("http://evil")`)!;
      // Numbers with a decimal comma, unquoted, so the spreadsheet reads them as numbers.
      expect(evil.slice(0, 2)).toEqual(['Mensal', '50']);
      expect(evil[3]).toBe('12,35');
      expect(evil[4]).toMatch(/^\d+,\d{1,2}$|^\d+$/);
      expect(response.body).toContain(';12,35;');
      expect(rows[0]).toEqual([
        'Tipo de plano',
        'Quantidade',
        'Provedor',
        'Custo unitário (R$)',
        'Preço sugerido (R$)',
        'Margem (%)',
        'Melhor opção',
        'Avisos',
      ]);
      expect(rows.some((row) => row[2] === `'=HYPERLINK("http://evil")`)).toBe(true);
      expect(rows.some((row) => row[2] === '=HYPERLINK("http://evil")')).toBe(false);
    });

    it('exports RAG data as JSON and CSV with the sections context, providers, plans and metrics, and the spreadsheet', async () => {
      const json = await call('GET', '/api/admin/pricing/rag?format=json');
      expect(json.headers['content-disposition']).toMatch(/dados-rag-\d{4}-\d{2}-\d{2}\.json/);
      expect(Object.keys(JSON.parse(json.body))).toEqual(['context', 'providers', 'plans', 'metrics']);
      const csv = await call('GET', '/api/admin/pricing/rag?format=csv');
      const sections = new Set(
        Papa.parse<string[]>(csv.body.slice(1), { skipEmptyLines: true, delimiter: ';' })
          .data.slice(1)
          .map((row) => row[0]),
      );
      expect([...sections]).toEqual(expect.arrayContaining(['context', 'providers', 'metrics']));
      expect((await call('GET', '/api/admin/pricing/rag?format=xml')).statusCode).toBe(400);
      const sheet = await call('GET', '/api/admin/pricing/spreadsheet.csv');
      expect(sheet.body).toContain('Provedor;Status;Tipo de plano');
      expect((await call('GET', '/api/admin/pricing/rag', undefined, null)).statusCode).toBe(401);
    });
  });

  describe('credit purchase orders', () => {
    let contactId: string;
    beforeAll(async () => {
      const contact = await call('POST', '/api/admin/recharge-contacts', { name: 'Central de Recargas', phone: '+55 11 99999-0000' });
      expect(contact.statusCode, contact.body).toBe(201);
      contactId = contact.json<{ id: string }>().id;
    });
    const items = [
      { provider: 'Provedor Alfa', quantity: 50, unitCost: 4.5, providerCode: 'ALF', userName: 'revenda01' },
      { provider: 'Provedor Beta', quantity: 3, unitCost: 10.01 },
    ];

    it.each([
      [{ webhookUrl: '' }, 'Por favor, insira a URL do webhook'],
      [{ contactId: undefined }, 'Por favor, selecione um contato'],
      [{ items: [] }, 'Adicione pelo menos um item antes de enviar'],
      [{ webhookUrl: 'ftp://example.com/hook' }, 'Falha ao enviar a solicitação. Verifique a URL do webhook.'],
    ])('refuses %j, storing nothing', async (overrides, message) => {
      const before = await t.database.db.$count(creditOrders);
      const response = await call('POST', '/api/admin/credit-orders', { webhookUrl: ok.url, contactId, items, ...overrides });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(await t.database.db.$count(creditOrders)).toBe(before);
    });

    it('stores the order with its total and delivers it signed; the list shows it delivered', async () => {
      const response = await call('POST', '/api/admin/credit-orders', { webhookUrl: ok.url, contactId, items });
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json<CreditOrder & { webhookSecret?: string }>();
      expect(order).toMatchObject({ total: 255.03, contact: 'Central de Recargas (+55 11 99999-0000)', delivery: { status: 'pending' } });
      expect(order.items.map((item) => item.total)).toEqual([225, 30.03]);
      expect(order.message).toContain('Total do pedido: R$ 255,03');

      await waitUntil(() => ok.requests.length >= 1, { what: 'o pedido no receptor' });
      // The first order to a URL creates its endpoint: the answer carries the new secret, this once, and
      // the receiver verifies the very first delivery with it.
      const [endpoint] = await t.database.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.url, new URL(ok.url).href));
      expect(order.webhookSecret).toBe(endpoint!.secret);
      const body = new Webhook(order.webhookSecret!).verify(ok.requests[0]!.body, ok.requests[0]!.headers) as Record<string, unknown>;
      expect(body).toEqual({ contact: order.contact, message: order.message, timestamp: expect.stringMatching(/^\d{4}-/), type: 'credit_purchase_order' });

      const delivered = await waitUntil(async () => {
        const list = (await call('GET', '/api/admin/credit-orders')).json<ListEnvelope<CreditOrder>>();
        const found = list.items.find((item) => item.id === order.id);
        return found?.delivery?.status === 'delivered' ? found : null;
      });
      expect(delivered.delivery).toMatchObject({ attempts: 1, lastStatusCode: 204 });
      // The next order to the same URL answers no secret: it is never shown again (only 'Novo segredo' makes another).
      const again = await call('POST', '/api/admin/credit-orders', { webhookUrl: ok.url, contactId, items });
      expect(again.statusCode).toBe(201);
      expect(again.json()).not.toHaveProperty('webhookSecret');
      expect((await call('GET', '/api/admin/credit-orders')).body).not.toContain(endpoint!.secret);
    });

    it('shows the failed attempts of a receiver that fails, and re-sends the order', async () => {
      const order = (await call('POST', '/api/admin/credit-orders', { webhookUrl: failing.url, contactId, items: [items[0]] })).json<CreditOrder>();
      const failed = await waitUntil(async () => {
        const found = (await call('GET', '/api/admin/credit-orders')).json<ListEnvelope<CreditOrder>>().items.find((item) => item.id === order.id);
        return found?.delivery?.status === 'failed' ? found : null;
      });
      expect(failed.delivery).toMatchObject({ attempts: 3, lastStatusCode: 500 });
      failing.reply(() => ({ status: 200 }));
      const resent = await call('POST', `/api/admin/credit-orders/${order.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(202);
      const delivered = await waitUntil(async () => {
        const found = (await call('GET', '/api/admin/credit-orders')).json<ListEnvelope<CreditOrder>>().items.find((item) => item.id === order.id);
        return found?.delivery?.status === 'delivered' ? found : null;
      });
      expect(delivered.delivery!.attempts).toBe(4);
      expect((await call('POST', `/api/admin/credit-orders/00000000-0000-4000-8000-000000000000/resend`)).statusCode).toBe(404);
    });
  });
});
