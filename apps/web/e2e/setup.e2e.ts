// The dashboard's 'Primeiros passos' on a shop that has set nothing yet (PUBLIC_URL included, which the
// server's start-up log also warns of): each pending step links to
// where it is done and leaves the list once done, at phone and desktop widths (the contact e-mail beside
// the contact messages); the PIX shortcut says payment is not configured until the shop's PIX key is set.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedAfterEachTest, launchBrowser, openPage } from './support/browser.ts';
import { giveContact } from './support/chat.ts';
import { E2E_ADMIN, repoRoot, startServer, type RunningServer } from './support/server.ts';

const shotsDir = process.env.SCREENSHOT_DIR ?? path.join(repoRoot, '.test-cache/screenshots');

describe('first-run checklist', () => {
  let browser: Browser;
  let server: RunningServer;
  const opened = closedAfterEachTest();

  const openAsAdmin = async (width: number) => {
    const result = await openPage(browser, server.url, { width, height: width > 800 ? 900 : 800 });
    opened.push(result.context);
    const signedIn = await result.context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } });
    expect(signedIn.status()).toBe(200);
    return result;
  };
  const checklist = (page: Page) => page.getByRole('region', { name: 'Primeiros passos' });

  beforeAll(async () => {
    // No PIX key, contact e-mail, SMTP, PUBLIC_URL or TMDB key: a shop that has just started (in production).
    server = await startServer({ env: { PIX_KEY: '', PIX_RECIPIENT: '', PIX_CITY: '', PUBLIC_URL: '' } });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists what is left at 360 and 1280 px, each step linking to where it is done', async () => {
    for (const width of [360, 1280]) {
      const { page, errors } = await openAsAdmin(width);
      await page.goto('/admin');
      const card = checklist(page);
      await card.waitFor();
      const steps = card.getByRole('link');
      expect(await steps.allTextContents()).toEqual([
        expect.stringContaining('Cadastre a chave PIX da loja'),
        expect.stringContaining('Informe o e-mail de contato'),
        expect.stringContaining('Configure o envio de e-mails'),
        expect.stringContaining('Informe o endereço público da loja'),
        expect.stringContaining('Cadastre a chave da TMDB'),
        expect.stringContaining('Convide um segundo administrador'),
      ]);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(shotsDir, `primeiros-passos-${width}.png`), fullPage: false });
      expect(errors).toEqual([]);
    }
    expect(server.logs()).toContain('PUBLIC_URL não definido');
  });

  it('the PIX shortcut says payment is not configured; once the key is set there, the step leaves the list and a PIX of what the visitor chose carries the key', async () => {
    const visitor = await openPage(browser, server.url, { width: 1280 });
    opened.push(visitor.context);
    const bot = visitor.page.getByTestId('bot-message');
    const pixShortcut = () => visitor.page.getByRole('group', { name: 'Atalhos' }).getByRole('button', { name: 'Pagar com PIX' });
    await visitor.page.goto('/chat');
    await bot.first().waitFor();
    // The shortcut asks the assistant for a PIX: without the shop's key it answers that payment is not configured.
    await pixShortcut().click();
    await bot.filter({ hasText: 'ainda não foi configurado pela loja' }).first().waitFor();
    expect(await visitor.page.getByRole('dialog', { name: 'Pagamento via PIX' }).count()).toBe(0);

    const { page } = await openAsAdmin(1280);
    await page.goto('/admin');
    await checklist(page)
      .getByRole('link', { name: /Cadastre a chave PIX da loja/ })
      .click();
    await page.waitForURL(/\/admin\/shortcuts/);
    const pixCard = page.locator('#pix-da-loja');
    await pixCard.getByLabel(/Chave PIX da loja/).fill('recebimentos@minhaloja.com.br');
    await pixCard.getByRole('button', { name: 'Salvar' }).first().click();
    await pixCard.getByText('definido no painel').first().waitFor();

    await page.goto('/admin');
    const card = checklist(page);
    await card.waitFor();
    expect(await card.getByRole('link', { name: /Cadastre a chave PIX da loja/ }).count()).toBe(0);

    // The contact e-mail is set beside the messages it receives (Atendimento → Mensagens de Contato), not under Modelos.
    await card.getByRole('link', { name: /Informe o e-mail de contato/ }).click();
    await page.waitForURL(/\/admin\/contact-messages#email-de-contato$/);
    const contactCard = page.locator('#email-de-contato');
    await contactCard.getByLabel('E-mail que recebe as mensagens de contato').fill('contato@minhaloja.com.br');
    await contactCard.getByRole('button', { name: 'Salvar' }).click();
    await contactCard.getByText('definido no painel').waitFor();
    await page.goto('/admin/models');
    await page.getByText('Pergunta de teste').waitFor();
    expect(await page.getByLabel('E-mail que recebe as mensagens de contato').count()).toBe(0);
    await page.goto('/admin');
    await card.waitFor();
    expect(await card.getByRole('link', { name: /Informe o e-mail de contato/ }).count()).toBe(0);

    // With the key set, a PIX of what the visitor chose carries it.
    const [plan] = (await (await fetch(`${server.url}/api/plans`)).json()) as Array<{ name: string }>;
    await visitor.page.reload();
    await bot.first().waitFor();
    const before = await bot.count();
    await visitor.page.getByRole('textbox', { name: 'Mensagem' }).fill(`quero o plano ${plan!.name} mensal`);
    await visitor.page.keyboard.press('Enter');
    await expect.poll(() => bot.count(), { timeout: 30_000 }).toBe(before + 1);
    await giveContact(visitor.page);
    await pixShortcut().click();
    await expect.poll(() => bot.count(), { timeout: 30_000 }).toBe(before + 3);
    await bot
      .last()
      .getByRole('button', { name: /^Pagar R\$ .* com PIX$/ })
      .click();
    const dialog = visitor.page.getByRole('dialog', { name: 'Pagamento via PIX' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('pix-brcode').textContent()).toContain('recebimentos@minhaloja.com.br');
  });
});
