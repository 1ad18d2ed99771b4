// PIX that confirms itself, in Chromium: a shop with a PSP (a fake one speaking API Pix over HTTPS with
// mutual TLS on loopback) offers a charge in the chat; when the PSP notifies the payment, the
// conversation shows 'Pagamento confirmado' without a reload, and Pagamentos lists it as paid. Each
// page is looked at from 360 to 1440 px: nothing scrolls sideways, the console stays clean. A customer's whole
// loop runs here too: the first PIX, Clientes, A entregar, the renewal reminder by e-mail (a real SMTP receiver)
// and the renewal paid on Minha assinatura.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { addCalendarMonths, formatIsoDate, saoPauloToday } from '@vitrine/domain/customers';
import { makeCertificates, newEndToEndId, startFakePsp, type FakePsp, type TestCertificates } from '../../api/test/fake-psp.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { giveContact } from './support/chat.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

const SCREENSHOTS = process.env.PAY_SCREENSHOTS;
/** PAY_SLOW_CPU=4: the customer's pages on a CPU that many times slower (a slow phone), to look at by hand. */
const SLOW_CPU = Number(process.env.PAY_SLOW_CPU ?? 1);
const WIDTHS = [360, 768, 1024, 1280, 1440];

/** No width from 360 to 1440 px scrolls sideways (the screenshots, with PAY_SCREENSHOTS, to look at). */
async function fitsEveryWidth(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} a ${width} px`).toBe(true);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

describe('PIX that confirms itself', () => {
  let browser: Browser;
  let server: RunningServer;
  let psp: FakePsp;
  let certificates: TestCertificates;
  let mailbox: Mailbox;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    certificates = makeCertificates();
    psp = await startFakePsp(certificates);
    mailbox = await startMailbox();
    // Every subscription is within the reminder window, and the sweep runs every 12 s (issue 46's setting).
    server = await startServer({
      env: { ...psp.env(), SEED_DEMO: 'true', SMTP_URL: mailbox.smtpUrl, RENEWAL_REMINDER_DAYS: '400', RENEWAL_CHECK_INTERVAL_MINUTES: '0.2' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await psp?.close();
    await mailbox?.close();
    if (certificates) fs.rmSync(certificates.dir, { recursive: true, force: true });
  });

  /** The PSP's charge made since `known` was taken. */
  const newCharge = (known: Set<string>) => [...psp.charges.values()].find((cob) => !known.has(cob.txid));
  /** The PSP pays the charge and notifies the shop's webhook (registered at start), as a bank would. */
  async function payAndNotify(charge: { txid: string; valor: { original: string } }) {
    await expect.poll(() => psp.webhooks.size, { timeout: 20_000 }).toBe(1);
    const [webhookUrl] = [...psp.webhooks.values()];
    const e2e = newEndToEndId();
    psp.pay(charge.txid, { endToEndId: e2e });
    const notified = await fetch(`${webhookUrl}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [{ endToEndId: e2e, txid: charge.txid, valor: charge.valor.original, horario: new Date().toISOString() }] }),
    });
    expect(notified.status).toBe(200);
    return e2e;
  }

  it("a paid charge shows 'Pagamento confirmado' in the chat, live, and appears in Pagamentos", async () => {
    const visitor = await openPage(browser, server.url, { width: 360, height: 740 });
    contexts.push(visitor.context);
    const { page } = visitor;
    await page.goto(chatIntentHref({ kind: 'plan', plan: 'Family', period: 'semiannual' }));
    await giveContact(page);
    const pay = page.getByRole('button', { name: /Pagar R\$\s?[\d.,]+ com PIX/ });
    await pay.waitFor({ timeout: 30_000 });

    // The charge the PSP made is the code the chat shows.
    expect(psp.charges.size).toBe(1);
    const [charge] = [...psp.charges.values()];
    await pay.click();
    await expect.poll(() => page.getByTestId('pix-brcode').textContent()).toBe(charge!.pixCopiaECola);
    await page.getByRole('button', { name: 'Fechar' }).first().click();

    // The webhook was registered at start; the PSP pays and notifies it.
    await expect.poll(() => psp.webhooks.size, { timeout: 20_000 }).toBe(1);
    const [webhookUrl] = [...psp.webhooks.values()];
    expect(webhookUrl).toBe(`${server.url}/api/payments/pix/webhook/${psp.env().PIX_WEBHOOK_SECRET}`);
    const e2e = await payAndNotify(charge!);

    const confirmed = page.getByTestId('payment-confirmed');
    await expect.poll(() => confirmed.textContent(), { timeout: 20_000 }).toContain('Pagamento confirmado');
    expect(await confirmed.textContent()).toContain('Family');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/chat-paid-${width}.png` });
    }
    expect(visitor.errors).toEqual([]);

    // Pagamentos, as the admin.
    const admin = await openPage(browser, server.url, { width: 1280 });
    contexts.push(admin.context);
    const signedIn = await admin.context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } });
    expect(signedIn.status()).toBe(200);
    await admin.page.goto('/admin/payments');
    const table = admin.page.getByRole('table', { name: 'Pagamentos' });
    await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain(e2e);
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('Pago');
    expect(text).toMatch(/R\$\s?[\d.]+,\d{2}/);
    for (const width of WIDTHS) {
      await admin.page.setViewportSize({ width, height: 800 });
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/admin-payments-${width}.png`, fullPage: true });
    }
    await admin.page.goto('/admin/dashboard');
    await expect.poll(() => admin.page.getByRole('region', { name: 'Pagamentos' }).textContent(), { timeout: 20_000 }).toContain('Receita paga');
    if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/admin-dashboard-1280.png` });
    expect(admin.errors).toEqual([]);
  });

  it("a reseller goes from a monthly plan's link to 'Pagamento confirmado': the PIX pays that plan's first month", async () => {
    const visitor = await openPage(browser, server.url, { width: 360, height: 740 });
    contexts.push(visitor.context);
    const { page } = visitor;
    const bots = page.getByTestId('bot-message');
    let known = new Set(psp.charges.keys());
    await page.goto(chatIntentHref({ kind: 'resell', planType: 'monthly', plan: 'Mensal 100 créditos' }));
    // Bot 1 asks for a name and a contact; bot 2, answering it, has the PIX.
    await giveContact(page);
    await bots.nth(2).getByRole('button', { name: 'Pagar R$ 180,00 com PIX' }).waitFor({ timeout: 30_000 });
    const quote = (await bots.nth(2).textContent()) ?? '';
    expect(quote).toContain('Gerei um PIX de R$ 180,00 para o primeiro mês (100 créditos)');
    expect(quote).not.toContain('pré-pago');
    expect(newCharge(known)?.valor.original).toBe('180.00');

    // 'Pagar com PIX' afterwards pays the plan just chosen: a new charge of its price, not a question.
    known = new Set(psp.charges.keys());
    await bots.nth(2).getByRole('button', { name: 'Pagar com PIX', exact: true }).click();
    const pay = bots.nth(3).getByRole('button', { name: 'Pagar R$ 180,00 com PIX' });
    await pay.waitFor({ timeout: 30_000 });
    const charge = newCharge(known)!;
    expect(charge.valor.original).toBe('180.00');
    await pay.click();
    await expect.poll(() => page.getByTestId('pix-brcode').textContent()).toBe(charge.pixCopiaECola);
    await page.getByRole('button', { name: 'Fechar' }).first().click();

    await payAndNotify(charge);
    const confirmed = bots.nth(3).getByTestId('payment-confirmed');
    await expect.poll(() => confirmed.textContent(), { timeout: 20_000 }).toContain('Pagamento confirmado');
    expect(await confirmed.textContent()).toContain('Revenda Mensal 100 créditos — primeiro mês');
    expect(visitor.errors).toEqual([]);
  });
  it('a customer buys Premium anual in the chat, is found under Clientes, gets the delivery in the conversation, and renews from the reminder e-mail a year further', async () => {
    const email = 'joana.almeida@exemplo.com';
    const today = saoPauloToday(new Date());

    // The customer: Premium anual, a name and an e-mail, the PIX paid, 'Pagamento confirmado'.
    const visitor = await openPage(browser, server.url, { width: 360, height: 740 });
    contexts.push(visitor.context);
    const { page } = visitor;
    if (SLOW_CPU > 1) await (await visitor.context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
    let known = new Set(psp.charges.keys());
    await page.goto(chatIntentHref({ kind: 'plan', plan: 'Premium', period: 'annual' }));
    await page.getByRole('form', { name: 'Seu nome e contato' }).waitFor({ timeout: 30_000 });
    await fitsEveryWidth(page, 'chat-contato');
    await page.setViewportSize({ width: 360, height: 740 });
    await giveContact(page, `Joana Almeida, ${email}`);
    await page.getByRole('button', { name: 'Pagar R$ 408,00 com PIX' }).waitFor({ timeout: 30_000 });
    const charge = newCharge(known)!;
    expect(charge.valor.original).toBe('408.00');
    await payAndNotify(charge);
    const confirmed = page.getByTestId('payment-confirmed');
    await expect.poll(() => confirmed.textContent(), { timeout: 20_000 }).toContain('Pagamento confirmado');

    // The operator: Clientes has her with the plan and its end a year ahead; A entregar delivers.
    const endsOn = formatIsoDate(addCalendarMonths(today, 12));
    const admin = await openPage(browser, server.url, { width: 1280 });
    contexts.push(admin.context);
    const signedIn = await admin.context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } });
    expect(signedIn.status()).toBe(200);
    await admin.page.goto('/admin/customers');
    const row = admin.page.getByRole('table', { name: 'Clientes' }).getByRole('row').filter({ hasText: 'Joana Almeida' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(endsOn);
    expect(await row.textContent()).toContain('Premium');
    await fitsEveryWidth(admin.page, 'admin-clientes');
    await admin.page.goto('/admin/deliveries');
    const item = admin.page.getByRole('list', { name: 'A entregar' }).getByRole('listitem').filter({ hasText: 'Joana Almeida' });
    await item.waitFor();
    await fitsEveryWidth(admin.page, 'admin-a-entregar');
    const access = 'Usuário: joana.premium — Senha: Prm-4821 — app: Vitrine TV';
    await item.getByLabel('O que o cliente recebe').fill(access);
    await item.getByRole('button', { name: 'Marcar como entregue' }).click();
    await admin.page.getByRole('list', { name: 'A entregar' }).getByText('Joana Almeida').waitFor({ state: 'detached', timeout: 20_000 });
    expect(admin.errors).toEqual([]);

    // The delivery shows in her conversation, live.
    await expect.poll(() => page.getByTestId('bot-message').last().textContent(), { timeout: 20_000 }).toContain(access);

    // The reminder (every subscription is due at RENEWAL_REMINDER_DAYS=400) arrives within a minute and opens
    // Minha assinatura; the renewal paid there moves the end a year further.
    const isReminder = (mail: { text: string }) => /\/minha-assinatura\?t=/.test(mail.text) && mail.text.includes('vence');
    await expect.poll(() => mailbox.messagesTo(email).some(isReminder), { timeout: 60_000, interval: 250 }).toBe(true);
    const reminder = mailbox.messagesTo(email).find(isReminder);
    const link = /(https?:\/\/\S+\/minha-assinatura\?t=[\w-]+)/.exec(reminder!.text)![1]!;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await expect.poll(() => page.getByTestId('subscription-ends-on').textContent(), { timeout: 20_000 }).toBe(endsOn);
    expect(await page.getByTestId('subscription-plan').textContent()).toContain('Premium');
    expect(await page.getByTestId('delivery').first().textContent()).toContain(access);
    await fitsEveryWidth(page, 'minha-assinatura');
    await page.setViewportSize({ width: 360, height: 740 });
    known = new Set(psp.charges.keys());
    await page.getByRole('button', { name: 'Renovar com PIX' }).click();
    await page.getByRole('dialog', { name: 'Pagamento via PIX' }).waitFor();
    await expect.poll(() => newCharge(known)?.valor.original, { timeout: 20_000 }).toBe('408.00');
    await payAndNotify(newCharge(known)!);
    await expect.poll(() => page.getByTestId('subscription-ends-on').textContent(), { timeout: 30_000 }).toBe(formatIsoDate(addCalendarMonths(today, 24)));
    expect(visitor.errors).toEqual([]);
  });
});
