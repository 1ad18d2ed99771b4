// WhatsApp answered from the admin, in Chromium: a shop whose WHATSAPP_* point at a fake Graph API on loopback
// gets a customer's messages as Meta delivers them (signed); the admin, signed in through the form, finds the
// conversation in Conversas with its 'WhatsApp' badge, reads the assistant's answer formatted (its Markdown,
// not asterisks), replies from the dialog — the reply reaches the number through the Graph API, and the dialog
// shows how its send went — and hands the conversation back to the assistant, which answers the next message.
// The dialog is looked at with a long answer at 360 and 1280 px: nothing scrolls sideways, nothing is cut.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../../api/test/fake-graph.ts';
import { delivery, PHONE_NUMBER_ID, sign, WHATSAPP_ENV } from '../../api/test/whatsapp-deliveries.ts';
import { closedAfterEachTest, launchBrowser, openPage } from './support/browser.ts';
import { adminCaller, adminCookie, E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

/** CONVERSAS_SCREENSHOTS=/some/dir: the dialog's screenshots at each width, to look at. */
const SCREENSHOTS = process.env.CONVERSAS_SCREENSHOTS;

// This file's own plan: its answer is the long Markdown one (bold name, a list of periods, the features).
const PLAN = {
  name: 'Aurora Max',
  priceMonthly: 47.9,
  features: [
    'Quatro telas ao mesmo tempo, em casa ou fora dela, na TV, no celular, no tablet e no computador',
    'Filmes e séries em 4K com HDR quando o título e o aparelho permitem',
    'Canais ao vivo de esportes, notícias e infantis com guia de programação de sete dias',
    'Perfis separados para cada pessoa da família, com controle dos pais por perfil',
    // A word longer than a phone's line: it must wrap, not push the dialog sideways.
    'Guia em https://vitrine.example/ajuda/AuroraMaxComoInstalarEmCadaAparelhoPassoAPassoComAsFotosDeCadaTela',
    'Suporte pelo WhatsApp todos os dias, das 8h às 22h',
  ],
  active: true,
};

describe('WhatsApp answered from the admin', () => {
  let browser: Browser;
  let server: RunningServer;
  let graph: FakeGraph;
  const opened = closedAfterEachTest();

  beforeAll(async () => {
    graph = await startFakeGraph();
    // The fake Graph API is on loopback: the guarded outbound client refuses it without ALLOW_PRIVATE_WEBHOOKS.
    server = await startServer({ env: { ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.apiUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' } });
    await adminCaller(server.url, await adminCookie(server.url))('POST', '/api/admin/plans', PLAN);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph?.close();
  });

  /** What the Graph API was asked to send to `waId`, in order. */
  const sentTo = (waId: string) => graph.sent().filter((call) => call.body.to === waId);
  const shown = (waId: string) => sentTo(waId).map((call) => call.body.text?.body ?? JSON.stringify(call.body.interactive ?? {}));

  /** A customer's text, delivered to the webhook as Meta does (signed with the app's secret). */
  async function customerSays(from: string, text: string) {
    const raw = JSON.stringify(delivery({ messages: [{ from, text, name: 'Cliente Aurora' }] }));
    const response = await fetch(`${server.url}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
      body: raw,
    });
    expect(response.status, await response.text()).toBe(200);
  }

  /** Neither the page nor the dialog scrolls sideways, and every message lies inside the dialog. */
  async function fitsAt(page: Page, dialog: Locator, width: number) {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    // The dialog's width follows the new viewport in a 200 ms transition: measured once it has ended.
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const layout = await dialog.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const cut = [...element.querySelectorAll('li, p, a, strong')]
        .map((child) => child.getBoundingClientRect())
        .filter((child) => child.width > 0 && (child.left < box.left - 0.5 || child.right > box.right + 0.5)).length;
      return {
        page: document.documentElement.scrollWidth <= window.innerWidth,
        dialog: element.scrollWidth <= element.clientWidth,
        inside: box.left >= 0 && box.right <= window.innerWidth,
        cut,
      };
    });
    expect(layout, `a ${width} px`).toEqual({ page: true, dialog: true, inside: true, cut: 0 });
    if (SCREENSHOTS) {
      // The dialog scrolls on its own: its top, its middle and its end.
      for (const [part, at] of [
        ['inicio', 0],
        ['meio', 0.4],
        ['fim', 1],
      ] as const) {
        await dialog.evaluate((element, share) => element.scrollTo(0, (element.scrollHeight - element.clientHeight) * share), at);
        await page.screenshot({ path: `${SCREENSHOTS}/conversa-whatsapp-${width}-${part}.png` });
      }
    }
  }

  it("a customer's WhatsApp messages reach Conversas; the admin reads the formatted answer, replies to the number and hands the conversation back", async () => {
    const from = '5511987653001';
    await customerSays(from, `quanto custa o plano ${PLAN.name}?`);
    // On WhatsApp the answer's bold is WhatsApp's own (*…*); the conversation keeps the assistant's Markdown (**…**).
    await expect.poll(() => shown(from).join('\n'), { timeout: 20_000 }).toContain(`*${PLAN.name}*`);
    await customerSays(from, 'Falar com atendente');
    await expect.poll(() => shown(from).join('\n'), { timeout: 20_000 }).toContain('atendente humano');

    // The admin signs in through the form on the way to the panel, and opens Conversas from its menu.
    const { page, context, errors } = await openPage(browser, server.url);
    opened.push(context);
    await page.goto('/admin');
    await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('link', { name: 'Conversas do Chat' }).click();
    await page.waitForURL(/\/admin\/conversations$/);
    const row = page.getByRole('table', { name: 'Conversas do assistente' }).getByRole('row').filter({ hasText: 'Registrei seu pedido' });
    await row.getByText('WhatsApp', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Atendente (1)');
    await row.getByRole('button', { name: 'Ver' }).click();

    const dialog = page.getByRole('dialog', { name: /Conversa/ });
    await dialog.getByText('WhatsApp', { exact: true }).waitFor();
    const answer = dialog.getByTestId('assistant-message').filter({ hasText: PLAN.name });
    await answer.locator('strong', { hasText: PLAN.name }).waitFor();
    expect(await answer.textContent()).not.toContain('**');
    expect(await answer.locator('li').count()).toBeGreaterThanOrEqual(4);
    expect(await dialog.getByTestId('customer-message').allTextContents()).toEqual([
      expect.stringContaining(`plano ${PLAN.name}`),
      expect.stringContaining('Falar com atendente'),
    ]);
    // The answer went out on WhatsApp.
    await expect.poll(() => answer.textContent()).toContain('WhatsApp: Enviada ao WhatsApp');
    await dialog.getByText('Atendimento humano').waitFor();

    for (const width of [360, 1280]) await fitsAt(page, dialog, width);

    // The operator's reply, typed in the dialog: to the number, through the Graph API, with its state shown under it.
    const reply = 'Olá! Aqui é a Ana, do atendimento.\nSeu plano Aurora Max fica ativo assim que o PIX for pago.';
    const before = sentTo(from).length;
    await dialog.getByLabel('Resposta pelo WhatsApp').fill(reply);
    await dialog.getByRole('button', { name: 'Enviar pelo WhatsApp' }).click();
    await expect
      .poll(() => sentTo(from).slice(before))
      .toEqual([
        expect.objectContaining({
          phoneNumberId: PHONE_NUMBER_ID,
          authorization: `Bearer ${WHATSAPP_ENV.WHATSAPP_ACCESS_TOKEN}`,
          body: expect.objectContaining({ to: from, type: 'text', text: expect.objectContaining({ body: reply }) }),
        }),
      ]);
    const operator = dialog.getByTestId('operator-message');
    await expect.poll(() => operator.textContent()).toContain('WhatsApp: Enviada ao WhatsApp');
    expect(await operator.textContent()).toContain(reply);
    expect(await dialog.getByLabel('Resposta pelo WhatsApp').inputValue()).toBe('');

    // Handed back: the assistant answers the customer's next message again, and the dialog shows it live.
    await dialog.getByRole('button', { name: 'Devolver ao assistente' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Conversa devolvida ao assistente' }).first().waitFor();
    await dialog.getByText('O assistente responde esta conversa.', { exact: false }).waitFor();
    expect(await dialog.getByText('Atendimento humano').count()).toBe(0);
    const [answered, answers] = [sentTo(from).length, await dialog.getByTestId('assistant-message').count()];
    await customerSays(from, `e o plano ${PLAN.name} anual?`);
    await expect.poll(() => sentTo(from).length, { timeout: 20_000 }).toBeGreaterThan(answered);
    await expect.poll(() => dialog.getByTestId('assistant-message').count(), { timeout: 20_000 }).toBe(answers + 1);
    expect(errors).toEqual([]);
  });
});
