// The chat assistant in Chromium, against one server for the whole file. With TEST_DATABASE_URL (CI)
// it runs on its own PostgreSQL database, so the tests can change prices and shortcuts from outside
// the server, as an admin or another instance would; without it, the shared server is used and the
// tests that need such changes are skipped.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecordingTime } from '@vitrine/domain/chat-text';
import { parseBrCode } from '@vitrine/domain/pix';
import { withDatabase } from '../../api/test/database.ts';
import { startReceiver, type Receiver } from '../../api/test/webhook-receiver.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { ask, botMessages, giveContact, lastBotText, openChat } from './support/chat.ts';
import { adminCookie, E2E_SHOP_PIX, sharedBaseUrl, startServer, type RunningServer } from './support/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const MiB = 1024 * 1024;
// Answers come after the specification's delay (1.5 s) and the server's work: poll for them generously.
const answered = { timeout: 15_000 };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let browser: Browser;
let baseUrl: string;
let server: RunningServer | undefined;
let databaseName: string | undefined;
let databaseUrl: string | undefined;

async function sql(text: string, values: unknown[] = [], url = databaseUrl ?? adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  browser = await launchBrowser({ extraArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
  if (!adminUrl) {
    baseUrl = sharedBaseUrl();
    return;
  }
  databaseName = `vitrine_e2e_chat_${randomBytes(5).toString('hex')}`;
  await sql(`create database ${databaseName}`, [], adminUrl);
  databaseUrl = withDatabase(adminUrl, databaseName);
  // A shop on its own PostgreSQL starts without the demo: this one asks for it (its plans and shortcuts are what the chat offers).
  server = await startServer({ env: { DATABASE_URL: databaseUrl, AUTH_SECRET: 'e2e-chat-secret-e2e-chat-secret-e2e-0', SEED_DEMO: 'true' } });
  baseUrl = server.url;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (databaseName) await sql(`drop database if exists ${databaseName} with (force)`, [], adminUrl);
});

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const brCodeField = (brCode: string, id: string) => {
  const parsed = parseBrCode(brCode);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.fields.get(id);
};

describe('talking to the assistant', () => {
  it('answers the Premium price with a typing indicator first; Enter sends, Shift+Enter breaks the line, blank text cannot be sent', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openChat(page);
    // Inside the site's layout: the header and its links are there.
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).waitFor();

    const input = page.getByRole('textbox', { name: 'Mensagem' });
    const send = page.getByRole('button', { name: 'Enviar mensagem' });
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await input.press('Enter');
    expect(await page.getByTestId('user-message').count()).toBe(0);

    await input.fill('quanto custa');
    await input.press('Shift+Enter');
    await input.pressSequentially(' o plano premium?');
    expect(await input.inputValue()).toBe('quanto custa\n o plano premium?');
    expect(await page.getByTestId('user-message').count()).toBe(0);
    // Whether a message ever shows its Markdown as written (the renderer loads apart from the page).
    await page.evaluate(() => {
      const seen = window as unknown as { markdownShownRaw?: boolean };
      new MutationObserver(() => {
        for (const content of document.querySelectorAll('[data-testid="bot-message"] [data-testid="message-content"]')) {
          if (content.textContent?.includes('**')) seen.markdownShownRaw = true;
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await input.press('Enter');
    await page.getByTestId('typing-indicator').waitFor();
    expect(await input.inputValue()).toBe('');
    await expect.poll(() => botMessages(page).count(), answered).toBe(2);
    expect(await page.getByTestId('typing-indicator').count()).toBe(0);
    expect(await lastBotText(page)).toContain('O plano Premium custa R$ 40,00/mês');
    // Its Markdown rendered (the renderer loads apart from the page): the plan's name in bold, no asterisks.
    expect(await botMessages(page).last().locator('strong', { hasText: 'Premium' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { markdownShownRaw?: boolean }).markdownShownRaw ?? false)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.skipIf(!adminUrl)('answers with the new price right after it changes in the database', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await openChat(page);
    expect(await ask(page, 'quanto custa o plano premium?')).toContain('R$ 40,00/mês');
    await sql(`update plans set price_monthly = 44.90 where name = 'Premium'`);
    try {
      const answer = await ask(page, 'quanto custa o plano premium?');
      expect(answer).toContain('O plano Premium custa R$ 44,90/mês');
      expect(answer).not.toContain('R$ 40,00');
    } finally {
      await sql(`update plans set price_monthly = 40 where name = 'Premium'`);
    }
    await context.close();
  });

  it('keeps the conversation and its feedback after a reload', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    let feedbackAnswers = 0;
    page.on('response', (response) => {
      if (response.url().includes('/feedback') && response.ok()) feedbackAnswers += 1;
    });
    await openChat(page);
    await ask(page, 'Como funciona?');
    const answer = botMessages(page).last();
    const useful = answer.getByRole('button', { name: 'Resposta útil' });
    await useful.click();
    await expect.poll(() => useful.getAttribute('aria-pressed'), answered).toBe('true');
    const greetingNotUseful = botMessages(page).first().getByRole('button', { name: 'Resposta não útil' });
    await greetingNotUseful.click();
    // A second click on the same thumb takes it back; the other thumb then sets it.
    await greetingNotUseful.click();
    await expect.poll(() => greetingNotUseful.getAttribute('aria-pressed'), answered).toBe('false');
    await botMessages(page).first().getByRole('button', { name: 'Resposta útil' }).click();
    // Four thumbs clicked, four writes answered, before the page reloads.
    await expect.poll(() => feedbackAnswers, answered).toBe(4);

    await page.reload();
    await expect.poll(() => botMessages(page).count(), answered).toBe(2);
    expect(await page.getByTestId('user-message').getByTestId('message-content').textContent()).toBe('Como funciona?');
    expect(await botMessages(page).last().getByRole('button', { name: 'Resposta útil' }).getAttribute('aria-pressed')).toBe('true');
    expect(await botMessages(page).first().getByRole('button', { name: 'Resposta útil' }).getAttribute('aria-pressed')).toBe('true');
    expect(await botMessages(page).first().getByRole('button', { name: 'Resposta não útil' }).getAttribute('aria-pressed')).toBe('false');

    // 'Nova conversa' starts again from the greeting.
    await page.getByRole('button', { name: 'Nova conversa' }).click();
    await expect.poll(() => page.getByTestId('user-message').count(), answered).toBe(0);
    expect(await botMessages(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a PIX of the Premium annual price once Premium and Anual are chosen, in the PIX dialog', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openChat(page);
    // The shop has its own key (PIX_KEY): the demo's PIX shortcut is no longer called an example.
    const bar = page.getByRole('group', { name: 'Atalhos' });
    await bar.getByRole('button', { name: 'Pagar com PIX', exact: true }).waitFor({ timeout: 10_000 });
    expect(await bar.textContent()).not.toContain('exemplo');
    await ask(page, 'quero o plano premium');
    await botMessages(page).last().getByRole('button', { name: 'Anual' }).click();
    await expect.poll(() => botMessages(page).count(), answered).toBe(3);
    expect(await lastBotText(page)).toContain('Plano Premium — Anual');
    await giveContact(page);

    await botMessages(page).last().getByRole('button', { name: 'Pagar R$ 408,00 com PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento via PIX' });
    await dialog.waitFor();
    // The dialog's notices are said inside it (a toast would cover it on a phone).
    expect(await dialog.getByTestId('pix-notice').textContent()).toBe('PIX Aberto');
    const brCode = (await dialog.getByTestId('pix-brcode').textContent())!;
    expect(brCodeField(brCode, '54')).toBe('408.00');
    expect(await dialog.getByTestId('pix-value').textContent()).toBe('R$ 408,00');
    expect(await dialog.getByTestId('pix-recipient').textContent()).toBe('Vitrine Streaming');
    // A QR code of 200 px.
    expect(
      await dialog.locator('canvas').evaluate((canvas) => (canvas as HTMLCanvasElement).style.width || String((canvas as HTMLCanvasElement).width)),
    ).toMatch(/^200/);

    await dialog.getByRole('button', { name: 'Copiar chave PIX' }).click();
    await expect.poll(() => dialog.getByTestId('pix-notice').textContent()).toBe('Chave PIX Copiada!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_SHOP_PIX.key);
    await dialog.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect.poll(() => dialog.getByTestId('pix-notice').textContent()).toBe('Código PIX Copiado!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Baixar QR Code' }).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file).subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);

    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('files and voice notes', () => {
  it('refuses an image over 10 MB and a file that is not an image, with the specification’s messages', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await openChat(page);
    const picker = page.getByTestId('image-input');
    await picker.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(10 * MiB + 1 - PNG.length, 7)]) });
    await toast(page, 'Erro no upload').waitFor();
    expect(await toast(page, 'Erro no upload').textContent()).toContain('Arquivo muito grande. Tamanho máximo: 10MB');

    await picker.setInputFiles({ name: 'contrato.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n') });
    await expect
      .poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Tipo de imagem não suportado. Use: JPG, PNG, GIF ou WebP' }).count(), answered)
      .toBe(1);
    expect(await page.getByTestId('user-message').count()).toBe(0);

    // A real image goes through and is shown from the server.
    await picker.setInputFiles({ name: 'print.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'Arquivo enviado').waitFor();
    const image = page.getByTestId('user-message').getByTestId('message-image');
    await expect.poll(() => image.getAttribute('src'), answered).toMatch(/^\/api\/chat\/conversations\/.+\/files\//);
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), answered).toBe(1);
    expect(await lastBotText(page)).toContain('Recebi sua imagem');
    await context.close();
  });

  it('records a voice note with a running timer, posts it and plays it back showing its length; the toast covers neither microphone nor send', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openChat(page);
    await page.getByRole('button', { name: 'Gravar áudio' }).click();
    const timer = page.getByTestId('recording-time');
    await expect.poll(() => timer.textContent(), answered).toBe('0:00');
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toBe('0:01');
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toBe('0:02');
    await page.getByRole('button', { name: 'Parar gravação' }).click();
    await toast(page, 'Áudio enviado').waitFor();
    // Held on screen (a hovered toast waits) while the controls under it are looked at.
    await toast(page, 'Áudio enviado').hover();
    const send = page.getByRole('button', { name: 'Enviar mensagem' });
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('oi');
    await expect.poll(() => send.isEnabled(), answered).toBe(true);
    // The toast is shown, and what is under the centre of the microphone and send buttons is the button itself.
    const uncovered = () =>
      page.evaluate(() => {
        const shown = document.querySelector('[data-sonner-toast]');
        if (!shown) return 'no toast';
        const box = shown.getBoundingClientRect();
        return ['Gravar áudio', 'Enviar mensagem'].map((label) => {
          const button = document.querySelector(`button[aria-label="${label}"]`)!;
          const rect = button.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          const overlaps = box.left < rect.right && rect.left < box.right && box.top < rect.bottom && rect.top < box.bottom;
          return `${label}: ${button.contains(hit) && !overlaps ? 'livre' : 'coberto'}`;
        });
      });
    await expect.poll(uncovered).toEqual(['Gravar áudio: livre', 'Enviar mensagem: livre']);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(uncovered).toEqual(['Gravar áudio: livre', 'Enviar mensagem: livre']);

    const audio = page.getByTestId('user-message').getByTestId('message-audio');
    await expect.poll(() => audio.getAttribute('src'), answered).toMatch(/^\/api\/chat\/conversations\/.+\/files\//);
    // The stored recording loads in the <audio> element (its metadata is read).
    await expect.poll(() => audio.evaluate((element) => (element as HTMLAudioElement).readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((element) => (element as HTMLAudioElement).error)).toBeNull();
    // Its player shows the note's length (a WebM recording states none: it would read 0:00), about two seconds.
    const length = async () => formatRecordingTime(await audio.evaluate((element) => (element as HTMLAudioElement).duration));
    await expect.poll(length, { timeout: 10_000 }).toMatch(/^0:0[1-3]$/);
    expect(await audio.evaluate((element) => (element as HTMLAudioElement).currentTime)).toBe(0);
    expect(await lastBotText(page)).toContain('Recebi seu áudio');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the visitor when the microphone is refused', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await openChat(page);
    await page.getByRole('button', { name: 'Gravar áudio' }).click();
    await toast(page, 'Erro de permissão').waitFor();
    expect(await toast(page, 'Erro de permissão').textContent()).toContain('Não foi possível acessar o microfone. Verifique as permissões.');
    await context.close();
  });
});

describe('storefront buttons open the chat with the intent answered', () => {
  /** Follows a storefront link and checks the visitor's stated message and the answer. */
  async function follow(page: Page, click: () => Promise<void>, said: string, answered: string | RegExp) {
    await click();
    await page.waitForURL('**/chat');
    await expect.poll(() => page.getByTestId('user-message').first().getByTestId('message-content').textContent(), { timeout: 10_000 }).toBe(said);
    await expect.poll(() => botMessages(page).count(), { timeout: 10_000 }).toBe(2);
    const answer = await lastBotText(page);
    if (typeof answered === 'string') expect(answer).toContain(answered);
    else expect(answer).toMatch(answered);
  }

  it('Escolher Plano (Premium, Anual) on the home page', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('radio', { name: 'Anual (-15%)' }).click();
    const premium = page.getByRole('article', { name: 'Plano Premium' });
    await follow(page, () => premium.getByRole('link', { name: 'Escolher Plano' }).click(), 'Quero assinar o plano Premium (Anual).', 'Plano Premium — Anual');
    await giveContact(page);
    const pix = botMessages(page).last().getByRole('button', { name: 'Pagar R$ 408,00 com PIX' });
    await pix.waitFor();
    // The address is cleaned: a reload shows the conversation, it does not state the intent again.
    await page.reload();
    await expect.poll(() => botMessages(page).count(), answered).toBe(3);
    expect(await page.getByTestId('user-message').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Ativar and Ativar Agora on the activation page, and Falar com o suporte', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/apps/ativacao');
    await page.getByRole('radio', { name: 'Revendedor' }).click();
    await follow(
      page,
      () => page.getByRole('article', { name: 'UniTV' }).getByRole('link', { name: 'Ativar UniTV' }).click(),
      'Quero ativar o app UniTV (preço de revendedor).',
      'UniTV (Filmes e Séries): R$ 20,00 no preço de revendedor',
    );
    // Not a dead end: a PIX of the activation's price (once the visitor gave a name and contact; asked only this once).
    await giveContact(page);
    await botMessages(page).last().getByRole('button', { name: 'Pagar R$ 20,00 com PIX' }).waitFor();

    await page.goto('/apps/ativacao');
    await page.getByRole('article', { name: 'UniTV' }).getByRole('button', { name: 'Detalhes de UniTV' }).click();
    await follow(
      page,
      () => page.getByRole('dialog', { name: 'UniTV' }).getByRole('link', { name: 'Ativar Agora' }).click(),
      'Quero ativar o app UniTV (cliente final).',
      'UniTV (Filmes e Séries): R$ 30,00 para cliente final',
    );
    await botMessages(page).last().getByRole('button', { name: 'Pagar R$ 30,00 com PIX' }).waitFor();

    await page.goto('/apps/ativacao');
    await follow(
      page,
      () => page.getByRole('link', { name: 'Falar com o suporte' }).click(),
      'Preciso de ajuda para ativar um app.',
      'Qual app você quer ativar?',
    );
    await context.close();
  });

  it('Começar Vendas on the reseller page, from the hero, the credit slider and the plan lists', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    const cases: [(page: Page) => Promise<void>, string, string][] = [
      [(p) => p.getByRole('link', { name: 'Começar Vendas' }).first().click(), 'Quero começar a revender.', 'Para revendedores temos'],
      // The credit slider, at its default of 100 credits.
      [
        (p) => p.getByRole('link', { name: 'Começar Vendas' }).nth(1).click(),
        'Quero começar a revender: modalidade Pré-pago, 100 créditos.',
        '100 créditos pré-pagos: R$ 4,00 por crédito, total de R$ 400,00',
      ],
      [
        (p) => p.getByRole('article', { name: 'Mensal 50 créditos' }).getByRole('link', { name: 'Começar Vendas' }).click(),
        'Quero começar a revender: modalidade Mensal, plano Mensal 50 créditos.',
        'Mensal 50 créditos: 50 créditos por R$ 120,00/mês',
      ],
      [
        (p) => p.getByRole('article', { name: 'Clientes Ativos 10' }).getByRole('link', { name: 'Começar Vendas' }).click(),
        'Quero começar a revender: modalidade Clientes Ativos, plano Clientes Ativos 10.',
        'Clientes Ativos 10: R$ 6,50 por cliente ativo, mínimo mensal de R$ 65,00',
      ],
    ];
    for (const [click, said, answered] of cases) {
      await page.goto('/streaming');
      await page.getByTestId('credit-total').waitFor();
      await follow(page, () => click(page), said, answered);
    }
    await context.close();
  });

  it('Testar IA Agora on the features page', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/funcionalidades');
    await follow(
      page,
      () => page.getByRole('link', { name: 'Testar IA Agora' }).first().click(),
      'Quero testar o assistente.',
      'Sou o assistente virtual da Vitrine',
    );
    await context.close();
  });
});

describe.skipIf(!adminUrl)('shortcuts', () => {
  let receiver: Receiver;
  let failing: Receiver;
  let releaseSecond!: () => void;
  const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
  beforeAll(async () => {
    // Fails twice, then accepts: asking for a retry one second later each time; the second attempt is
    // held open until the test has seen the card say it is not delivered yet.
    receiver = await startReceiver((_request, index) =>
      index < 2 ? { status: 503, headers: { 'retry-after': '1' }, ...(index === 1 ? { after: secondHeld } : {}) } : { status: 204 },
    );
    // Never accepts, and asks for its retries at once: the run fails for good in a moment.
    failing = await startReceiver(() => ({ status: 503, headers: { 'retry-after': '0' } }));
  });
  afterAll(async () => {
    releaseSecond();
    await receiver?.close();
    await failing?.close();
  });

  it('shows the first four shortcuts with a toggle for the rest, and sends a webhook shortcut signed, retried and logged', async () => {
    const [shortcut] = await sql(
      `insert into shortcuts (name, type, webhook_url, payload, order_index) values ('Chamar revenda', 'webhook', $1, '{"origem":"e2e"}', 3) returning id`,
      [receiver.url],
    );
    await sql(
      `insert into shortcuts (name, type, order_index) values ('Atalho Quatro', 'webhook', 4), ('Atalho Cinco', 'webhook', 5), ('Atalho Seis', 'webhook', 6)`,
    );
    await sql(`insert into shortcuts (name, type, webhook_url, order_index) values ('Chamar suporte', 'webhook', $1, 7)`, [failing.url]);
    const { page, context, errors } = await openPage(browser, baseUrl);
    try {
      await openChat(page);
      const bar = page.getByRole('group', { name: 'Atalhos' });
      await expect.poll(() => bar.getByRole('button').count(), answered).toBe(5); // four and the toggle
      expect(await bar.getByRole('button', { name: 'Atalho Cinco' }).count()).toBe(0);
      await bar.getByRole('button', { name: 'Mostrar mais (3)' }).click();
      await bar.getByRole('button', { name: 'Atalho Seis' }).waitFor();
      await bar.getByRole('button', { name: 'Mostrar menos' }).click();
      expect(await bar.getByRole('button', { name: 'Atalho Seis' }).count()).toBe(0);

      await bar.getByRole('button', { name: 'Atalho Quatro' }).click();
      await toast(page, 'Erro no Atalho').waitFor();
      expect(await toast(page, 'Erro no Atalho').textContent()).toContain('URL do webhook não configurada');

      await bar.getByRole('button', { name: 'Chamar revenda' }).click();
      // Registered, not "success": the conversation follows the run until it is delivered.
      const run = page.getByTestId('shortcut-run').filter({ hasText: 'Chamar revenda' });
      await run.waitFor();
      expect(await page.getByText('executado com sucesso').count()).toBe(0);
      // The first attempt failed: the card says so at once (not after the last retry), with what else to do.
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 15_000 }).toBe('retrying');
      expect(await run.textContent()).toContain('Ainda não entregue');
      expect(await run.textContent()).toContain('Continuamos tentando');
      await run.getByRole('button', { name: 'Falar com um humano' }).waitFor();
      await run.getByTestId('other-channels').waitFor();
      // A later attempt succeeds: the same card says delivered.
      releaseSecond();
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
      expect(await run.textContent()).toContain('Solicitação entregue');
      expect(await run.getByRole('button', { name: 'Falar com um humano' }).count()).toBe(0);

      // Every attempt fails: after the last one the card says it was not delivered.
      await bar.getByRole('button', { name: 'Mostrar mais (3)' }).click();
      await bar.getByRole('button', { name: 'Chamar suporte' }).click();
      const lost = page.getByTestId('shortcut-run').filter({ hasText: 'Chamar suporte' });
      await expect.poll(() => lost.getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
      expect(await lost.textContent()).toContain('Solicitação não entregue');

      await expect.poll(() => receiver.requests.length, { timeout: 30_000 }).toBe(3);
      const cookie = await adminCookie(baseUrl);
      const endpoint = await fetch(`${baseUrl}/api/chat/admin/shortcuts/${shortcut!.id as string}/webhook-endpoint`, { headers: { cookie } });
      const { secret } = (await endpoint.json()) as { secret: string };
      const body = new Webhook(secret).verify(receiver.requests[2]!.body, receiver.requests[2]!.headers) as Record<string, unknown>;
      expect(body).toMatchObject({ origem: 'e2e', shortcut_id: shortcut!.id, shortcut_name: 'Chamar revenda' });
      expect(new Set(receiver.requests.map((request) => request.id)).size).toBe(1);

      await expect
        .poll(
          async () => {
            const response = await fetch(`${baseUrl}/api/chat/admin/shortcut-runs?shortcutId=${shortcut!.id as string}`, { headers: { cookie } });
            const list = ((await response.json()) as { items: { success: boolean; attempts: { statusCode: number }[] }[] }).items;
            return list[0]?.success ? list[0].attempts.map((attempt) => attempt.statusCode) : null;
          },
          { timeout: 15_000 },
        )
        .toEqual([503, 503, 204]);
      // The shortcut without a URL was refused (400) on purpose: the browser logs that response.
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    } finally {
      await context.close();
      await sql(`delete from shortcuts where name in ('Chamar revenda', 'Chamar suporte', 'Atalho Quatro', 'Atalho Cinco', 'Atalho Seis')`);
    }
  });
});

describe('the chat page at every width', () => {
  const widths = [360, 768, 1024, 1280, 1440];
  for (const signedIn of [false, true]) {
    it(`fits without sideways scrolling, the composer in view, ${signedIn ? 'signed in' : 'signed out'}`, async () => {
      const cookie = signedIn ? await adminCookie(baseUrl) : undefined;
      const { page, context, errors } = await openPage(browser, baseUrl, { width: widths[0]!, height: 740 });
      if (cookie) {
        const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
        await context.addCookies([{ name, value, url: baseUrl }]);
      }
      await openChat(page);
      await ask(page, 'quanto custa o plano premium?');
      // One conversation, laid out again at each width.
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 700 ? 740 : 860 });
        await expect.poll(() => page.evaluate(() => window.innerWidth), { message: `largura ${width}` }).toBe(width);
        const layout = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          composerBottom: document.querySelector('form textarea')!.getBoundingClientRect().bottom,
          innerHeight: window.innerHeight,
        }));
        expect(layout.scrollWidth, `largura ${width}`).toBeLessThanOrEqual(layout.innerWidth);
        expect(layout.composerBottom, `largura ${width}`).toBeLessThanOrEqual(layout.innerHeight);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
