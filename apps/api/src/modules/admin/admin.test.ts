// Admin resources (plans here) and the audit trail: paging, search and sort on the server, Portuguese
// refusals, and every write recorded with who, when and the fields before and after, atomically.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@vitrine/domain/admin';
import type { AdminPlan } from '@vitrine/domain/catalog-admin';
import type { ListEnvelope } from '@vitrine/domain/lists';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { unique } from '../../../test/fixtures.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { auditLog, plans } from '../../db/schema.ts';
import { adminWrite } from '../../shared/audit/audit.ts';
import { adminEnv, createConfirmedProUser, listPro, signInAsAdmin } from '../access/access.test-support.ts';

describe('admin plans, audited', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const auditOf = async (recordId: string) => (await call('GET', `/api/admin/audit-log?search=${recordId}`)).json<ListEnvelope<AuditEntry>>().items;

  it('creates a plan that the storefront shows, with the admin and the fields in the audit trail', async () => {
    const name = unique('Plano Admin');
    const created = await call('POST', '/api/admin/plans', { name, priceMonthly: 29.9, features: ['4K', 'Sem anúncios'], isPopular: true });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<AdminPlan>();
    expect(plan).toMatchObject({
      name,
      priceMonthly: 29.9,
      priceAnnual: null,
      features: ['4K', 'Sem anúncios'],
      isPopular: true,
      active: true,
      displayOrder: 0,
    });

    const storefront = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json<{ id: string; pricing: { monthly: number } }[]>();
    expect(storefront.find((item) => item.id === plan.id)?.pricing.monthly).toBe(29.9);

    const [entry] = await auditOf(plan.id);
    expect(entry).toMatchObject({
      action: 'create',
      resource: 'plans',
      recordId: plan.id,
      actorEmail: adminEnv.ADMIN_EMAIL,
      before: null,
      after: { name, priceMonthly: 29.9 },
    });
    expect(entry!.changedFields).toEqual(expect.arrayContaining(['name', 'priceMonthly', 'features']));
  });

  it('updates only the fields sent, records them before and after, and hides a deactivated plan from the storefront', async () => {
    const plan = (await call('POST', '/api/admin/plans', { name: unique('Plano Editado'), priceMonthly: 10 })).json<AdminPlan>();
    const updated = await call('PATCH', `/api/admin/plans/${plan.id}`, { priceMonthly: 12.5, active: false, expectedUpdatedAt: plan.updatedAt });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: plan.name, priceMonthly: 12.5, active: false });

    const storefront = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json<{ id: string }[]>();
    expect(storefront.some((item) => item.id === plan.id)).toBe(false);

    const [latest] = await auditOf(plan.id);
    expect(latest).toMatchObject({
      action: 'update',
      changedFields: ['active', 'priceMonthly'],
      before: { priceMonthly: 10, active: true },
      after: { priceMonthly: 12.5, active: false },
    });
  });

  it('deletes a plan and keeps what it was in the audit trail', async () => {
    const plan = (await call('POST', '/api/admin/plans', { name: unique('Plano Excluído'), priceMonthly: 5 })).json<AdminPlan>();
    expect((await call('DELETE', `/api/admin/plans/${plan.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(plans).where(eq(plans.id, plan.id))).toEqual([]);
    const [latest] = await auditOf(plan.id);
    expect(latest).toMatchObject({ action: 'delete', before: { name: plan.name }, after: null });
  });

  it('refuses bad input in Portuguese and writes nothing', async () => {
    const before = await t.database.db.$count(auditLog);
    const cases: [unknown, string][] = [
      [{ priceMonthly: 10 }, 'Informe o nome do plano.'],
      [{ name: 'X', priceMonthly: -1 }, 'Valores não podem ser negativos'],
      [{ name: 'X', priceMonthly: 10.001 }, 'Use no máximo duas casas decimais.'],
      [{ name: 'X', priceMonthly: 10, icon: 'Nope' }, ''],
      [{ name: 'X', priceMonthly: 10, extra: true }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/admin/plans', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.body).toContain(message);
    }
    const empty = await call('PATCH', `/api/admin/plans/${crypto.randomUUID()}`, {});
    expect(empty.statusCode).toBe(400);
    expect(await t.database.db.$count(auditLog)).toBe(before);
  });

  it("answers 'Nenhum registro foi atualizado|excluído' for a record that does not exist", async () => {
    const missing = crypto.randomUUID();
    const update = await call('PATCH', `/api/admin/plans/${missing}`, { name: 'Outro', expectedUpdatedAt: new Date().toISOString() });
    expect(update.statusCode).toBe(404);
    expect(update.json().error.message).toBe('Nenhum registro foi atualizado');
    const remove = await call('DELETE', `/api/admin/plans/${missing}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json().error.message).toBe('Nenhum registro foi excluído');
  });

  it('pages, searches and sorts on the server', async () => {
    const tag = unique('busca').replace(/\W/g, '');
    for (const [name, price] of [
      ['C', 30],
      ['A', 10],
      ['B', 20],
    ] as const) {
      await call('POST', '/api/admin/plans', { name: `${tag} ${name}`, priceMonthly: price });
    }
    const byName = await call('GET', `/api/admin/plans?search=${tag}&sort=name&pageSize=2`);
    expect(byName.json()).toMatchObject({ total: 3, page: 1, pageSize: 2, items: [{ name: `${tag} A` }, { name: `${tag} B` }] });
    const byPriceDesc = await call('GET', `/api/admin/plans?search=${tag}&sort=priceMonthly&order=desc`);
    expect(byPriceDesc.json<ListEnvelope<AdminPlan>>().items.map((plan) => plan.priceMonthly)).toEqual([30, 20, 10]);
    expect((await call('GET', `/api/admin/plans?search=${tag}&sort=name&page=2&pageSize=2`)).json()).toMatchObject({ total: 3, items: [{ name: `${tag} C` }] });
    expect((await call('GET', '/api/admin/plans?sort=senha')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/plans?pageSize=101')).statusCode).toBe(400);
  });

  it('records PRO-list changes: who added and who deactivated an e-mail', async () => {
    const email = `${unique('auditado').toLowerCase().replace(/\W/g, '')}@example.com`;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/access/pro-users', headers: { cookie: admin }, payload: { email, isActive: true } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/access/pro-users', headers: { cookie: admin }, payload: { email, isActive: false } })).statusCode,
    ).toBe(200);
    const entries = (await call('GET', `/api/admin/audit-log?resource=pro-users&search=${email}`)).json<ListEnvelope<AuditEntry>>();
    expect(entries.items.map((entry) => [entry.action, entry.changedFields])).toEqual([
      ['update', ['isActive']],
      ['create', ['createdAt', 'email', 'id', 'isActive']],
    ]);
  });

  it("refuses an admin's deactivation of their own e-mail", async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/access/pro-users',
      headers: { cookie: admin },
      payload: { email: adminEnv.ADMIN_EMAIL.toUpperCase(), isActive: false },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Você não pode desativar o seu próprio acesso.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: { cookie: admin } })).statusCode).toBe(200);
  });

  it('leaves no write behind when its audit row cannot be written', async () => {
    const name = unique('Plano Sem Auditoria');
    const broken = { userId: 'x', email: null as unknown as string };
    await expect(
      adminWrite(t.database.db, broken, { action: 'create', resource: 'plans' }, async (tx) => {
        const [row] = await tx.insert(plans).values({ name, priceMonthly: 1 }).returning();
        return { recordId: row!.id, before: null, after: { name } };
      }),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(plans).where(eq(plans.name, name))).toEqual([]);
  });

  it('is for active PRO sessions only: visitors and deactivated users read and write nothing', async () => {
    const deactivated = await createConfirmedProUser(t.app, t.database.db, `${unique('ex').toLowerCase().replace(/\W/g, '')}@example.com`);
    const email = (await t.app.inject({ method: 'GET', url: '/api/access/me', headers: { cookie: deactivated } })).json().email as string;
    await listPro(t.database.db, email, false);
    for (const cookie of [undefined, deactivated]) {
      const headers = cookie ? { cookie } : {};
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers })).statusCode).toBeGreaterThanOrEqual(401);
      const write = await t.app.inject({ method: 'POST', url: '/api/admin/plans', headers, payload: { name: 'Invasor', priceMonthly: 1 } });
      expect([401, 403]).toContain(write.statusCode);
    }
  });
});
