// The admin panel in Chromium, as the seeded admin: plans reach the storefront and another admin's
// screen live, a refused write rolls back, shortcuts reorder by dragging, an uploaded installer
// downloads byte for byte with a generated code, a PRO user added and deactivated is refused at
// once, and the audit trail shows each write.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@vitrine/domain/admin';
import { authMessages } from '@vitrine/domain/auth';
import { closedAfterEachTest, launchBrowser, openPage } from './support/browser.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/**
 * Counts every toast whose text contains `text` that the page ever shows, across reloads of this tab
 * (toasts fade after a few seconds: looking at the end would prove nothing).
 */
async function countToasts(page: Page, text: string): Promise<() => Promise<number>> {
  await page.addInitScript((wanted) => {
    const seen = new WeakSet<Element>();
    const key = `toasts:${wanted}`;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(element) || !element.textContent?.includes(wanted)) continue;
        seen.add(element);
        sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate((wanted) => Number(sessionStorage.getItem(`toasts:${wanted}`) ?? 0), text);
}

/** The audit trail (Segurança → Auditoria) lists a write of `resource` (its Portuguese name) found by `search`. */
async function expectAudited(page: Page, search: string, resource: string) {
  await page.goto('/admin/security');
  await page.getByRole('tab', { name: 'Auditoria' }).click();
  const audit = page.getByRole('tabpanel', { name: 'Auditoria' });
  await audit.getByRole('searchbox').fill(search);
  await audit
    .getByRole('cell', { name: new RegExp(`^${resource}( |$)`) })
    .first()
    .waitFor();
}

describe('the admin panel', () => {
  let browser: Browser;
  let server: RunningServer;
  let mailbox: Mailbox;
  const opened = closedAfterEachTest();
  let visitors = 0;

  const open = async (width = 1280) => {
    const result = await openPage(browser, server.url, { width });
    // Each context is its own client for the per-address limits.
    await result.context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.0.${++visitors}` });
    opened.push(result.context);
    return result;
  };
  const openAsAdmin = async (width = 1280) => {
    const opened = await open(width);
    // Signed in through the API (the form has its own suite): the session cookie lands in this context.
    const signedIn = await opened.context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } });
    expect(signedIn.status()).toBe(200);
    return opened;
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl, TRUST_PROXY: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it('reads money typed the Brazilian way: R$ 1.500 is a thousand and five hundred, and the form shows it back as 1.500,00', async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const form = page.getByRole('dialog', { name: 'Novo plano' });
    const name = `Plano Milhar ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('Preço mensal (R$)').fill('1.500');
    await form.getByLabel('Preço trimestral (R$)').fill('R$ 4.234,56');
    // Leaving the field shows the amount the pt-BR way, never '1500.00' or '1,5'.
    await form.getByLabel('Nome').focus();
    expect(await form.getByLabel('Preço mensal (R$)').inputValue()).toBe('1.500,00');
    expect(await form.getByLabel('Preço trimestral (R$)').inputValue()).toBe('4.234,56');
    // A period price not typed follows the monthly one (with its period discount); a typed one stays.
    const annual = await form.getByLabel('Preço anual (R$)').inputValue();
    expect(annual).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await form.getByLabel('Preço mensal (R$)').fill('2.000');
    expect(await form.getByLabel('Preço anual (R$)').inputValue()).not.toBe(annual);
    expect(await form.getByLabel('Preço trimestral (R$)').inputValue()).toBe('4.234,56');
    await form.getByLabel('Preço mensal (R$)').fill('1.500');
    await form.getByRole('button', { name: 'Salvar' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('R$ 1.500,00').waitFor();

    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar plano' });
    expect(await edit.getByLabel('Preço mensal (R$)').inputValue()).toBe('1.500,00');
    expect(await edit.getByLabel('Preço trimestral (R$)').inputValue()).toBe('4.234,56');
    // Text that is no amount is refused with the schema's message, not saved as something else.
    await edit.getByLabel('Preço mensal (R$)').fill('1.50.0');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.locator('#plano-priceMonthly-erro').waitFor();
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await row.getByText('R$ 1.500,00').waitFor();
    expect(errors).toEqual([]);
  });

  it("writes counts past a thousand the Brazilian way: a plan's order, the dashboard's charts, a destination's deliveries, a conversation's messages", async () => {
    const { page, context, errors } = await openAsAdmin();
    const name = `Plano Ordem ${randomUUID().slice(0, 6)}`;
    const created = await context.request.post(`${server.url}/api/admin/plans`, {
      data: { name, priceMonthly: 10, displayOrder: 1500, active: false },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    await page.goto('/admin/plans');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell', { name: '1.500', exact: true })
      .waitFor();

    // Busy figures in the server's own answers (a shop this size is not seeded here).
    await page.route('**/api/admin/dashboard?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Dashboard;
      body.visitsPerDay.at(-1)!.visits = 1500;
      body.topPages = [{ path: '/planos', visits: 2500 }];
      await route.fulfill({ response, json: body });
    });
    const at = new Date().toISOString();
    await page.route('**/api/admin/webhook-endpoints?*', (route) =>
      route.fulfill({
        json: {
          items: [{ id: randomUUID(), url: 'https://hooks.example/pedidos', secretHint: '••••abcd', deliveries: 1500, createdAt: at }],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
    );
    await page.route('**/api/chat/admin/conversations?*', (route) =>
      route.fulfill({
        json: {
          items: [
            {
              id: randomUUID(),
              visitorId: 'v',
              createdAt: at,
              updatedAt: at,
              messageCount: 1500,
              lastMessage: 'Olá',
              openHandoffs: 0,
              paymentIntents: 0,
              channel: 'web',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
    );
    await page.goto('/admin/dashboard');
    const ticks = page.locator('.recharts-cartesian-axis-tick-value');
    await expect.poll(async () => (await ticks.allTextContents()).some((text) => /^\d{1,3}\.\d{3}$/.test(text))).toBe(true);
    expect((await ticks.allTextContents()).filter((text) => /^\d{4,}$/.test(text))).toEqual([]);
    await page.goto('/admin/webhooks');
    await page.getByRole('tab', { name: 'Destinos e segredos' }).click();
    await page.getByRole('cell', { name: '1.500', exact: true }).waitFor();
    await page.goto('/admin/conversations');
    await page.getByRole('cell', { name: '1.500', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it("writes an app's tags and media lines into the contract's shape, with the schema's message for a bad line", async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/apps');
    await page.getByRole('button', { name: 'Novo aplicativo' }).click();
    const form = page.getByRole('dialog', { name: 'Novo aplicativo' });
    const name = `App Etiquetas ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Nome', { exact: true }).fill(name);
    await form.getByLabel('Preço (R$, 0 = grátis)').fill('1.234,5');
    await form.getByLabel('Etiquetas (separadas por vírgula)').fill('filmes, séries');
    await form.getByLabel(/^Mídia/).fill('quadro | https://example.com/a.png | Tela');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Tipo de mídia inválido.').waitFor();
    expect(await form.getByLabel(/^Mídia/).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel(/^Mídia/).fill('image | https://example.com/a.png | Tela');
    await form.getByRole('button', { name: 'Salvar' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('R$ 1.234,50').waitFor();
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar aplicativo' });
    expect(await edit.getByLabel('Etiquetas (separadas por vírgula)').inputValue()).toBe('filmes, séries');
    expect(await edit.getByLabel(/^Mídia/).inputValue()).toBe('image | https://example.com/a.png | Tela');
    expect(await edit.getByLabel('Preço (R$, 0 = grátis)').inputValue()).toBe('1.234,50');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    expect(errors).toEqual([]);
  });

  it("checks a shortcut's webhook and PIX fields with the contract's messages, then saves a PIX shortcut typed the pt-BR way", async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/shortcuts');
    await page.getByRole('button', { name: 'Novo atalho' }).click();
    const form = page.getByRole('dialog', { name: 'Novo atalho' });
    const name = `Atalho Formulário ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Nome', { exact: true }).fill(name);
    await form.getByLabel('Conteúdo (JSON)').fill('{plano: anual}');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Conteúdo inválido: use JSON.').waitFor();
    await form.getByLabel('Conteúdo (JSON)').fill('{"plano": "anual"}');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('URL do webhook não configurada').waitFor();

    await form.getByLabel('Tipo', { exact: true }).click();
    await page.getByRole('option', { name: 'PIX' }).click();
    await form.getByLabel('Chave PIX').fill('loja@example.com');
    await form.getByLabel('Recebedor').fill('Loja Teste');
    await form.getByLabel('Cidade').fill('São Paulo');
    await form.getByRole('button', { name: 'Salvar' }).click();
    expect(await form.getByLabel('Valor (R$)').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Valor (R$)').fill('1.234,5');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: name }).waitFor();
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar atalho' });
    expect(await edit.getByLabel('Valor (R$)').inputValue()).toBe('1.234,50');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    expect(errors).toEqual([]);
  });

  it("refuses a legal page without a title and an assistant FAQ that is no JSON, with the schema's messages, nothing saved", async () => {
    const { page, errors } = await openAsAdmin();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') writes.push(request.url());
    });
    await page.goto('/admin/content');
    await page.getByRole('tab', { name: 'Textos legais' }).click();
    const title = page.getByLabel('Título: Política de Privacidade');
    await title.fill('');
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.getByText('Informe o título do documento.').waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('tab', { name: 'FAQ do assistente' }).click();
    const faq = page.getByLabel('Perguntas e respostas que o assistente conhece (JSON)');
    await faq.fill('[{pergunta: 1}');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Conteúdo inválido: use JSON.').waitFor();
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('creates a plan that the home page shows and another admin sees live; deactivated, it leaves the home page', async () => {
    const first = await openAsAdmin();
    const second = await openAsAdmin();
    await second.page.goto('/admin/plans');
    await second.page.getByRole('button', { name: 'Novo plano' }).waitFor();

    const name = `Plano E2E ${randomUUID().slice(0, 6)}`;
    await first.page.goto('/admin/plans');
    await first.page.getByRole('button', { name: 'Novo plano' }).click();
    const form = first.page.getByRole('dialog', { name: 'Novo plano' });
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('Preço mensal (R$)').fill('19,90');
    // The period prices follow the monthly one by the period discounts (annual: 15 %).
    await expect.poll(() => form.getByLabel('Preço anual (R$)').inputValue()).toBe('202,98');
    await form.getByLabel('Recursos (um por linha)').fill('Tela cheia\nSem anúncios');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(first.page, 'Sucesso').waitFor();
    expect(await toast(first.page, 'Sucesso').textContent()).toContain('Operação criação realizada com sucesso.');
    await first.page.getByRole('cell', { name, exact: true }).waitFor();

    // The other admin's list refreshes through the event stream, with the notice.
    await toast(second.page, 'Dados Atualizados').waitFor();
    expect(await toast(second.page, 'Dados Atualizados').textContent()).toContain('Os dados foram atualizados por outro usuário.');
    await second.page.getByRole('cell', { name, exact: true }).waitFor();
    // The writer's own change raised no such notice.
    expect(await first.page.locator('[data-sonner-toast]').filter({ hasText: 'Dados Atualizados' }).count()).toBe(0);

    const visitor = await open();
    await visitor.page.goto('/');
    await visitor.page.getByText(name).first().waitFor();

    await first.page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = first.page.getByRole('dialog', { name: 'Editar plano' });
    await edit.getByLabel('Ativo').uncheck();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await first.page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Inativo')
      .waitFor();
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 3 }).first().waitFor();
    await expect.poll(() => visitor.page.getByText(name).count()).toBe(0);
    expect(first.errors).toEqual([]);
    // In Portuguese, with the item's name rather than its id.
    await expectAudited(first.page, 'plans', `Planos ${name}`);
  });

  it('edits the header and the footer as forms with a live preview (links added, moved, removed; social profiles), one toast per save', async () => {
    const { page, errors } = await openAsAdmin();
    const successes = await countToasts(page, 'Operação atualização realizada com sucesso.');
    await page.goto('/admin/content');
    const header = page.getByRole('form', { name: 'Cabeçalho' });
    const preview = header.getByTestId('pre-visualizacao');
    const menuPreview = () => preview.getByRole('navigation').locator('span').allTextContents();
    await header.getByLabel('Nome da marca').fill('Vitrine Teste');
    await preview.getByText('Vitrine Teste').waitFor();

    const links = header.getByRole('listitem', { name: /^Link \d+$/ });
    const before = await links.count();
    await header.getByRole('button', { name: 'Adicionar link' }).click();
    // An empty link is refused with the schema's message, in Portuguese.
    await header.getByRole('button', { name: 'Salvar' }).click();
    await header.getByText('Informe o texto do link.').waitFor();
    await header.getByLabel(`Texto do link ${before + 1}`).fill('Blog');
    await header.getByLabel(`Endereço do link ${before + 1}`).fill('/blog');
    const last = (await menuPreview()).at(-2)!;
    await header.getByRole('button', { name: `Subir link ${before + 1}` }).click();
    await expect.poll(async () => (await menuPreview()).slice(-2)).toEqual(['Blog', last]);
    const first = (await menuPreview())[0]!;
    await header.getByRole('button', { name: 'Remover link 1', exact: true }).click();
    await expect.poll(async () => (await menuPreview()).includes(first)).toBe(false);
    expect(await links.count()).toBe(before);
    // Two parts changed (brand and menu): one save, one toast.
    await header.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Sucesso').waitFor();

    const visitor = await open();
    await visitor.page.goto('/');
    const banner = visitor.page.getByRole('banner');
    await banner.getByRole('link', { name: 'Blog' }).first().waitFor();
    expect(await banner.getByText('Vitrine Teste').count()).toBeGreaterThan(0);
    expect(await banner.getByRole('link', { name: first, exact: true }).count()).toBe(0);
    expect(await successes()).toBe(1);

    await page.getByRole('tab', { name: 'Rodapé' }).click();
    const footer = page.getByRole('form', { name: 'Rodapé' });
    await footer.getByLabel('Instagram').fill('https://instagram.com/vitrine-teste');
    await footer.getByLabel('Facebook').fill('');
    await footer.getByLabel('X (Twitter)').fill('');
    await footer.getByTestId('pre-visualizacao').getByRole('list', { name: 'Pré-visualização das redes sociais' }).getByText('Instagram').waitFor();
    expect(await footer.getByTestId('pre-visualizacao').getByText('Facebook').count()).toBe(0);
    await footer.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(successes).toBe(2);
    const stored = (await (await visitor.context.request.get(`${server.url}/api/site-config/footer`)).json()) as {
      entries: { social?: Record<string, string> };
    };
    // Unset profiles are left out, not stored empty: the public footer hides them.
    expect(stored.entries.social).toEqual({ instagram: 'https://instagram.com/vitrine-teste' });
    expect(errors).toEqual([]);
  });

  it('rolls a refused write back and says why', async () => {
    const { page } = await openAsAdmin();
    await page.goto('/admin/content');
    await page.getByRole('tab', { name: 'Todas as configurações' }).click();
    await page.getByRole('button', { name: 'Nova configuração' }).click();
    const form = page.getByRole('dialog', { name: 'Nova configuração' });
    // footer.description exists: the server refuses a second one.
    await form.getByLabel('Seção').fill('footer');
    await form.getByLabel('Chave').fill('description');
    await form.getByLabel('Valor (JSON)').fill('"Outra descrição"');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Erro na Sincronização').waitFor();
    expect(await toast(page, 'Erro na Sincronização').textContent()).toContain('Falha na criação: Já existe um registro com esses dados.');
    // The optimistic row is gone again.
    await expect.poll(() => page.locator('tr[data-row-id^="temporario-"]').count()).toBe(0);
  });

  it('reorders shortcuts by dragging, and /chat shows the new order', async () => {
    const { page } = await openAsAdmin();
    await page.goto('/admin/shortcuts');
    const list = page.getByRole('list', { name: 'Atalhos na ordem do chat' });
    await list.getByRole('listitem').first().waitFor();
    const names = async () => (await list.getByTestId('shortcut-name').allTextContents()).map((text) => text.trim());
    const before = await names();
    expect(before.length).toBeGreaterThan(1);
    const last = before.at(-1)!;

    const handle = page.getByRole('button', { name: `Mover ${last}` });
    const target = page.getByRole('button', { name: `Mover ${before[0]}` });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 8) * step) / 12);
    }
    await page.mouse.up();
    await expect.poll(names).toEqual([last, ...before.slice(0, -1)]);
    await toast(page, 'Sucesso').waitFor();

    const visitor = await open();
    await visitor.page.goto('/chat');
    const bar = visitor.page.getByRole('group', { name: 'Atalhos', exact: true });
    await bar.getByRole('button').first().waitFor();
    await expect.poll(async () => (await bar.getByRole('button').first().textContent())?.trim()).toBe(last);
    await expectAudited(page, 'orderIndex', 'Atalhos');
  });

  it('uploads an installer, generates a code, and the storefront downloads the same bytes with it', async () => {
    const { page } = await openAsAdmin();
    await page.goto('/admin/apps');
    await page.getByRole('button', { name: 'Downloads e códigos de Vitrine Player' }).click();
    const dialog = page.getByRole('dialog', { name: /Downloads e códigos/ });
    const installer = zipSync({ 'LEIA-ME.txt': strToU8(`Instalador ${randomUUID()}`), 'dados.bin': randomBytes(256 * 1024) });
    await dialog
      .getByLabel('Instalador para Android', { exact: true })
      .setInputFiles({ name: 'player-android.zip', mimeType: 'application/zip', buffer: Buffer.from(installer) });
    await dialog.getByRole('listitem', { name: 'Android', exact: true }).getByText('player-android.zip').waitFor();
    await dialog.getByRole('button', { name: 'Gerar código' }).click();
    const code = (await dialog.getByTestId('novo-codigo').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await dialog.getByRole('list', { name: 'Códigos, mais recentes primeiro' }).getByText(code).waitFor();

    const visitor = await open();
    await visitor.page.goto('/apps');
    await visitor.page.getByRole('button', { name: 'Ver Detalhes de Vitrine Player' }).click();
    const details = visitor.page.getByRole('dialog', { name: 'Vitrine Player' });
    await details.getByRole('tab', { name: 'Downloads' }).click();
    await details.getByLabel('Código de acesso').fill(code);
    const [download] = await Promise.all([
      visitor.page.waitForEvent('download'),
      details.getByRole('button', { name: 'Download para Android', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('player-android.zip');
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(installer));

    // The admin sees the code used.
    await dialog
      .getByRole('list', { name: 'Códigos, mais recentes primeiro' })
      .getByRole('listitem')
      .filter({ hasText: code })
      .getByText('Usado')
      .waitFor({ timeout: 10_000 });
    await expectAudited(page, 'app-files', 'Arquivos de apps');
    await expectAudited(page, 'download-codes', 'Códigos de download');
  });

  it('adds a PRO user with an invitation, and deactivating it refuses that account at once; the audit trail shows the writes', async () => {
    const admin = await openAsAdmin();
    const email = `convidado.${randomUUID().slice(0, 6)}@example.com`;
    await admin.page.goto('/admin/security');
    await admin.page.getByLabel('Novo e-mail PRO').fill(email);
    await admin.page.getByRole('button', { name: 'Adicionar' }).click();
    await toast(admin.page, 'Convite enviado').waitFor();
    await admin.page.getByRole('searchbox', { name: 'Buscar e-mails' }).fill(email);
    await admin.page.getByRole('cell', { name: email }).waitFor();

    const invitation = await mailbox.waitFor(email);
    const token = /#token=([\w-]+)/.exec(invitation.text)![1]!;
    const activated = await fetch(`${server.url}/api/auth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.1.1' },
      body: JSON.stringify({ token, password: 'senha-do-convidado' }),
    });
    expect(activated.status).toBe(200);
    const [cookieName, cookieValue] = activated.headers
      .getSetCookie()
      .find((cookie) => cookie.includes('session_token='))!
      .split(';')[0]!
      .split(/=(.*)/s);
    const guest = await open();
    await guest.context.addCookies([{ name: cookieName!, value: cookieValue!, url: server.url }]);
    await guest.page.goto('/admin/dashboard');
    await guest.page.getByRole('heading', { name: 'Visão geral' }).waitFor();

    const row = admin.page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: 'Desativar' }).click();
    // Deactivating asks first: cancelled, nothing changes.
    const confirm = admin.page.getByRole('dialog', { name: 'Desativar acesso PRO' });
    expect(await confirm.textContent()).toContain(email);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await guest.page.reload();
    await guest.page.getByRole('heading', { name: 'Visão geral' }).waitFor();
    expect(await row.getByText('Ativo', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Desativar' }).click();
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await row.getByText('Inativo').waitFor();
    await guest.page.reload();
    await guest.page.getByText('Acesso Restrito').waitFor();

    await admin.page.getByRole('tab', { name: 'Auditoria' }).click();
    const audit = admin.page.getByRole('tabpanel', { name: 'Auditoria' });
    await audit.getByRole('searchbox').fill(email);
    await expect
      .poll(() =>
        audit
          .getByRole('row')
          .filter({ hasText: `Usuários PRO ${email}` })
          .count(),
      )
      .toBe(2);
  });

  it('keeps the section in the URL, falls back to the dashboard, collapses with Ctrl+B into a cookie, and is a drawer on phones', async () => {
    const visitor = await open();
    await visitor.page.goto('/admin/plans');
    await visitor.page.waitForURL(`${server.url}/auth`);

    const { page, context, errors } = await openAsAdmin();
    await page.goto('/admin');
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByTestId('admin-version').filter({ hasText: 'v2.1.0' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Seções do painel' });
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(`${server.url}/admin/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.goto('/admin/conteudo-que-nao-existe');
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.goto('/admin/security');
    await page.getByRole('heading', { level: 1, name: 'Segurança' }).waitFor();
    for (const [id, title] of [
      ['suppliers', 'Fornecedores'],
      ['pricing-calculator', 'Calculadora de Preços'],
    ] as const) {
      await page.goto(`/admin/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    }

    // Ctrl+B collapses to icons (3rem) and the cookie keeps it across a reload.
    const width = () => nav.evaluate((element) => element.getBoundingClientRect().width);
    expect(await width()).toBeCloseTo(256, -1);
    await page.keyboard.press('Control+b');
    await expect.poll(width).toBeCloseTo(48, -1);
    // The version stays inside the collapsed sidebar (read by screen readers, not spilling over the page).
    await expect
      .poll(() =>
        page
          .getByTestId('admin-version')
          .evaluate(
            (element) => element.getBoundingClientRect().right <= (element.closest('[data-slot=sidebar]')?.getBoundingClientRect().left ?? 0) + 48 + 0.5,
          ),
      )
      .toBe(true);
    const cookie = (await context.cookies()).find((item) => item.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 86_400);
    // Collapsed, the icons scroll: the last section is reachable with the wheel.
    const last = nav.getByRole('link', { name: 'Testador CRUD' });
    const box = (await nav.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 2_000);
    await expect.poll(async () => ((await last.boundingBox())?.y ?? Infinity) + 20 <= page.viewportSize()!.height).toBe(true);
    await page.reload();
    await expect.poll(width).toBeCloseTo(48, -1);
    await page.keyboard.press('Control+b');
    await expect.poll(width).toBeCloseTo(256, -1);
    expect(errors).toEqual([]);

    // Under 768 px the sidebar is a drawer (18rem), opened by the trigger and closed by a choice.
    const phone = await openAsAdmin(390);
    await phone.page.goto('/admin/dashboard');
    const drawerNav = phone.page.getByRole('navigation', { name: 'Seções do painel' });
    expect(await drawerNav.count()).toBe(0);
    await phone.page.getByRole('button', { name: 'Alternar menu lateral' }).click();
    await drawerNav.waitFor();
    expect(await phone.page.getByRole('dialog').evaluate((element) => element.getBoundingClientRect().width)).toBeCloseTo(288, -1);
    await drawerNav.getByRole('link', { name: 'Planos', exact: true }).click();
    await phone.page.waitForURL(`${server.url}/admin/plans`);
    await drawerNav.waitFor({ state: 'detached' });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('asks the assistant a test question in Modelos, and runs the CRUD tester round trip', async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/models');
    await page.getByLabel('Pergunta de teste').fill('Quais planos vocês têm?');
    await page.getByRole('button', { name: 'Perguntar' }).click();
    await page.getByRole('status').filter({ hasText: 'Assistente embutido' }).waitFor();

    await page.goto('/admin/crud-tester');
    await page.getByRole('button', { name: 'Executar' }).click();
    const steps = page.getByRole('list', { name: 'Passos' });
    await expect
      .poll(async () => (await steps.getByRole('listitem').allTextContents()).map((text) => text.split('·')[0]!.replace('OK', '').trim()))
      .toEqual(['Criar', 'Ler', 'Atualizar', 'Excluir']);
    expect(await steps.getByText('Falhou').count()).toBe(0);
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await page.getByRole('status').filter({ hasText: 'Conexão com o servidor e o banco de dados funcionando.' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("checks the connection before a write ('Erro de Conexão', nothing sent) and retries a create whose request was lost", async () => {
    const { page, context } = await openAsAdmin();
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'Novo plano' }).waitFor();
    const writes: string[] = [];
    const writtenAt: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/plans') && request.method() !== 'GET') {
        writes.push(request.method());
        writtenAt.push(Date.now());
      }
    });
    const fillNew = async (name: string) => {
      await page.getByRole('button', { name: 'Novo plano' }).click();
      const form = page.getByRole('dialog', { name: 'Novo plano' });
      await form.getByLabel('Nome').fill(name);
      await form.getByLabel('Preço mensal (R$)').fill('9,90');
      await form.getByRole('button', { name: 'Salvar' }).click();
    };

    await context.setOffline(true);
    const offline = `Plano Sem Rede ${randomUUID().slice(0, 6)}`;
    await fillNew(offline);
    await toast(page, 'Erro de Conexão').waitFor();
    expect(await toast(page, 'Erro de Conexão').textContent()).toContain('Não foi possível conectar ao servidor. Verifique sua conexão.');
    expect(writes).toEqual([]);
    // The form stays open with what was typed and says in it what failed; once online, the same Salvar saves it.
    const kept = page.getByRole('dialog', { name: 'Novo plano' });
    expect(await kept.getByRole('alert').textContent()).toContain('Erro de ConexãoNão foi possível conectar ao servidor. Verifique sua conexão.');
    expect(await kept.getByLabel('Nome').inputValue()).toBe(offline);
    expect(await kept.getByLabel('Preço mensal (R$)').inputValue()).toBe('9,90');
    await context.setOffline(false);
    await kept.getByRole('button', { name: 'Salvar' }).click();
    await kept.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: offline, exact: true }).waitFor();
    expect(writes).toEqual(['POST']);
    writes.length = 0;
    writtenAt.length = 0;

    // The first create request is lost on the way: the data layer sends it again, 1 s later.
    let dropped = false;
    await page.route('**/api/admin/plans', async (route) => {
      if (route.request().method() === 'POST' && !dropped) {
        dropped = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const name = `Plano Reenviado ${randomUUID().slice(0, 6)}`;
    await fillNew(name);
    // The form waits for the retried create, and closes once it is saved.
    await page.getByRole('dialog', { name: 'Novo plano' }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(writes).toEqual(['POST', 'POST']);
    // 1 s × the attempt's number: the first retry waits a whole second (it went after 0.07 s before).
    expect(writtenAt[1]! - writtenAt[0]!).toBeGreaterThanOrEqual(1_000);
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name, exact: true }).count()).toBe(1);
  });

  it("keeps a plan's edit open with what was typed when its save fails, says why in the form, and saves it once the server answers", async () => {
    const { page, context, errors } = await openAsAdmin();
    const name = `Plano Falha ${randomUUID().slice(0, 6)}`;
    const created = await context.request.post(`${server.url}/api/admin/plans`, { data: { name, priceMonthly: 19.9 }, headers: { origin: server.url } });
    expect(created.status()).toBe(201);
    let down = true;
    await page.route('**/api/admin/plans/*', (route) =>
      down && route.request().method() === 'PATCH' ? route.fulfill({ status: 503, body: 'indisponível' }) : route.continue(),
    );
    await page.goto('/admin/plans');
    await page.getByRole('searchbox', { name: 'Buscar planos' }).fill(name);
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar plano' });
    await edit.getByLabel('Nome').fill(`${name} Novo`);
    await edit.getByLabel('Preço mensal (R$)').fill('24,90');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    const failure = edit.getByRole('alert');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Erro na SincronizaçãoFalha na atualização: Erro inesperado. Tente novamente.');
    expect(await edit.getByLabel('Nome').inputValue()).toBe(`${name} Novo`);
    expect(await edit.getByLabel('Preço mensal (R$)').inputValue()).toBe('24,90');
    // The row behind the dialog (hidden from assistive technology while it is open) went back to what the server has.
    await page.locator('tbody tr').filter({ hasText: name }).filter({ hasText: 'R$ 19,90' }).waitFor();

    down = false;
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Buscar planos' }).fill(`${name} Novo`);
    await page
      .getByRole('row', { name: new RegExp(`${name} Novo`) })
      .getByText('R$ 24,90')
      .waitFor();
    expect(errors.filter((error) => !error.includes('503'))).toEqual([]);
  });

  it("with the API unreachable shows a list loading, then 'Não foi possível carregar' after its retries and never '0 registros'; Segurança keeps the panel with its failures inside", async () => {
    const { page } = await openAsAdmin();
    await page.clock.install();
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Webhooks' }).waitFor();
    let listReads = 0;
    await page.route('**/api/**', (route) => {
      if (new URL(route.request().url()).pathname === '/api/admin/webhook-deliveries') listReads += 1;
      return route.abort('connectionrefused');
    });
    // What the webhooks list ever says from here on, seen as it changes (it lasts a moment).
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seen: Set<string> }).seen = seen;
      new MutationObserver(() => {
        const text = document.body.innerText;
        if (text.includes('Carregando…')) seen.add('carregando');
        if (/\b0 registros\b/.test(text) || text.includes('Nenhuma entrega.')) seen.add('vazia');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('alert').filter({ hasText: 'Não foi possível carregar entregas de webhooks.' }).waitFor();
    // Said after the read and its 3 retries; their waits (2.1 s in all) are src/lib/query-client.test.ts's, measured
    // there on a fake clock, not here on a wall clock a loaded machine stretches.
    expect(listReads).toBe(4);
    expect(await page.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen])).toEqual(['carregando']);

    // Opened with the session last checked over 30 s ago, Segurança checks it again, and that check fails too.
    await page.clock.fastForward(31_000);
    let sessionChecks = 0;
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname === '/api/access/me') sessionChecks += 1;
    });
    await page.getByRole('link', { name: 'Segurança' }).click();
    await page.getByRole('alert').filter({ hasText: 'Não foi possível carregar usuários pro.' }).waitFor();
    await expect.poll(() => sessionChecks, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    expect(await page.getByText('Falha na verificação de acesso').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Segurança', level: 2 }).isVisible()).toBe(true);
    expect(await page.getByTestId('two-factor-card').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Webhooks' }).isVisible()).toBe(true);
  });
});

describe('an admin panel without SMTP', () => {
  let browser: Browser;
  let server: RunningServer;
  const opened = closedAfterEachTest();
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("hands the inviting admin the invitation's link to copy, once; a password reset's link is never on an admin's screen", async () => {
    const { page, context, errors } = await openPage(browser, server.url);
    opened.push(context);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.19.9.1' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    expect((await context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } })).status()).toBe(200);
    await page.goto('/admin/security');
    const email = `convite-${randomUUID().slice(0, 6)}@example.com`;
    // The contract's own message under the field, before anything is sent.
    await page.getByLabel('Novo e-mail PRO').fill('sem-arroba');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByRole('form', { name: 'Novo usuário PRO' }).getByText(authMessages.emailFormat).waitFor();
    expect(await page.getByLabel('Novo e-mail PRO').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Novo e-mail PRO').fill(email);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link do convite' });
    expect(await dialog.textContent()).toContain(email);
    const link = await dialog.getByLabel('Link do convite').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/auth/confirmar#token=[\\w-]{20,}$`));
    await dialog.getByRole('button', { name: 'Copiar link' }).click();
    await toast(page, 'Link copiado').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The dialog's own button (its corner ✕ is named 'Fechar' too).
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    // Once: the page never shows it again (the server keeps only its hash).
    await page.reload();
    await page.getByRole('searchbox', { name: 'Buscar e-mails' }).fill(email);
    await page.getByRole('cell', { name: email }).waitFor();
    expect(await page.content()).not.toContain(link.split('#token=')[1]!);

    // The link works: the invited person chooses a password on it.
    const guest = await openPage(browser, server.url);
    opened.push(guest.context);
    await guest.context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.19.9.2' });
    await guest.page.goto(link);
    await guest.page.getByText(email).first().waitFor();
    // Activated on that page: it asks for nothing more about the link (now spent), so its console stays clean.
    const failed: string[] = [];
    const inFlight = new Set<Request>();
    guest.page.on('request', (request) => void (!request.url().includes('/api/events') && inFlight.add(request)));
    guest.page.on('requestfinished', (request) => void inFlight.delete(request));
    guest.page.on('requestfailed', (request) => void inFlight.delete(request));
    guest.page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
    await guest.page.getByLabel('Nova senha', { exact: true }).fill('senha-do-convidado-1');
    await guest.page.getByLabel('Confirme a nova senha', { exact: true }).fill('senha-do-convidado-1');
    await guest.page.getByRole('button', { name: 'Ativar conta' }).click();
    await guest.page.getByText('Seu e-mail foi confirmado e sua conta PRO está ativa. Você já está conectado.').waitFor();
    // What the activation refreshes (the session, what was read as a visitor) has been answered.
    await expect.poll(() => inFlight.size).toBe(0);
    expect(failed).toEqual([]);
    expect(guest.errors).toEqual([]);

    // A reset asked for the admin's own account: the outbox lists it, never with its link.
    const forgot = await guest.context.request.post(`${server.url}/api/auth/forgot-password`, {
      data: { email: E2E_ADMIN.email },
      headers: { origin: server.url },
    });
    expect(forgot.status()).toBeLessThan(300);
    await page.getByRole('tab', { name: 'E-mails' }).click();
    const outbox = page.getByRole('tabpanel', { name: 'E-mails' });
    await expect.poll(() => outbox.getByRole('row').filter({ hasText: E2E_ADMIN.email }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.content()).not.toMatch(/redefinir-senha|#token=/);
    expect(errors).toEqual([]);
  });
});
