// The storefront used as a customer would (issue 29, "Defects found using it as a customer would"),
// on a server of its own (the demo shop, its PIX key set): shortcuts that tell what really happened,
// a PIX for what was chosen (plans, app activations), nothing covering the PIX dialog on a phone,
// one pt-BR source for each claim, both app pages in the header, tappable contacts and the shop's own
// social profiles, and demo installers named as such.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../api/test/webhook-receiver.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { ask, botMessages, giveContact, lastBotText, openChat, shortcutBar } from './support/chat.ts';
import { adminCaller, adminCookie, startServer, type RunningServer } from './support/server.ts';

// Answers come after the specification's delay (1.5 s) and the server's work: poll for them generously.
const answered = { timeout: 20_000 };

let browser: Browser;
let server: RunningServer;
let baseUrl: string;
let call: ReturnType<typeof adminCaller>;

beforeAll(async () => {
  browser = await launchBrowser({ extraArgs: [] });
  server = await startServer();
  baseUrl = server.url;
  call = adminCaller(baseUrl, await adminCookie(baseUrl));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether what is drawn at the middle of each element is the element itself (or inside it): nothing covers it. */
async function uncovered(page: Page, selectors: string[]) {
  const result: Record<string, boolean> = {};
  for (const selector of selectors) {
    const element = page.locator(selector).first();
    await element.scrollIntoViewIfNeeded();
    result[selector] = await element.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && (node === top || node.contains(top));
    });
  }
  return result;
}

const visibleToasts = (page: Page) =>
  page
    .locator('[data-sonner-toast]')
    .evaluateAll((toasts) => toasts.filter((toast) => toast.checkVisibility({ visibilityProperty: true })).map((toast) => toast.textContent));

describe('paying in the chat', () => {
  it("'Pagar com PIX' asks what to pay for, then charges Family semestral at R$ 270,00; on a phone nothing covers the PIX dialog", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 360, height: 740 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openChat(page);

    // Nothing chosen yet: the assistant asks, and no fixed amount is offered.
    await shortcutBar(page).getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect.poll(() => botMessages(page).count(), answered).toBe(2);
    expect(await lastBotText(page)).toContain('me diga primeiro o que você quer pagar');
    expect(await page.getByRole('dialog').count()).toBe(0);

    expect(await ask(page, 'quero o plano family semestral')).toContain('Plano Family — Semestral');
    await giveContact(page);
    await shortcutBar(page).getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect.poll(() => botMessages(page).count(), answered).toBe(5);
    await botMessages(page).last().getByRole('button', { name: 'Pagar R$ 270,00 com PIX' }).click();

    const dialog = page.getByRole('dialog', { name: 'Pagamento via PIX' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('pix-value').textContent()).toBe('R$ 270,00');
    expect(await dialog.getByText('Plano Family — Semestral').count()).toBeGreaterThan(0);
    // 'PIX Aberto' is said inside the dialog, where it covers nothing.
    expect(await dialog.getByTestId('pix-notice').textContent()).toBe('PIX Aberto');
    const parts = [
      '[data-testid="pix-brcode"]',
      '[aria-label="Copiar código PIX"]',
      '[aria-label="Copiar chave PIX"]',
      '[data-pix-dialog] button:has-text("Baixar QR Code")',
    ];
    expect(await uncovered(page, parts)).toEqual(Object.fromEntries(parts.map((part) => [part, true])));
    expect(await visibleToasts(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect.poll(() => dialog.getByTestId('pix-notice').textContent()).toBe('Código PIX Copiado!');
    expect(await uncovered(page, parts)).toEqual(Object.fromEntries(parts.map((part) => [part, true])));
    expect(await visibleToasts(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Ativar' on the activation page ends in a PIX for that app", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/apps/ativacao');
    const activate = page.getByRole('link', { name: /^Ativar / }).first();
    const label = (await activate.getAttribute('aria-label'))!;
    const app = label.replace(/^Ativar /, '');
    await activate.click();
    await page.waitForURL('**/chat');
    await expect.poll(() => botMessages(page).count(), answered).toBe(2);
    expect(await giveContact(page)).toContain(`Gerei um PIX de`);
    await botMessages(page)
      .last()
      .getByRole('button', { name: /^Pagar R\$ [\d.]+,\d{2} com PIX$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento via PIX' });
    await dialog.waitFor();
    expect(await dialog.getByText(`Ativação do app ${app} — cliente final`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Falar com o suporte' on the activation page offers the apps, and the one chosen gets its PIX", async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/apps/ativacao');
    await page.getByRole('link', { name: 'Falar com o suporte' }).click();
    await page.waitForURL('**/chat');
    await expect.poll(() => botMessages(page).count(), answered).toBe(2);
    expect(await lastBotText(page)).toContain('Qual app você quer ativar?');
    await botMessages(page).last().getByRole('group', { name: 'Sugestões' }).getByRole('button').first().click();
    await expect.poll(() => botMessages(page).count(), answered).toBe(3);
    await giveContact(page);
    await botMessages(page)
      .last()
      .getByRole('button', { name: /^Pagar R\$ .* com PIX$/ })
      .waitFor();
    await context.close();
  });
});

describe('a shortcut tells what really happened', () => {
  let failing: Receiver;
  let working: Receiver;
  // The first attempt is held until the test has seen the card say 'Solicitação registrada' ('queued'): a first
  // attempt that ended sooner would turn it to 'Ainda não entregue' ('retrying') before the page was read.
  let releaseFirst: () => void = () => undefined;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  beforeAll(async () => {
    // Refuses every attempt, asking for the next one a second later: three attempts, then failed for good.
    failing = await startReceiver((_, index) => ({ status: 503, headers: { 'retry-after': '1' }, after: index === 0 ? firstHeld : undefined }));
    working = await startReceiver(() => ({ status: 204 }));
  });
  afterAll(async () => {
    releaseFirst();
    await failing?.close();
    await working?.close();
  });

  it("says 'Solicitação registrada', then delivered or not delivered live in the conversation, offering the other channels on failure", async () => {
    const down = (await call('POST', '/api/admin/shortcuts', {
      name: 'Chamar atendente',
      type: 'webhook',
      webhookUrl: failing.url,
      payload: { intent: 'human_support' },
      active: true,
    }))!;
    const up = (await call('POST', '/api/admin/shortcuts', { name: 'Avisar revenda', type: 'webhook', webhookUrl: working.url, payload: {}, active: true }))!;
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 360, height: 740 });
    try {
      await openChat(page);
      const bar = shortcutBar(page);
      const more = bar.getByRole('button', { name: /^Mostrar mais/ });
      await bar.getByRole('button').first().waitFor();
      if (await more.count()) await more.click();

      await bar.getByRole('button', { name: 'Avisar revenda' }).click();
      const delivered = page.getByTestId('shortcut-run').filter({ hasText: 'Avisar revenda' });
      await expect.poll(() => delivered.getAttribute('data-status'), answered).toBe('delivered');
      expect(await delivered.textContent()).toContain('Solicitação entregue');

      await bar.getByRole('button', { name: 'Chamar atendente' }).click();
      const run = page.getByTestId('shortcut-run').filter({ hasText: 'Chamar atendente' });
      await run.waitFor();
      expect(await run.textContent()).toContain('Solicitação registrada');
      expect(await run.getAttribute('data-status')).toBe('queued');
      await expect.poll(() => failing.requests.length).toBe(1);
      releaseFirst();
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
      expect(await run.textContent()).toContain('Solicitação não entregue');
      expect(failing.requests).toHaveLength(3);
      // The other channels, tappable.
      const channels = run.getByTestId('other-channels');
      await channels.locator('a[href^="tel:"]').first().waitFor();
      const hrefs = await channels.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.some((href) => href?.startsWith('tel:'))).toBe(true);
      expect(hrefs.some((href) => href?.startsWith('mailto:'))).toBe(true);
      expect(await page.getByText('executado com sucesso').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await call('DELETE', `/api/admin/shortcuts/${down.id}`);
      await call('DELETE', `/api/admin/shortcuts/${up.id}`);
    }
  });
});

describe('the storefront says one thing, the Brazilian way', () => {
  /** The page as the server sends it (prerendered with its data), before any script runs. */
  const prerendered = async (path: string) => {
    let html = '';
    await expect.poll(async () => (html = await (await fetch(`${baseUrl}${path}`)).text()).includes('id="page-data"'), { timeout: 15_000 }).toBe(true);
    return html;
  };

  it('states one uptime (99,9%) and no free trial on /, /sobre and /funcionalidades, prerendered and on screen', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    for (const path of ['/', '/sobre', '/funcionalidades']) {
      const html = await prerendered(path);
      expect(html).toContain('99,9%');
      expect(html).not.toMatch(/\b98%|99\.9%|[Tt]este grátis/);
      await page.goto(path);
      const text = await page.locator('main').innerText();
      expect(text).toContain('99,9%');
      expect(text).not.toMatch(/\b98%|99\.9%|[Tt]este grátis/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes reseller prices with two decimals on /streaming', async () => {
    const html = await prerendered('/streaming');
    expect(html).toContain('R$ 6,50 por cliente ativo');
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/streaming');
    await page.getByText('R$ 6,50 por cliente ativo').first().waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/R\$\s?\d+(,\d)?(?![\d,])/);
    await context.close();
  });
});

describe('the header, the footer and the download tab', () => {
  it('links to the app activation page and to the app store, on a desktop and in the mobile menu', async () => {
    const desktop = await openPage(browser, baseUrl, { width: 1440, height: 900 });
    await desktop.page.goto('/');
    const nav = desktop.page.getByRole('navigation', { name: 'Navegação principal' });
    await expect.poll(() => nav.getByRole('link', { name: 'Apps', exact: true }).getAttribute('href')).toBe('/apps/ativacao');
    expect(await nav.getByRole('link', { name: 'Loja de Apps', exact: true }).getAttribute('href')).toBe('/apps');
    // On the activation page only 'Apps' is current.
    await nav.getByRole('link', { name: 'Apps', exact: true }).click();
    await desktop.page.waitForURL('**/apps/ativacao');
    expect(await nav.getByRole('link', { name: 'Loja de Apps', exact: true }).getAttribute('aria-current')).toBeNull();
    await desktop.context.close();

    const phone = await openPage(browser, baseUrl, { width: 360, height: 740 });
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = phone.page.getByRole('navigation', { name: 'Navegação móvel' });
    await menu.getByRole('link', { name: 'Loja de Apps', exact: true }).click();
    await phone.page.waitForURL((url) => url.pathname === '/apps');
    await phone.page.getByRole('heading', { level: 1, name: 'Loja de Apps' }).waitFor();
    await phone.context.close();
  });

  it("makes phones tel: and e-mails mailto:, and shows only the shop's own social profiles", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/contato');
    const footer = page.getByTestId('site-footer');
    const footerHrefs = () => footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    // The footer and the contact channels come with their data: waited for, then read.
    await footer.locator('a[href^="tel:+55"]').first().waitFor();
    await footer.locator('a[href^="mailto:"]').first().waitFor();
    await page.locator('main a[href^="tel:"]').first().waitFor();
    // No placeholder profiles (facebook.com and the like) until the shop sets its own.
    expect((await footerHrefs()).filter((href) => /facebook|instagram|twitter/.test(href))).toEqual([]);

    await call.putEntry('footer', 'social', {
      value: { instagram: 'https://instagram.com/vitrine.loja', facebook: 'https://facebook.com' },
      isActive: true,
    });
    try {
      await expect
        .poll(async () => (await page.reload(), (await footerHrefs()).filter((href) => /facebook|instagram|twitter/.test(href))), { timeout: 15_000 })
        .toEqual(['https://instagram.com/vitrine.loja']);
    } finally {
      await call.putEntry('footer', 'social', { value: {}, isActive: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes the phone the assistant writes tappable', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openChat(page);
    await ask(page, 'qual o telefone de contato?');
    const phone = botMessages(page).last().locator('a[href^="tel:+55"]').first();
    await phone.waitFor();
    expect(await phone.getAttribute('target')).toBeNull();
    expect(await botMessages(page).last().locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says plainly that a demo installer is a demonstration package', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/apps');
    await page
      .getByRole('button', { name: /^Ver Detalhes de / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Downloads' }).click();
    const notice = dialog.getByTestId('demo-package').first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Pacote de demonstração');
    expect(errors).toEqual([]);
    await context.close();
  });
});
