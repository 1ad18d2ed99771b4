// Admins writing at the same moment: every edit names the version it started from (expectedUpdatedAt,
// the updatedAt it read), so a save made after another admin's is refused (409, the record as it is now,
// nothing written) instead of silently overwriting it; of many simultaneous edits of one version exactly
// one is written; edits made one after the other, each from the previous answer, all go through and the
// audit trail has them as an unbroken chain. Runs on PGlite and PostgreSQL.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_VERSION_MESSAGES } from '@vitrine/domain/edit-version';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fixtures, unique } from '../../../test/fixtures.ts';
import { plans, providers, resellerPlans, siteConfigurations, supplierPricing } from '../../db/schema.ts';
import { auditLog } from '../../shared/audit/audit.tables.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

type ErrorBody = { error: { code: string; message: string; details?: { current?: Record<string, unknown> | null } } };

describe('concurrent admin writes', () => {
  let t: TestApp;
  let sessions: string[];
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    // Two admin sessions, as two people with the panel open.
    sessions = [await signInAsAdmin(t.app), await signInAsAdmin(t.app)];
  });
  afterAll(() => t.close());

  const call = (session: number, method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: sessions[session % 2]! }, ...(payload ? { payload } : {}) });
  const audited = (resource: string, recordId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, recordId), eq(auditLog.action, 'update')))
      .orderBy(asc(auditLog.at), asc(auditLog.id));

  describe('an edit made from a version another admin has replaced', () => {
    it.each([
      ['plans', '/api/admin/plans', { priceMonthly: 45 }, { priceMonthly: 39.9 }, 'priceMonthly'],
      ['reseller-plans', '/api/admin/reseller-plans', { price: 150 }, { price: 99 }, 'price'],
      ['suppliers', '/api/admin/suppliers', { costPerCredit: 5.5 }, { costPerCredit: 4.2 }, 'costPerCredit'],
      ['providers', '/api/admin/providers', { phone: 'de B' }, { phone: 'de A' }, 'phone'],
    ] as const)(
      '%s: refused with 409 and the record as B left it, nothing written; then saved from that version',
      async (resource, path, fromB, fromA, field) => {
        const f = fixtures(t.database.db);
        const row =
          resource === 'plans'
            ? await f.plan()
            : resource === 'reseller-plans'
              ? await f.resellerPlan({ modalidadePlano: 'single' })
              : resource === 'suppliers'
                ? await f.supplierPricing()
                : (
                    await t.database.db
                      .insert(providers)
                      .values({ name: unique('Provedor') })
                      .returning()
                  )[0]!;
        const read = (await call(0, 'GET', `${path}?search=${encodeURIComponent('name' in row ? row.name : row.server)}`)).json<{
          items: Record<string, unknown>[];
        }>();
        const seen = read.items.find((item) => item.id === row.id)!;
        // A and B both opened the record; B saves first.
        const saved = await call(1, 'PATCH', `${path}/${row.id}`, { ...fromB, expectedUpdatedAt: seen.updatedAt });
        expect(saved.statusCode, saved.body).toBe(200);
        const afterB = saved.json<Record<string, unknown>>();
        expect(afterB.updatedAt).not.toBe(seen.updatedAt);

        const stale = await call(0, 'PATCH', `${path}/${row.id}`, { ...fromA, expectedUpdatedAt: seen.updatedAt });
        expect(stale.statusCode).toBe(409);
        const body = stale.json<ErrorBody>();
        expect(body.error).toMatchObject({ code: `admin.${resource}.stale`, message: EDIT_VERSION_MESSAGES.staleRecord });
        expect(body.error.details?.current).toEqual(afterB);
        // Nothing written: the row is B's, and the trail has B's write only.
        const table = { plans, 'reseller-plans': resellerPlans, suppliers: supplierPricing, providers }[resource];
        const [stored] = await t.database.db.select().from(table).where(eq(table.id, row.id));
        expect((stored as Record<string, unknown>)[field]).toBe(fromB[field as keyof typeof fromB]);
        expect(await audited(resource, row.id)).toHaveLength(1);

        // Saved again from the version the refusal named: a knowing overwrite goes through.
        const again = await call(0, 'PATCH', `${path}/${row.id}`, { ...fromA, expectedUpdatedAt: afterB.updatedAt });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json<Record<string, unknown>>()[field]).toBe(fromA[field as keyof typeof fromA]);
      },
    );

    it('an edit that names no version is refused with 428 in the one error shape, nothing written', async () => {
      const plan = await fixtures(t.database.db).plan({ priceMonthly: 20 });
      const response = await call(0, 'PATCH', `/api/admin/plans/${plan.id}`, { priceMonthly: 21 });
      expect(response.statusCode).toBe(428);
      expect(response.json<ErrorBody>().error).toEqual({ code: 'admin.version_required', message: EDIT_VERSION_MESSAGES.required });
      const [stored] = await t.database.db.select().from(plans).where(eq(plans.id, plan.id));
      expect(stored!.priceMonthly).toBe(20);
      // A version that is no date is a malformed body.
      expect((await call(0, 'PATCH', `/api/admin/plans/${plan.id}`, { priceMonthly: 21, expectedUpdatedAt: 'ontem' })).statusCode).toBe(400);
      // The version alone changes nothing.
      expect((await call(0, 'PATCH', `/api/admin/plans/${plan.id}`, { expectedUpdatedAt: stored!.updatedAt.toISOString() })).statusCode).toBe(400);
    });
  });

  it('20 simultaneous edits from one version: exactly one is written, whole; the other 19 are refused with it', async () => {
    const created = await call(0, 'POST', '/api/admin/providers', { name: unique('Concorrência'), description: 'v0', phone: 'v0' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, updatedAt } = created.json<{ id: string; updatedAt: string }>();

    // Each edit changes two fields together: a torn write would mix two edits' values.
    const edits = Array.from({ length: 20 }, (_, index) => ({ description: `v${index + 1}`, phone: `v${index + 1}`, expectedUpdatedAt: updatedAt }));
    const answers = await Promise.all(edits.map((edit, index) => call(index, 'PATCH', `/api/admin/providers/${id}`, edit)));
    const written = answers.filter((answer) => answer.statusCode === 200);
    expect(written).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);

    const [row] = await t.database.db.select().from(providers).where(eq(providers.id, id));
    expect(row!.description).toBe(row!.phone);
    expect(row!.description).toBe(written[0]!.json<{ description: string }>().description);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json<ErrorBody>().error.details?.current).toMatchObject({ description: row!.description });
    }
    expect(await audited('providers', id)).toHaveLength(1);
  });

  it('edits one after the other, each from the answer before it, all go through; the audit chain has every one', async () => {
    const created = await call(0, 'POST', '/api/admin/providers', { name: unique('Sequência'), description: 'v0' });
    let { id, updatedAt } = created.json<{ id: string; updatedAt: string }>();
    // Writes faster than the clock's millisecond are still distinct versions.
    for (let step = 1; step <= 10; step += 1) {
      const answer = await call(step, 'PATCH', `/api/admin/providers/${id}`, { description: `v${step}`, expectedUpdatedAt: updatedAt });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ updatedAt: string }>().updatedAt > updatedAt).toBe(true);
      ({ id, updatedAt } = answer.json<{ id: string; updatedAt: string }>());
    }
    const trail = await audited('providers', id);
    expect(trail.map((entry) => [(entry.before as { description: string }).description, (entry.after as { description: string }).description])).toEqual(
      Array.from({ length: 10 }, (_, index) => [`v${index}`, `v${index + 1}`]),
    );
  });

  it('20 simultaneous creates: 20 rows and 20 audit entries, none lost', async () => {
    const prefix = unique('Lote');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call(index, 'POST', '/api/admin/providers', { name: `${prefix} ${index}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const ids = answers.map((answer) => answer.json<{ id: string }>().id);
    const rows = await t.database.db.select({ id: providers.id }).from(providers);
    expect(ids.every((id) => rows.some((row) => row.id === id))).toBe(true);
    const created = await t.database.db
      .select({ recordId: auditLog.recordId })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'providers'), eq(auditLog.action, 'create')));
    expect(ids.every((id) => created.some((entry) => entry.recordId === id))).toBe(true);
  });

  describe('a value by its name (the global discount, a configuration entry, a setting)', () => {
    const discountUrl = '/api/admin/site-config/pricing/global_discount';
    const storedDiscount = async () =>
      (
        await t.database.db
          .select()
          .from(siteConfigurations)
          .where(and(eq(siteConfigurations.section, 'pricing'), eq(siteConfigurations.configKey, 'global_discount')))
      )[0];

    it('the global discount: A’s save from the value B replaced is refused with B’s value; from B’s version it is saved', async () => {
      const start = await storedDiscount();
      const first = await call(0, 'PUT', discountUrl, { value: 0, expectedUpdatedAt: start ? start.updatedAt.toISOString() : null });
      expect(first.statusCode, first.body).toBe(200);
      const seen = first.json<{ updatedAt: string }>().updatedAt;
      // B saves 15 %; A, still showing 0 %, saves 0 %.
      const fromB = await call(1, 'PUT', discountUrl, { value: 15, expectedUpdatedAt: seen });
      expect(fromB.statusCode, fromB.body).toBe(200);
      const stale = await call(0, 'PUT', discountUrl, { value: 0, expectedUpdatedAt: seen });
      expect(stale.statusCode).toBe(409);
      const error = stale.json<ErrorBody>().error;
      expect(error).toMatchObject({ code: 'admin.site-config.stale', message: EDIT_VERSION_MESSAGES.staleValue });
      expect(error.details?.current).toMatchObject({ configValue: 15, updatedAt: fromB.json<{ updatedAt: string }>().updatedAt });
      expect((await storedDiscount())!.configValue).toBe(15);
      // Knowingly, from B's version.
      const again = await call(0, 'PUT', discountUrl, { value: 0, expectedUpdatedAt: fromB.json<{ updatedAt: string }>().updatedAt });
      expect(again.statusCode, again.body).toBe(200);
      expect((await storedDiscount())!.configValue).toBe(0);
      // Without a version: 428, nothing written.
      expect((await call(0, 'PUT', discountUrl, { value: 20 })).statusCode).toBe(428);
      expect((await storedDiscount())!.configValue).toBe(0);
    });

    it('two first saves of a new entry, both from "no entry": one is written, the other refused with it', async () => {
      const url = `/api/admin/site-config/testes/${unique('chave').replace(' ', '_')}`;
      const answers = await Promise.all([0, 1].map((session) => call(session, 'PUT', url, { value: `de ${session}`, expectedUpdatedAt: null })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ configValue: string }>();
      expect(answers.find((answer) => answer.statusCode === 409)!.json<ErrorBody>().error.details?.current).toMatchObject({ configValue: winner.configValue });
      // "No entry" once it exists is an older version too.
      expect((await call(0, 'PUT', url, { value: 'outro', expectedUpdatedAt: null })).statusCode).toBe(409);
    });

    it('a setting: a save from the value another admin replaced is refused with the setting as it is now', async () => {
      const listed = async () =>
        (await call(0, 'GET', '/api/settings'))
          .json<{ key: string; value: string | null; updatedAt: string | null }[]>()
          .find((setting) => setting.key === 'contact_email')!;
      const before = await listed();
      const fromB = await call(1, 'PUT', '/api/settings/contact_email', { value: 'b@loja.example', expectedUpdatedAt: before.updatedAt });
      expect(fromB.statusCode, fromB.body).toBe(200);
      expect(fromB.json<{ updatedAt: string }>().updatedAt).not.toBe(before.updatedAt);
      const stale = await call(0, 'PUT', '/api/settings/contact_email', { value: 'a@loja.example', expectedUpdatedAt: before.updatedAt });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<ErrorBody>().error).toMatchObject({
        code: 'admin.settings.stale',
        message: EDIT_VERSION_MESSAGES.staleValue,
        details: { current: { key: 'contact_email', value: 'b@loja.example', source: 'admin' } },
      });
      expect((await listed()).value).toBe('b@loja.example');
      expect((await call(0, 'PUT', '/api/settings/contact_email', { value: 'a@loja.example' })).statusCode).toBe(428);
      const again = await call(0, 'PUT', '/api/settings/contact_email', {
        value: 'a@loja.example',
        expectedUpdatedAt: fromB.json<{ updatedAt: string }>().updatedAt,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect((await listed()).value).toBe('a@loja.example');
    });
  });
});
