// The recharge back office in Chromium, as the seeded admin: a supplier row refused for its panel
// address then added and edited inline; credit orders that reach a webhook receiver on loopback
// signed, and one whose receiver fails, shown with its attempts and re-sent; a provider logo
// uploaded with its progress bar; a provider draft that survives a reload; the calculator's result
// for a hand-worked case, and the consolidated CSV with the date in its name and formulas escaped.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_DRAFT } from '@vitrine/domain/recharge';
import { startReceiver, type Receiver } from '../../api/test/webhook-receiver.ts';
import { closedAfterEachTest, launchBrowser, openPage } from './support/browser.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/**
 * Counts every 'Dados Atualizados' toast the page ever shows, across reloads of this tab (toasts fade
 * after a few seconds, so looking at the end would prove nothing).
 */
async function countUpdateNotices(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(element) || !element.textContent?.includes('Dados Atualizados')) continue;
        seen.add(element);
        sessionStorage.setItem('avisos', String(Number(sessionStorage.getItem('avisos') ?? 0) + 1));
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('avisos') ?? 0));
}

/** A real PNG of random pixels (it does not compress): large enough for its upload to take a moment. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether the new provider's draft in the browser holds every one of `texts`. */
const draftHolds = (page: Page, texts: string[]) =>
  page.evaluate(
    ([key, wanted]) => {
      const draft = localStorage.getItem(key);
      return draft !== null && wanted.every((text) => draft.includes(text));
    },
    [`${PROVIDER_DRAFT.keyPrefix}novo`, texts] as const,
  );

describe('the recharge back office', () => {
  let browser: Browser;
  let server: RunningServer;
  let receiver: Receiver;
  let failing: Receiver;
  let alwaysFailing: Receiver;
  let failingNow = true;
  const opened = closedAfterEachTest();

  let visitors = 0;
  const openAsAdmin = async (width = 1280) => {
    const result = await openPage(browser, server.url, { width });
    // Each context is its own client for the per-address limits.
    await result.context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.1.${++visitors}` });
    opened.push(result.context);
    const signedIn = await result.context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } });
    expect(signedIn.status()).toBe(200);
    return result;
  };

  /** The global discount entry stored now, as the admin list reads it. */
  const discountEntry = async (context: BrowserContext) => {
    const listed = (await (await context.request.get(`${server.url}/api/admin/site-config?search=global_discount`)).json()) as {
      items: { section: string; configKey: string; configValue: unknown; updatedAt: string }[];
    };
    return listed.items.find((item) => item.section === 'pricing' && item.configKey === 'global_discount');
  };
  const storedDiscount = async (context: BrowserContext) => (await discountEntry(context))?.configValue;
  /** Puts the global discount back to 0, from the version stored now; the answer's status. */
  const resetDiscount = async (context: BrowserContext) =>
    (
      await context.request.put(`${server.url}/api/admin/site-config/pricing/global_discount`, {
        data: { value: 0, expectedUpdatedAt: (await discountEntry(context))?.updatedAt ?? null },
        headers: { origin: server.url },
      })
    ).status();

  beforeAll(async () => {
    receiver = await startReceiver();
    // Fails (asking for an immediate retry) until the test lets it succeed.
    failing = await startReceiver(() => (failingNow ? { status: 503, headers: { 'retry-after': '0' } } : { status: 200 }));
    alwaysFailing = await startReceiver(() => ({ status: 503, headers: { 'retry-after': '0' } }));
    server = await startServer({ env: { TRUST_PROXY: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
    await failing?.close();
    await alwaysFailing?.close();
  });

  it("refuses a supplier whose panel is not an http(s) address ('Erro de Validação'), then adds it and edits it inline", async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/suppliers');
    await page.getByRole('button', { name: 'Adicionar fornecedor' }).click();
    const form = page.getByRole('group', { name: 'Novo fornecedor' });
    const supplier = `Fornecedor ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Categoria *').fill('Planos Teste');
    await form.getByLabel('Fornecedor *').fill(supplier);
    await form.getByLabel('Servidor *').fill('Servidor E2E');
    await form.getByLabel('Usuário *').fill('revenda-e2e');
    await form.getByLabel('Painel *', { exact: true }).fill('painel.example.com');
    await form.getByLabel('Painel do cliente *').fill('https://cliente.example.com');
    await form.getByLabel('Custo por crédito (R$)').fill('4,75');
    await form.getByLabel('Quantidade de créditos').fill('40');
    // The two fields of the specification that could not be entered before.
    await form.getByLabel('Custo médio do crédito (R$)').fill('4,6');
    await form.getByLabel('Pagamento mínimo (R$)').fill('1.500');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Erro de Validação').waitFor();
    expect(await toast(page, 'Erro de Validação').textContent()).toContain('URLs dos painéis devem começar com http:// ou https://');
    // And under the field itself, from the same schema.
    expect(await form.getByLabel('Painel *', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await form.getByText('URLs dos painéis devem começar com http:// ou https://').waitFor();

    await form.getByLabel('Painel *', { exact: true }).fill('https://painel.example.com');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Fornecedor adicionado com sucesso').waitFor();
    const row = page.getByRole('listitem', { name: supplier });
    await row.getByText('R$ 4,75 por crédito').waitFor();
    expect(await row.textContent()).toContain('custo médio R$ 4,60 · pagamento mínimo R$ 1.500,00');

    await row.getByRole('button', { name: `Editar ${supplier}` }).click();
    const editing = page.getByRole('listitem', { name: `Editando ${supplier}` });
    expect(await editing.getByLabel('Pagamento mínimo (R$)').inputValue()).toBe('1.500,00');
    await editing.getByLabel('Custo médio do crédito (R$)').fill('');
    await editing.getByLabel('Custo por crédito (R$)').fill('5');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Fornecedor atualizado com sucesso').waitFor();
    await page.getByRole('listitem', { name: supplier }).getByText('R$ 5,00 por crédito').waitFor();
    // Emptied, the average cost is unset again; the minimum payment stays.
    expect(await page.getByRole('listitem', { name: supplier }).textContent()).not.toContain('custo médio');
    expect(await page.getByRole('listitem', { name: supplier }).textContent()).toContain('pagamento mínimo R$ 1.500,00');

    // The server card: total = 40 credits × R$ 5,00.
    await page.goto('/admin/servers');
    await page.getByRole('article', { name: 'Servidor E2E' }).getByText('R$ 200,00').waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps a supplier form open with what was typed when its save fails (a create after its retries, an edit), says why in it, and saves once the server answers', async () => {
    const { page, errors } = await openAsAdmin();
    // The create's retries (1 s, 2 s, 3 s) are run at once on the page's clock.
    await page.clock.install();
    let down = true;
    const writes: string[] = [];
    await page.route('**/api/admin/suppliers**', (route) => {
      if (route.request().method() === 'GET') return route.continue();
      writes.push(route.request().method());
      return down ? route.fulfill({ status: 503, body: 'indisponível' }) : route.continue();
    });
    await page.goto('/admin/suppliers');
    await page.getByRole('button', { name: 'Adicionar fornecedor' }).click();
    const form = page.getByRole('group', { name: 'Novo fornecedor' });
    const supplier = `Fornecedor Falha ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Categoria *').fill('Planos Teste');
    await form.getByLabel('Fornecedor *').fill(supplier);
    await form.getByLabel('Servidor *').fill('Servidor Falha');
    await form.getByLabel('Usuário *').fill('revenda-falha');
    await form.getByLabel('Painel *', { exact: true }).fill('https://painel.example.com');
    await form.getByLabel('Painel do cliente *').fill('https://cliente.example.com');
    await form.getByLabel('Custo por crédito (R$)').fill('3,25');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await form.getByRole('button', { name: 'Salvando…' }).waitFor();
    const failure = form.getByRole('alert');
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(1_000);
          return failure.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(writes).toEqual(['POST', 'POST', 'POST', 'POST']);
    expect(await failure.textContent()).toContain('Falha ao adicionar fornecedorErro inesperado. Tente novamente.');
    expect(await form.getByLabel('Fornecedor *').inputValue()).toBe(supplier);
    expect(await form.getByLabel('Custo por crédito (R$)').inputValue()).toBe('3,25');
    expect(await page.getByRole('listitem', { name: supplier }).count()).toBe(0);
    down = false;
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('listitem', { name: supplier });
    await row.getByText('R$ 3,25 por crédito').waitFor();

    down = true;
    await row.getByRole('button', { name: `Editar ${supplier}` }).click();
    const editing = page.getByRole('listitem', { name: `Editando ${supplier}` });
    await editing.getByLabel('Custo por crédito (R$)').fill('4');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await editing.getByRole('alert').filter({ hasText: 'Falha ao atualizar fornecedorErro inesperado. Tente novamente.' }).waitFor();
    expect(await editing.getByLabel('Custo por crédito (R$)').inputValue()).toBe('4,00');
    down = false;
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('listitem', { name: supplier }).getByText('R$ 4,00 por crédito').waitFor();
    expect(errors.filter((error) => !error.includes('503'))).toEqual([]);
  });

  const sendOrder = async (page: Page, webhookUrl: string, item: { provider: string; quantity: string; unitCost: string }) => {
    await page.goto('/admin/new-recharge');
    await page.getByLabel('Provedor', { exact: true }).fill(item.provider);
    await page.getByLabel('Quantidade', { exact: true }).fill(item.quantity);
    await page.getByLabel('Custo unitário (R$)').fill(item.unitCost);
    await page.getByLabel('Código do provedor').fill('SMX');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await page.getByLabel('URL do webhook').fill(webhookUrl);
    await page.getByRole('combobox', { name: 'Contato', exact: true }).click();
    await page.getByRole('option', { name: /Central de Recargas/ }).click();
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await toast(page, 'Solicitação Enviada').waitFor();
  };

  it('sends a credit order that reaches the receiver signed and shows as delivered', async () => {
    const { page, context, errors } = await openAsAdmin();
    await page.goto('/admin/new-recharge');
    // Sending with nothing filled in says what is missing first.
    await page.getByLabel('URL do webhook').fill('');
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await toast(page, 'Por favor, insira a URL do webhook').waitFor();

    await sendOrder(page, receiver.url, { provider: 'StreamMax', quantity: '50', unitCost: '4,5' });
    // The first order to this URL created its endpoint: its secret is shown once, and signs this very order.
    const reveal = page.getByRole('dialog', { name: 'Segredo de assinatura do novo destino' });
    const firstSecret = (await reveal.getByTestId('segredo-webhook').textContent())!;
    expect(firstSecret).toMatch(/^whsec_/);
    await reveal.getByRole('button', { name: 'Fechar' }).last().click();
    await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(1);
    expect(new Webhook(firstSecret).verify(receiver.requests[0]!.body, receiver.requests[0]!.headers)).toMatchObject({ type: 'credit_purchase_order' });
    await page.goto('/admin/recharge-orders');
    const first = page.getByTestId('pedido-recarga').filter({ hasText: receiver.url }).first();
    await expect.poll(() => first.getByTestId('situacao-entrega').textContent(), { timeout: 20_000 }).toBe('Entregue');
    expect(await first.textContent()).toContain('R$ 225,00');

    // The signing secret is shown once, when rotated; the next order is signed with it.
    const endpoints = (await (await context.request.get(`${server.url}/api/admin/webhook-endpoints`)).json()) as { items: { id: string; url: string }[] };
    const endpoint = endpoints.items.find((item) => item.url === new URL(receiver.url).href)!;
    const rotated = (await (
      await context.request.post(`${server.url}/api/admin/webhook-endpoints/${endpoint.id}/rotate-secret`, { headers: { origin: server.url } })
    ).json()) as { secret: string };
    await sendOrder(page, receiver.url, { provider: 'TurboCast', quantity: '3', unitCost: '10,01' });
    await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(2);
    expect(await reveal.count()).toBe(0);
    const body = new Webhook(rotated.secret).verify(receiver.requests[1]!.body, receiver.requests[1]!.headers) as Record<string, string>;
    expect(body).toMatchObject({ type: 'credit_purchase_order', contact: expect.stringContaining('Central de Recargas') });
    expect(body.message).toContain('Total do pedido: R$ 30,03');
    expect(() => new Webhook(rotated.secret).verify(receiver.requests[1]!.body.replace('30,03', '30,04'), receiver.requests[1]!.headers)).toThrow();
    expect(errors).toEqual([]);
  });

  it('shows the failed attempts of an order whose receiver fails, and delivers it when re-sent', async () => {
    const { page, errors } = await openAsAdmin();
    await sendOrder(page, failing.url, { provider: 'StreamMax', quantity: '5', unitCost: '117' });
    // The screen follows the order: every attempt failed, so it says so.
    await toast(page, 'Falha ao enviar a solicitação. Verifique a URL do webhook.').waitFor({ timeout: 30_000 });
    await page.goto('/admin/recharge-orders');
    const order = page.getByTestId('pedido-recarga').filter({ hasText: failing.url }).first();
    await expect.poll(() => order.getByTestId('situacao-entrega').textContent(), { timeout: 30_000 }).toBe('Falhou');
    expect(await order.getByTestId('tentativas').textContent()).toContain('3 tentativas · última resposta HTTP 503');
    expect(await order.getByRole('alert').textContent()).toBe('Falha ao enviar a solicitação. Verifique a URL do webhook.');

    failingNow = false;
    await order.getByRole('button', { name: 'Reenviar' }).click();
    await toast(page, 'Pedido reenviado').waitFor();
    await expect.poll(() => order.getByTestId('situacao-entrega').textContent(), { timeout: 30_000 }).toBe('Entregue');
    expect(await order.getByTestId('tentativas').textContent()).toContain('4 tentativas');
    expect(errors).toEqual([]);
  });

  it("says 'Dados Atualizados' only for another session's write: not for this browser's own order, its background retries, nor another write of its own session", async () => {
    const { page, context, errors } = await openAsAdmin();
    const notices = await countUpdateNotices(page);
    // This browser's order, whose delivery the server retries in the background (three attempts).
    await sendOrder(page, alwaysFailing.url, { provider: 'StreamMax', quantity: '2', unitCost: '9' });
    await page.goto('/admin/recharge-orders');
    const order = page.getByTestId('pedido-recarga').filter({ hasText: alwaysFailing.url }).first();
    // The data still refreshes live: the attempts appear as the job makes them.
    await expect.poll(() => order.getByTestId('situacao-entrega').textContent(), { timeout: 30_000 }).toBe('Falhou');
    expect(await order.getByTestId('tentativas').textContent()).toContain('3 tentativas');
    // A write of this browser's session made outside the screens (the same cookie).
    const own = await context.request.post(`${server.url}/api/admin/plans`, {
      data: { name: `Plano próprio ${randomUUID().slice(0, 6)}`, priceMonthly: 3 },
      headers: { origin: server.url },
    });
    expect(own.status()).toBe(201);

    // Another session's write: the one notice. Events arrive in order, so once it is counted, every
    // earlier one (own writes, retries) has been handled too.
    const other = await openAsAdmin();
    const name = `Plano de outra sessão ${randomUUID().slice(0, 6)}`;
    const created = await other.context.request.post(`${server.url}/api/admin/plans`, { data: { name, priceMonthly: 4 }, headers: { origin: server.url } });
    expect(created.status()).toBe(201);
    await expect.poll(notices, { timeout: 15_000 }).toBe(1);
    await page.goto('/admin/plans');
    await page.getByRole('cell', { name, exact: true }).waitFor();
    expect(await notices()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('uploads a provider logo with a progress bar and shows it; a draft survives a reload and is cleared on cancel', async () => {
    const { page, context, errors } = await openAsAdmin();
    await page.goto('/admin/suppliers');
    await page.getByRole('button', { name: 'Novo provedor' }).click();
    const name = `Provedor ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Nome *').fill(name);
    await page.getByLabel('E-mail').fill('contato@provedor.example');
    // Saved locally 800 ms after the last change: the draft holds both fields.
    await expect.poll(() => draftHolds(page, [name, 'contato@provedor.example'])).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Novo provedor' }).click();
    await page.getByText('Rascunho restaurado').waitFor();
    expect(await page.getByLabel('Nome *').inputValue()).toBe(name);
    expect(await page.getByLabel('E-mail').inputValue()).toBe('contato@provedor.example');

    // A slow connection makes the upload's progress visible; every value the bar shows is recorded.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Enviando logo"]');
        if (bar) seen.push(bar.getAttribute('aria-valuenow') ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const png = noisePng(420, 420);
    await page.getByLabel('Logo').setInputFiles({ name: '../../logo provedor.png', mimeType: 'image/png', buffer: png });
    await toast(page, 'Arquivo enviado com sucesso!').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const progress = (await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).map(Number);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Uploaded: the file's name (no folders) and a remove button.
    await page.getByText('logo provedor.png').waitFor();
    await page.getByRole('button', { name: 'Remover logo' }).waitFor();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Provedor criado com sucesso!').waitFor();
    const logo = page.getByRole('listitem', { name }).getByRole('img', { name: `Logo de ${name}` });
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(420);
    const served = await context.request.get(new URL((await logo.getAttribute('src'))!, server.url).href);
    expect(Buffer.compare(await served.body(), png)).toBe(0);
    // Saved: the draft is gone.
    expect(await page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), PROVIDER_DRAFT.keyPrefix)).toEqual([]);

    // A cancelled draft does not come back.
    await page.getByRole('button', { name: 'Novo provedor' }).click();
    await page.getByLabel('Nome *').fill('Descartado');
    await expect.poll(() => draftHolds(page, ['Descartado'])).toBe(true);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Novo provedor' }).click();
    expect(await page.getByLabel('Nome *').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('prices a hand-worked case in Calculadora, keeps it in the address, and saves it', async () => {
    const { page, context, errors } = await openAsAdmin();
    const api = (method: 'post' | 'put', path: string, data: object) =>
      context.request[method](`${server.url}${path}`, { data, headers: { origin: server.url } });
    const name = `Calc ${randomUUID().slice(0, 6)}`;
    const provider = (await (await api('post', '/api/admin/providers', { name })).json()) as { id: string };
    expect((await api('put', `/api/admin/providers/${provider.id}/costs`, { planType: 'monthly', quantity: 50, unitCost: 10 })).status()).toBe(200);
    expect((await api('put', `/api/admin/providers/${provider.id}/costs`, { planType: 'monthly', quantity: 100, unitCost: 8 })).status()).toBe(200);

    await page.goto('/pricing-calculator');
    // Nothing calculated yet, and the form says what is missing.
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByText('Selecione um provedor').first().waitFor();
    await page.getByRole('combobox', { name: 'Provedor' }).click();
    await page.getByRole('option', { name }).click();
    await page.getByLabel('Quantidade').fill('120');
    await page.getByLabel('Preço de venda por unidade (R$)').fill('20');
    await page.getByRole('combobox', { name: 'Desconto' }).click();
    await page.getByRole('option', { name: 'Padrão (10%)' }).click();
    expect(await page.getByTestId('resultado-calculo').count()).toBe(0);
    await page.getByRole('button', { name: 'Calcular' }).click();

    // 120 units use the 100-unit tier: R$ 8 less 10 % = R$ 7,20; cost 864; revenue 2.400; gross profit
    // 1.536; margin 64 %; markup and ROI 177,78 %; unit profit 12,80; break-even ceil(864 / 12,8) = 68.
    const result = page.getByTestId('resultado-calculo');
    const metric = (label: string) => result.locator(`[data-metric="${label}"]`).textContent();
    expect(await metric('Custo unitário')).toBe('R$ 7,20');
    expect(await metric('Receita')).toBe('R$ 2.400,00');
    expect(await metric('Custo')).toBe('R$ 864,00');
    expect(await metric('Lucro bruto')).toBe('R$ 1.536,00');
    expect(await metric('Margem bruta')).toBe('64,00%');
    expect(await metric('Markup')).toBe('177,78%');
    expect(await metric('ROI')).toBe('177,78%');
    expect(await metric('EBITDA')).toBe('R$ 1.536,00');
    expect(await metric('Lucro por unidade')).toBe('R$ 12,80');
    expect(await metric('Ponto de equilíbrio')).toBe('68 unidades');
    expect(await result.getByTestId('saude').getAttribute('data-color')).toBe('green');
    expect(await result.getByTestId('saude').textContent()).toContain('100');

    // The address carries the inputs: a reload (or a shared link) starts from them.
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toMatchObject({ provedor: provider.id, plano: 'mensal', quantidade: '120', preco: '20', desconto: '10' });
    await page.reload();
    expect(await page.getByLabel('Quantidade').inputValue()).toBe('120');
    expect(await page.getByTestId('resultado-calculo').count()).toBe(0);
    // The provider comes back once the providers have loaded (on a busy machine, after the quantity).
    await expect.poll(() => page.getByRole('combobox', { name: 'Provedor' }).textContent()).toContain(name);
    await page.getByRole('button', { name: 'Calcular' }).click();
    await result.getByRole('button', { name: 'Salvar cálculo' }).click();
    await toast(page, 'Cálculo salvo').waitFor();
    await page.getByRole('region', { name: 'Cálculos salvos deste provedor' }).getByRole('cell', { name: 'R$ 1.536,00' }).waitFor();

    await page.getByRole('tab', { name: 'Métricas' }).click();
    await page.getByRole('heading', { name: `Métricas de ${name}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('aba')).toBe('metricas');
    expect(errors).toEqual([]);
  });

  it('keeps the global discount of Tabelas de Preço on the server, starts the calculator from it, and labels plan types without a discount never applied', async () => {
    const { page, context, errors } = await openAsAdmin();
    await page.goto('/pricing-calculator?aba=tabelas');
    const field = page.getByLabel('Desconto global (%)');
    await expect.poll(() => field.isEnabled()).toBe(true);
    await field.fill('7,5');
    // Monthly from 50 units: R$ 13,00 less 7,5 % = R$ 12,03 (12,025 rounded half-up).
    await page.getByRole('region', { name: 'Mensal' }).getByText('R$ 12,03').first().waitFor();
    await page.getByRole('button', { name: 'Salvar desconto' }).click();
    await toast(page, 'Desconto global salvo').waitFor();
    // A reload (or another admin) reads it back from the server.
    await page.reload();
    await expect.poll(() => field.inputValue()).toBe('7,5');
    expect(await page.getByRole('complementary', { name: 'Regras do negócio' }).getByRole('listitem').count()).toBe(4);

    await page.goto('/pricing-calculator');
    // The plan types promise no discount: the calculator applies none for the period.
    await page.getByRole('combobox', { name: 'Tipo de plano' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Mensal', 'Trimestral', 'Semestral', 'Anual']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('combobox', { name: 'Desconto' }).textContent()).toBe('Global (7,5%)');

    // The business rules of the specification, in its words, on the calculator's screens.
    const rules = [
      'Revendedores devem respeitar o preço mínimo de venda, sob pena de banimento.',
      'Login e senha só são criados para planos mensais e anuais.',
      'Planos trimestrais e semestrais são entregues em planilha.',
      'Abertura mínima: 50 créditos mensais ou 5 créditos anuais.',
    ];
    const shownRules = () => page.getByRole('complementary', { name: 'Regras do negócio' }).getByRole('listitem').allTextContents();
    expect(await shownRules()).toEqual(rules);
    await page.goto('/pricing-calculator?aba=consolidado');
    await expect.poll(shownRules).toEqual(rules);
    await expect.poll(() => page.getByTestId('consolidado-desconto').textContent()).toContain('o desconto global (7,5%) vale nas Tabelas de Preço');
    // At 360 px most of the nine tabs are out of view: a hint says so; at 1440 px all fit and none is shown.
    const phone = await openAsAdmin(360);
    await phone.page.goto('/pricing-calculator');
    await phone.page.getByTestId('dica-abas').filter({ hasText: 'Deslize para ver as 9 abas.' }).waitFor();
    const wide = await openAsAdmin(1440);
    await wide.page.goto('/pricing-calculator');
    await wide.page.getByRole('tab', { name: 'Créditos' }).waitFor();
    expect(await wide.page.getByTestId('dica-abas').count()).toBe(0);
    expect(await resetDiscount(context)).toBe(200);
    expect(errors).toEqual([]);
  });

  it("follows another admin's global discount live, keeps an edit of its own, and refuses a save made from a value another admin replaced", async () => {
    const a = await openAsAdmin();
    const b = await openAsAdmin();
    const field = (page: Page) => page.getByLabel('Desconto global (%)');
    const notice = (page: Page) => page.getByTestId('desconto-global-conflito');
    const save = async (page: Page, text: string) => {
      await field(page).fill(text);
      await page.getByRole('button', { name: 'Salvar desconto' }).click();
    };
    for (const { page } of [a, b]) {
      await page.goto('/pricing-calculator?aba=tabelas');
      await expect.poll(() => field(page).isEnabled()).toBe(true);
    }
    // B saves 15 %: A's screen shows it within 5 s, as its own stored value (nothing unsaved).
    await save(b.page, '15');
    await toast(b.page, 'Desconto global salvo').waitFor();
    await expect.poll(() => field(a.page).inputValue(), { timeout: 5_000 }).toBe('15');
    expect(await a.page.locator('#desconto-global-ajuda').textContent()).not.toContain('Alteração ainda não salva.');
    await a.page.getByRole('region', { name: 'Mensal' }).getByText('R$ 11,05').first().waitFor();

    // A types 7 %, then B saves 20 %: A keeps the edit and is told the stored value changed.
    await field(a.page).fill('7');
    await save(b.page, '20');
    await expect
      .poll(() => notice(a.page).textContent(), { timeout: 5_000 })
      .toBe('Outro administrador salvou 20% enquanto você editava. O seu valor ainda não foi salvo.');
    expect(await field(a.page).inputValue()).toBe('7');

    // A's save started from 15 %: refused, with the message and the value stored now; nothing written.
    await a.page.getByRole('button', { name: 'Salvar desconto' }).click();
    await expect
      .poll(() => notice(a.page).textContent())
      .toBe('Outro administrador alterou este valor enquanto você editava; nada foi salvo. Confira o valor atual e salve de novo. Valor salvo agora: 20%.');
    await toast(a.page, 'Erro ao salvar o desconto global').waitFor();
    expect(await storedDiscount(a.context)).toBe(20);
    expect(await field(a.page).inputValue()).toBe('7');
    // Saving again, knowingly, replaces 20 % (and B's screen follows).
    await a.page.getByRole('button', { name: 'Salvar desconto' }).click();
    await toast(a.page, 'Desconto global salvo').waitFor();
    expect(await storedDiscount(a.context)).toBe(7);
    await expect.poll(() => field(b.page).inputValue(), { timeout: 5_000 }).toBe('7');
    expect(a.errors.filter((error) => !error.includes('409'))).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(await resetDiscount(a.context)).toBe(200);
  });

  it('downloads the Consolidado CSV with the date in its name and a cell beginning with = escaped', async () => {
    const { page, context, errors } = await openAsAdmin();
    const api = (method: 'post' | 'put', path: string, data: object) =>
      context.request[method](`${server.url}${path}`, { data, headers: { origin: server.url } });
    const hostile = `=HYPERLINK("http://evil.example/${randomUUID().slice(0, 4)}")`;
    const provider = (await (await api('post', '/api/admin/providers', { name: hostile })).json()) as { id: string };
    await api('put', `/api/admin/providers/${provider.id}/costs`, { planType: 'annual', quantity: 5, unitCost: 99 });

    await page.goto('/pricing-calculator?aba=consolidado');
    // Shown as text on the page.
    await page.getByRole('cell', { name: hostile }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^consolidado-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`"'${hostile.replaceAll('"', '""')}"`);
    // Cells separated by ';' (a pt-BR spreadsheet's separator), never the formula as a cell of its own.
    expect(text.split('\r\n')[0]).toContain(';');
    expect(text).not.toMatch(new RegExp(`(^|;)"?${hostile.slice(0, 10).replace(/[()]/g, '\\$&')}`, 'm'));
    expect(errors).toEqual([]);
  });
  it("says in place that a list failed to load, with 'Tentar novamente', instead of showing it empty or loading forever", async () => {
    const { page } = await openAsAdmin();
    let failing = true;
    const fail = async (route: Route) => {
      if (failing && route.request().method() === 'GET')
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Erro interno' } }) });
      return route.continue();
    };
    await page.route('**/api/admin/suppliers**', fail);
    await page.route('**/api/admin/pricing/providers**', fail);

    await page.goto('/admin/suppliers');
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar os fornecedores.' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await page.getByText('Nenhum fornecedor cadastrado.').count()).toBe(0);
    failing = false;
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => alert.count()).toBe(0);

    failing = true;
    await page.goto('/pricing-calculator');
    const providersFailed = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar os provedores.' });
    await providersFailed.waitFor({ timeout: 20_000 });
    expect(await page.getByText('Carregando…').count()).toBe(0);
    failing = false;
    await providersFailed.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => providersFailed.count()).toBe(0);
  });

  it("reads money as typed in Brazil: '1.500' is a thousand five hundred and '1.234,56' is 1234.56, in a provider's cost tier and in a credit-order item, and saves them so", async () => {
    const { page, context, errors } = await openAsAdmin();
    const api = (path: string) => context.request.get(`${server.url}${path}`);
    const name = `Provedor BR ${randomUUID().slice(0, 6)}`;
    expect((await context.request.post(`${server.url}/api/admin/providers`, { data: { name }, headers: { origin: server.url } })).status()).toBe(201);

    await page.goto('/admin/suppliers');
    const tier = page.getByRole('form', { name: `Nova faixa de custo de ${name}` });
    // The contract's own message, in Portuguese, under the field: a quantity is whole.
    await tier.getByLabel('Quantidade').fill('1,5');
    await tier.getByLabel('Custo unitário (R$)').fill('1.234,56');
    await tier.getByRole('button', { name: 'Adicionar faixa' }).click();
    await tier.getByText('A quantidade deve ser um número inteiro').waitFor();
    expect(await tier.getByLabel('Quantidade').getAttribute('aria-invalid')).toBe('true');
    await tier.getByLabel('Quantidade').fill('1.500');
    await tier.getByRole('button', { name: 'Adicionar faixa' }).click();
    await toast(page, 'Faixa de custo salva').waitFor();
    const tiers = page.getByRole('table', { name: `Faixas de custo de ${name}` });
    await tiers.getByRole('cell', { name: 'R$ 1.234,56' }).waitFor();
    expect(await tiers.getByRole('row').nth(1).locator('td').allTextContents()).toEqual(['Mensal', '1.500', 'R$ 1.234,56', 'R$ 1.851.840,00', '']);
    const providers = (await (await api('/api/admin/pricing/providers')).json()) as {
      items: { name: string; costs: { quantity: number; unitCost: number }[] }[];
    };
    expect(providers.items.find((provider) => provider.name === name)?.costs).toEqual([expect.objectContaining({ quantity: 1500, unitCost: 1234.56 })]);

    const orders = await startReceiver();
    try {
      await page.goto('/admin/new-recharge');
      await page.getByLabel('Provedor', { exact: true }).fill(name);
      await page.getByLabel('Quantidade', { exact: true }).fill('1.500');
      await page.getByLabel('Custo unitário (R$)').fill('abc');
      await page.getByRole('button', { name: 'Adicionar item' }).click();
      await page.getByText('Informe um número como 1.234,56.').waitFor();
      await page.getByLabel('Custo unitário (R$)').fill('1.234,56');
      await page.getByRole('button', { name: 'Adicionar item' }).click();
      const items = page.getByRole('table', { name: 'Itens do pedido' });
      expect(await items.getByRole('row').nth(1).locator('td').allTextContents()).toEqual([name, '1.500', 'R$ 1.234,56', 'R$ 1.851.840,00', '—', '—', '']);
      expect(await page.getByTestId('total-pedido').textContent()).toBe('R$ 1.851.840,00');
      // Added, the item's fields are empty for the next one.
      expect(await page.getByLabel('Quantidade', { exact: true }).inputValue()).toBe('');
      await page.getByLabel('URL do webhook').fill(orders.url);
      await page.getByRole('combobox', { name: 'Contato', exact: true }).click();
      await page.getByRole('option', { name: /Central de Recargas/ }).click();
      await page.getByRole('button', { name: 'Enviar solicitação' }).click();
      await toast(page, 'Solicitação Enviada').waitFor();
      const stored = (await (await api('/api/admin/credit-orders?pageSize=50')).json()) as {
        items: { webhookUrl: string; items: { quantity: number; unitCost: number; total: number }[]; total: number }[];
      };
      const order = stored.items.find((item) => item.webhookUrl === new URL(orders.url).href || item.webhookUrl === orders.url)!;
      expect(order.items).toEqual([expect.objectContaining({ quantity: 1500, unitCost: 1234.56, total: 1851840 })]);
      expect(order.total).toBe(1851840);
    } finally {
      await orders.close();
    }
    expect(errors).toEqual([]);
  });
});
