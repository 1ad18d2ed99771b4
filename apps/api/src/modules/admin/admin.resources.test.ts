// The admin's apps, streaming apps, reseller plans and shortcuts: each resource's own rules, on top
// of the machinery tested with plans.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@vitrine/domain/admin';
import type { AdminShortcut } from '@vitrine/domain/chat-admin';
import type { ListEnvelope } from '@vitrine/domain/lists';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { unique } from '../../../test/fixtures.ts';
import { chatConversations, contactMessages, shortcuts, siteConfigurations, webhookDeliveries } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('admin resources', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('apps: every field written and read back; the storefront shows the active app', async () => {
    const name = unique('App Admin');
    const created = await call('POST', '/api/admin/apps', {
      name,
      category: 'streaming',
      description: 'Descrição',
      tags: ['tv', 'filmes'],
      media: [{ type: 'image', url: 'https://cdn.example.com/a.png', caption: 'Tela' }],
      price: 0,
      isFeatured: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name,
      tags: ['tv', 'filmes'],
      media: [{ type: 'image', url: 'https://cdn.example.com/a.png' }],
      isFeatured: true,
      isActive: true,
    });
    const storefront = (await t.app.inject({ method: 'GET', url: '/api/apps' })).json<{ name: string }[]>();
    expect(storefront.some((app) => app.name === name)).toBe(true);

    const bad = await call('POST', '/api/admin/apps', { name: 'X', iconUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Use um endereço https://');
  });

  it('streaming apps: the reseller price is stored, the storefront shows the client price (1.5 ×)', async () => {
    const name = unique('Ativação');
    const created = await call('POST', '/api/admin/streaming-apps', {
      name,
      category: 'filmes-series',
      price: 20,
      faq: [{ question: 'Funciona?', answer: 'Sim.' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const storefront = (await t.app.inject({ method: 'GET', url: '/api/streaming-apps' })).json<
      { name: string; resellerPrice: number; clientPrice: number }[]
    >();
    expect(storefront.find((app) => app.name === name)).toMatchObject({ resellerPrice: 20, clientPrice: 30 });
  });

  it("reseller plans: 'Nome, descrição e modalidade são obrigatórios', no negative values, credits 1 to 1000", async () => {
    for (const payload of [
      { name: 'X', description: 'Y' },
      { name: '', description: 'Y', modalidadePlano: 'single' },
      { name: 'X', description: '', modalidadePlano: 'single' },
    ]) {
      const response = await call('POST', '/api/admin/reseller-plans', { credits: 10, ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Nome, descrição e modalidade são obrigatórios');
    }
    const negative = await call('POST', '/api/admin/reseller-plans', { name: 'X', description: 'Y', modalidadePlano: 'single', price: -1, credits: 10 });
    expect(negative.body).toContain('Valores não podem ser negativos');
    const noCredits = await call('POST', '/api/admin/reseller-plans', { name: 'X', description: 'Y', modalidadePlano: 'single', credits: 0 });
    expect(noCredits.body).toContain('Os créditos vão de 1 a 1.000.');
    const ok = await call('POST', '/api/admin/reseller-plans', {
      name: unique('Revenda'),
      description: 'Plano',
      modalidadePlano: 'premium',
      credits: 100,
      price: 250,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ type: 'prepaid', credits: 100, price: 250, qtdAcessosSimultaneos: 1, duracaoCreditos: 30 });
  });

  describe('shortcuts', () => {
    const create = async (payload: object) => {
      const response = await call('POST', '/api/admin/shortcuts', payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<AdminShortcut>();
    };

    it("goes last (orderIndex = count + 1), needs a URL for a webhook ('URL do webhook não configurada') and a valid PIX key for its type", async () => {
      const total = await t.database.db.$count(shortcuts);
      const hook = await create({ name: unique('Hook'), type: 'webhook', webhookUrl: 'http://127.0.0.1:9/hook', payload: { a: 1 } });
      expect(hook.orderIndex).toBe(total + 1);
      expect(hook).not.toHaveProperty('webhookSecret');

      const noUrl = await call('POST', '/api/admin/shortcuts', { name: 'Sem URL', type: 'webhook' });
      expect(noUrl.statusCode).toBe(400);
      expect(noUrl.json().error.message).toBe('URL do webhook não configurada');
      const clearedUrl = await call('PATCH', `/api/admin/shortcuts/${hook.id}`, { webhookUrl: '', expectedUpdatedAt: hook.updatedAt });
      expect(clearedUrl.json().error.message).toBe('URL do webhook não configurada');

      const pix = { keyType: 'cpf', key: '529.982.247-25', value: 10, recipient: 'Loja', city: 'Sao Paulo' };
      const withPix = await create({ name: unique('PIX'), type: 'pix', pixData: pix });
      expect(withPix.pixData).toMatchObject({ key: '52998224725', keyType: 'cpf' });
      const wrongType = await call('POST', '/api/admin/shortcuts', { name: 'PIX', type: 'pix', pixData: { ...pix, keyType: 'email' } });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.body).toContain('Chave PIX inválida para o tipo escolhido.');
    });

    it('reorders by the given ids, renumbering from 1, audited; a stale order is a conflict', async () => {
      await create({ name: unique('Ordem'), type: 'webhook', webhookUrl: 'http://127.0.0.1:9/a' });
      const listed = (await call('GET', '/api/admin/shortcuts?pageSize=100')).json<ListEnvelope<AdminShortcut>>().items;
      const reversed = listed.map((shortcut) => shortcut.id).reverse();
      const reordered = await call('PUT', '/api/admin/shortcuts/order', { ids: reversed });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(reordered.json<AdminShortcut[]>().map((shortcut) => [shortcut.id, shortcut.orderIndex])).toEqual(reversed.map((id, index) => [id, index + 1]));
      const publicOrder = (await t.app.inject({ method: 'GET', url: '/api/chat/shortcuts' })).json<{ id: string }[]>().map((shortcut) => shortcut.id);
      expect(publicOrder).toEqual(reversed.filter((id) => publicOrder.includes(id)));
      const audit = (await call('GET', `/api/admin/audit-log?resource=shortcuts&search=${reversed[0]}`)).json<ListEnvelope<AuditEntry>>().items;
      expect(audit[0]).toMatchObject({ action: 'update', changedFields: ['orderIndex'] });

      const stale = await call('PUT', '/api/admin/shortcuts/order', { ids: reversed.slice(1) });
      expect(stale.statusCode).toBe(409);
      const repeated = await call('PUT', '/api/admin/shortcuts/order', { ids: [reversed[0], reversed[0]] });
      expect(repeated.statusCode).toBe(400);
    });

    it('the test button queues a signed delivery of a webhook shortcut, even an inactive one', async () => {
      const hook = await create({ name: unique('Teste'), type: 'webhook', webhookUrl: 'http://127.0.0.1:9/test', active: false });
      const run = await call('POST', `/api/admin/shortcuts/${hook.id}/test`);
      expect(run.statusCode, run.body).toBe(202);
      const [delivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, run.json().deliveryId));
      expect(delivery).toMatchObject({ source: 'shortcut', sourceId: hook.id });
      const pix = await create({
        name: unique('PIX'),
        type: 'pix',
        pixData: { keyType: 'random', key: crypto.randomUUID(), value: 1, recipient: 'Loja', city: 'Recife' },
      });
      expect((await call('POST', `/api/admin/shortcuts/${pix.id}/test`)).statusCode).toBe(400);
    });
  });

  describe('content', () => {
    it('updating by section and key creates a missing entry, then updates it; the storefront reads it', async () => {
      const key = `titulo_${crypto.randomUUID().slice(0, 6)}`;
      const created = await call('PUT', `/api/admin/site-config/header/${key}`, { value: 'Olá', expectedUpdatedAt: null });
      expect(created.statusCode, created.body).toBe(200);
      const updated = await call('PUT', `/api/admin/site-config/header/${key}`, { value: 'Bem-vindo', expectedUpdatedAt: created.json().updatedAt });
      expect(updated.json()).toMatchObject({ id: created.json().id, configValue: 'Bem-vindo' });
      const section = (await t.app.inject({ method: 'GET', url: '/api/site-config/header' })).json<{ entries: Record<string, unknown> }>();
      expect(section.entries[key]).toBe('Bem-vindo');
      const audit = (await call('GET', `/api/admin/audit-log?resource=site-config&search=${created.json().id}`)).json<ListEnvelope<AuditEntry>>().items;
      expect(audit.map((entry) => entry.changedFields)).toEqual([['configValue'], expect.arrayContaining(['configKey', 'configValue', 'section'])]);
    });

    it('keeps a legal document in the shape /termos reads (title, date, Markdown body), refusing any other in Portuguese', async () => {
      const document = { title: 'Termos de Uso', updatedAt: '2026-11-25', body: '# Termos\n\nAo usar o serviço…' };
      const saved = await call('PUT', '/api/admin/site-config/legal/terms', {
        value: document,
        expectedUpdatedAt: await entryVersion(t.database.db, 'legal', 'terms'),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const [value, message] of [
        ['# Só o texto', 'Um documento legal tem título, data da última atualização (aaaa-mm-dd) e texto.'],
        [{ ...document, autor: 'x' }, 'Um documento legal tem título, data da última atualização (aaaa-mm-dd) e texto.'],
        [{ ...document, body: '  ' }, 'Escreva o texto do documento.'],
        [{ ...document, updatedAt: '25/11/2026' }, 'Data da última atualização inválida (use aaaa-mm-dd).'],
      ] as const) {
        const refused = await call('PUT', '/api/admin/site-config/legal/terms', { value, expectedUpdatedAt: saved.json().updatedAt });
        expect(refused.statusCode, JSON.stringify(value)).toBe(400);
        expect(refused.json().error.message).toBe(message);
      }
      const id = saved.json().id as string;
      expect((await call('PATCH', `/api/admin/site-config/${id}`, { configValue: 'texto solto', expectedUpdatedAt: saved.json().updatedAt })).statusCode).toBe(
        400,
      );
      expect((await call('POST', '/api/admin/site-config', { section: 'legal', configKey: 'privacy', configValue: { title: 'x' } })).statusCode).toBe(400);
      const page = (await t.app.inject({ method: 'GET', url: '/api/site-config/legal' })).json<{ entries: Record<string, unknown> }>();
      expect(page.entries.terms).toEqual(document);
    });

    it('never lists or writes the settings section (secrets), and a repeated section and key is a 409', async () => {
      await t.database.db
        .insert(siteConfigurations)
        .values({ section: 'settings', configKey: 'llm_api_key', configValue: 'segredo-do-modelo' })
        .onConflictDoNothing();
      const listed = await call('GET', '/api/admin/site-config?search=settings&pageSize=100');
      expect(listed.body).not.toContain('segredo-do-modelo');
      const [secret] = await t.database.db.select().from(siteConfigurations).where(eq(siteConfigurations.section, 'settings'));
      expect(
        (await call('PATCH', `/api/admin/site-config/${secret!.id}`, { configValue: 'x', expectedUpdatedAt: secret!.updatedAt.toISOString() })).json().error
          .message,
      ).toBe('Nenhum registro foi atualizado');
      expect((await call('DELETE', `/api/admin/site-config/${secret!.id}`)).json().error.message).toBe('Nenhum registro foi excluído');
      expect((await call('PUT', '/api/admin/site-config/settings/llm_api_key', { value: 'x', expectedUpdatedAt: null })).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/site-config', { section: 'settings', configKey: 'k', configValue: 1 })).statusCode).toBe(400);

      const key = `dup_${crypto.randomUUID().slice(0, 6)}`;
      expect((await call('POST', '/api/admin/site-config', { section: 'footer', configKey: key, configValue: 1 })).statusCode).toBe(201);
      const duplicate = await call('POST', '/api/admin/site-config', { section: 'footer', configKey: key, configValue: 2 });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.message).toBe('Já existe um registro com esses dados.');
    });

    it('the contact inbox lists newest first, filters unread and marks a message read or unread', async () => {
      const subject = unique('Assunto');
      const [older] = await t.database.db
        .insert(contactMessages)
        .values({ name: 'Ana', email: 'ana@example.com', subject, message: 'Primeira', createdAt: new Date(Date.now() - 60_000) })
        .returning();
      const [newer] = await t.database.db.insert(contactMessages).values({ name: 'Bia', email: 'bia@example.com', subject, message: 'Segunda' }).returning();
      const inbox = (await call('GET', `/api/admin/contact-messages?search=${encodeURIComponent(subject)}`)).json<
        ListEnvelope<{ id: string; readAt: string | null }>
      >();
      expect(inbox.items.map((message) => message.id)).toEqual([newer!.id, older!.id]);
      const read = await call('PATCH', `/api/admin/contact-messages/${older!.id}`, { read: true });
      expect(read.json().readAt).not.toBeNull();
      const unread = (await call('GET', `/api/admin/contact-messages?unread=true&search=${encodeURIComponent(subject)}`)).json<ListEnvelope<{ id: string }>>();
      expect(unread.items.map((message) => message.id)).toEqual([newer!.id]);
      expect((await call('PATCH', `/api/admin/contact-messages/${older!.id}`, { read: false })).json().readAt).toBeNull();
    });
  });

  it('the test question is answered by the assistant in force and leaves no conversation behind', async () => {
    const before = await t.database.db.$count(chatConversations);
    const answer = await call('POST', '/api/admin/assistant/test', { question: 'Quais planos vocês têm?' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ engine: 'builtin' });
    expect(answer.json().answer.length).toBeGreaterThan(10);
    expect(await t.database.db.$count(chatConversations)).toBe(before);
    expect((await call('POST', '/api/admin/assistant/test', { question: '' })).statusCode).toBe(400);
  });
});
