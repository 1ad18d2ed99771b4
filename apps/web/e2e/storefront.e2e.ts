import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoInstaller, demoInstallerName } from '../../api/src/db/seed-app-files.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { E2E_ADMIN, sharedBaseUrl, startedShopDataDir, startServer } from './support/server.ts';

interface ApiApp {
  id: string;
  name: string;
  version: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Signs the seeded admin in through the API and returns the session cookie header. */
async function adminCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function generateDownloadCode(baseUrl: string, appId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/apps/${appId}/download-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: await adminCookie(baseUrl) },
    body: '{}',
  });
  expect(response.status).toBe(201);
  const { code } = (await response.json()) as { code: string };
  return code;
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

describe('the public storefront', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the three demo plans per month, and the annual savings when Anual is chosen', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/');
    const plans = page.getByTestId('plan-card');
    await expect.poll(() => plans.count()).toBe(3);
    const monthly = await plans.allTextContents();
    expect(monthly.join(' | ')).toMatch(/Básico.*R\$ 35,00\/mês/);
    expect(monthly.join(' | ')).toMatch(/Premium.*R\$ 40,00\/mês/);
    expect(monthly.join(' | ')).toMatch(/Family.*R\$ 50,00\/mês/);
    expect(monthly.join(' ')).not.toContain('Economize');
    const premium = page.getByRole('article', { name: 'Plano Premium' });
    expect(await premium.textContent()).toContain('Mais Popular');
    expect(await page.getByRole('article', { name: 'Plano Family' }).textContent()).toContain('Destaque');

    // 'Ver Planos' scrolls to the plans section.
    await page.getByRole('button', { name: 'Ver Planos' }).click();
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('planos')!.getBoundingClientRect().top))).toBeLessThan(120);

    await page.getByRole('radio', { name: 'Anual (-15%)' }).click();
    await expect.poll(() => premium.textContent()).toContain('Economize 15%');
    const annual = (await premium.textContent()) ?? '';
    expect(annual).toContain('R$ 408,00/ano');
    expect(annual).toContain('R$ 72,00'); // savings per year: 40 × 12 − 408
    expect(annual).toContain('R$ 34,00/mês'); // equivalent monthly cost
    expect(annual).toContain('R$ 6,00'); // monthly savings
    expect(await page.getByText('Economize 15%').count()).toBe(3);
    expect(await premium.getByRole('link', { name: 'Escolher Plano' }).getAttribute('href')).toBe('/chat?intent=plano&plano=Premium&periodo=anual');

    // Six featured apps in the teaser, with a link to the full store.
    await expect.poll(() => page.locator('#apps').getByTestId('app-card').count()).toBe(6);
    expect(await page.getByRole('link', { name: 'Ver todos os apps' }).getAttribute('href')).toBe('/apps');
    expect(await page.locator('#entretenimento').count()).toBe(1);
    // The public pages never download the admin or calculator code.
    expect(scripts.filter((url) => /\/assets\/(admin|pricing-calculator)/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the visitor when a list fails to load, without blocking the page', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.route('**/api/plans', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message: 'Serviço indisponível.' } }) }),
    );
    // The home page arrives with its plans in it: the list is loaded (and fails) when the visitor
    // comes to it from another page.
    await page.goto('/sobre');
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
    await toast(page, 'Erro ao carregar planos').waitFor();
    expect(await toast(page, 'Erro ao carregar planos').textContent()).toContain('Serviço indisponível.');
    await page.getByRole('alert').filter({ hasText: 'Não foi possível carregar os planos.' }).getByRole('button', { name: 'Tentar novamente' }).waitFor();
    expect(await page.getByText('Nenhum plano disponível no momento.').count()).toBe(0);
    await expect.poll(() => page.locator('#apps').getByTestId('app-card').count()).toBe(6);
    await context.close();
  });

  it('narrows the app store grid by search, category and filters, and clears them', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/apps');
    const cards = page.getByTestId('app-card');
    const count = page.getByTestId('app-count');
    await expect.poll(() => count.textContent()).toBe('7 aplicativos encontrados');

    // A tag match ('futebol' is a tag of Esporte Total), case-insensitive.
    await page.getByRole('searchbox', { name: 'Buscar aplicativos' }).fill('FUTEBOL');
    await expect.poll(() => count.textContent()).toBe('1 aplicativo encontrado');
    expect(await cards.first().getByRole('heading').textContent()).toBe('Esporte Total');

    await page.getByRole('searchbox', { name: 'Buscar aplicativos' }).fill('');
    await page.getByRole('group', { name: 'Categorias' }).getByRole('button', { name: 'Streaming' }).click();
    await expect.poll(() => count.textContent()).toBe('2 aplicativos encontrados');

    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Nome (A-Z)' }).click();
    await expect.poll(() => cards.locator('h3').allTextContents()).toEqual(['Cine Mobile', 'Vitrine Player']);

    await page.getByRole('searchbox', { name: 'Buscar aplicativos' }).fill('nada-disso');
    await page.getByText('Nenhum aplicativo encontrado com os filtros selecionados.').waitFor();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => count.textContent()).toBe('7 aplicativos encontrados');

    // Keyboard: a card's details open with Enter and close with Escape, focus back on the button.
    const details = page.getByRole('button', { name: 'Ver Detalhes de Kids Play' });
    await details.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Kids Play' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await details.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.getByRole('radio', { name: 'Lista' }).click();
    expect(await page.getByRole('radio', { name: 'Lista' }).getAttribute('aria-checked')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the real installer of the chosen platform, byte for byte, once per code', async () => {
    const apps = (await (await fetch(`${baseUrl}/api/apps`)).json()) as ApiApp[];
    const player = apps.find((app) => app.name === 'Vitrine Player')!;
    const cookie = await adminCookie(baseUrl);
    // The admin uploads an installer and attaches it to the Android platform.
    const installer = zipSync({ 'LEIA-ME.txt': strToU8(`Instalador de teste ${randomUUID()}`), 'app/dados.bin': randomBytes(64 * 1024) });
    const form = new FormData();
    form.append('file', new Blob([installer]), 'vitrine-player-android.zip');
    const uploaded = await fetch(`${baseUrl}/api/uploads/app-installers`, { method: 'POST', headers: { origin: baseUrl, cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { id: uploadId } = (await uploaded.json()) as { id: string };
    const attached = await fetch(`${baseUrl}/api/apps/${player.id}/files/android`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({ uploadId }),
    });
    expect(attached.status).toBe(200);
    const code = await generateDownloadCode(baseUrl, player.id);

    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/apps');
    await page.getByRole('button', { name: 'Ver Detalhes de Vitrine Player' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vitrine Player' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Vitrine Labs');
    await dialog.getByRole('tab', { name: 'Mídia' }).click();
    await dialog.getByRole('button', { name: 'Próxima mídia' }).waitFor();
    await dialog.getByRole('tab', { name: 'Avaliações' }).click();
    await dialog.getByText('5 estrelas').waitFor();
    await dialog.getByRole('tab', { name: 'Downloads' }).click();

    const android = dialog.getByRole('button', { name: 'Download para Android', exact: true });
    await android.click();
    await toast(page, 'Código necessário').waitFor();

    await dialog.getByLabel('Código de acesso').fill(code.toLowerCase());
    const [download] = await Promise.all([page.waitForEvent('download'), android.click()]);
    expect(download.suggestedFilename()).toBe('vitrine-player-android.zip');
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(installer));

    await dialog.getByLabel('Código de acesso').fill(code);
    await android.click();
    await toast(page, 'Código inválido').waitFor();
    expect(await toast(page, 'Código inválido').textContent()).toContain('O código informado não é válido ou já foi usado.');

    // The demo installer shipped with the seed is a real file too.
    const second = await generateDownloadCode(baseUrl, player.id);
    await dialog.getByLabel('Código de acesso').fill(second);
    const [windows] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download para Windows', exact: true }).click()]);
    expect(windows.suggestedFilename()).toBe(demoInstallerName('Vitrine Player', 'windows'));
    const demoBytes = await readFile((await windows.path())!);
    expect(sha256(demoBytes)).toBe(sha256(demoInstaller('Vitrine Player', player.version, 'windows')));
    expect(Object.keys(unzipSync(demoBytes))).toContain('LEIA-ME.txt');
    await context.close();
  });

  it('shows reseller prices on the activation page and opens the chat with the intent', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/apps/ativacao');
    await page.getByRole('heading', { name: 'Ativação de Apps' }).waitFor();
    const count = page.getByTestId('activation-count');
    await expect.poll(() => count.textContent()).toBe('6 aplicativos encontrados');
    const unitv = page.getByRole('article', { name: 'UniTV' });
    expect(await unitv.getByTestId('streaming-price').textContent()).toBe('R$ 30,00');
    expect(await page.getByText('Preço revendedor').count()).toBe(0);

    await page.getByRole('radio', { name: 'Revendedor' }).click();
    await expect.poll(() => unitv.getByTestId('streaming-price').textContent()).toBe('R$ 20,00');
    expect(await page.getByText('Preço revendedor').count()).toBe(6);
    expect(await unitv.getByRole('link', { name: 'Ativar UniTV' }).getAttribute('href')).toBe('/chat?intent=ativar&app=UniTV&modo=revendedor');
    // At most three tags on a card.
    expect(await unitv.getByRole('list', { name: 'Tags' }).getByRole('listitem').count()).toBe(3);

    await unitv.getByRole('button', { name: 'Detalhes de UniTV' }).click();
    const dialog = page.getByRole('dialog', { name: 'UniTV' });
    await dialog.waitFor();
    const details = (await dialog.textContent()) ?? '';
    for (const text of [
      'UniTV Group',
      '2.300 avaliações',
      'Preço especial para revendedores',
      'R$ 20,00',
      'Velocidade de internet',
      '10 Mbps',
      'Mensal e Anual',
      'Ativar Agora',
    ]) {
      expect(details).toContain(text);
    }
    await dialog.getByRole('button', { name: 'Funciona em Smart TV?' }).click();
    await dialog.getByText('Sim, em TVs Android e em TV Box.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('group', { name: 'Categorias em destaque' }).getByRole('button', { name: 'Esportes' }).click();
    await expect.poll(() => count.textContent()).toBe('1 aplicativo encontrado');
    await page.getByRole('searchbox', { name: 'Buscar aplicativos' }).fill('inexistente');
    await page.getByText('Nenhum aplicativo encontrado', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prices prepaid credits by tier and lists reseller plans and premium servers', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/streaming');
    expect(await page.getByTestId('credit-amount').textContent()).toBe('100');
    expect(await page.getByTestId('credit-unit-price').textContent()).toBe('R$ 4,00');
    expect(await page.getByTestId('credit-total').textContent()).toBe('R$ 400,00');
    await page.getByRole('slider', { name: 'Quantidade de créditos' }).focus();
    for (let step = 0; step < 8; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('credit-amount').textContent()).toBe('180');
    expect(await page.getByTestId('credit-unit-price').textContent()).toBe('R$ 2,00');
    expect(await page.getByTestId('credit-total').textContent()).toBe('R$ 360,00');

    await page.getByText('R$ 180,00').first().waitFor();
    expect(await page.getByText('Mínimo mensal:').count()).toBe(3);
    await expect.poll(() => page.getByTestId('server-card').count()).toBe(4);
    const server = (await page.getByRole('article', { name: 'UniTV Principal' }).textContent()) ?? '';
    for (const text of ['Pré-pago', 'UniTV Distribuidora', 'R$ 4,50', '100', 'R$ 450,00']) expect(server).toContain(text);
    expect(await page.getByRole('link', { name: 'Começar Vendas' }).first().getAttribute('href')).toMatch(/^\/chat\?intent=revenda/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores a contact message, shows the toast after the 2-second send and clears the form', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    // The form validates with the shared schemas without tripping the site's policy against eval.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await page.goto('/contato');
    const submit = page.getByRole('button', { name: 'Enviar Mensagem' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Maria Teste');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('maria@example.com');
    await page.getByRole('textbox', { name: 'Assunto', exact: true }).fill('Dúvida sobre planos');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Quero saber mais sobre o plano Family.');
    expect(await submit.isDisabled()).toBe(false);

    const started = Date.now();
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/contact') && candidate.request().method() === 'POST'),
      submit.click(),
    ]);
    expect(response.status()).toBe(201);
    expect(((await response.json()) as { id: string }).id).toBeTruthy();
    await toast(page, 'Mensagem Enviada!').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(await toast(page, 'Mensagem Enviada!').textContent()).toContain('Recebemos sua mensagem e responderemos em breve.');
    await expect.poll(() => page.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Mensagem', exact: true }).inputValue()).toBe('');
    expect(await page.getByText('Respondemos em até 24 horas').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('still sends the message when its validator cannot load, and says what the server refused', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    // The domain's content module (the message's schema, with Zod), which the form loads with its first check.
    await page.route(/\/assets\/content-[\w-]{8}\.js$/, (route) => route.abort());
    await page.goto('/contato');
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Maria Teste');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('maria@');
    await page.getByRole('textbox', { name: 'Assunto', exact: true }).fill('Dúvida');
    await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Quero saber mais.');
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/contact') && candidate.request().method() === 'POST'),
      page.getByRole('button', { name: 'Enviar Mensagem' }).click(),
    ]);
    expect(response.status()).toBe(400);
    expect(await toast(page, 'Erro ao enviar mensagem').textContent()).toContain('Verifique os campos e tente novamente.');
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe('maria@');
    await context.close();
  });

  it('names an opened FAQ answer by its question on the prerendered page (the app numbers its ids as the page does)', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/contato');
    const question = page.getByRole('button', { name: 'Em quanto tempo vocês respondem?' });
    await question.click();
    // The answer's region is named through aria-labelledby: by an id that must be the question's in the page.
    const answer = page.getByRole('region', { name: 'Em quanto tempo vocês respondem?' });
    await answer.waitFor();
    expect(await question.getAttribute('aria-controls')).toBe(await answer.getAttribute('id'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the legal texts from site configuration and the user guide with its table of contents', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/privacidade');
    await page.getByRole('heading', { level: 2, name: /Quem somos/ }).waitFor();
    await page.goto('/termos');
    await page.getByRole('heading', { level: 1, name: /Termos/ }).waitFor();
    await page.goto('/knowledgebase');
    const toc = page.getByRole('navigation', { name: 'Sumário' });
    await toc.getByRole('link', { name: 'Ativação de apps' }).first().click();
    await page.waitForURL('**/knowledgebase#ativacao-de-apps');
    await page.getByRole('heading', { name: 'Calculadora de preços' }).waitFor();
    // The guide's text is the server's HTML, kept as it was (the app did not parse the Markdown again: its
    // element holds that HTML as React's dangerouslySetInnerHTML, read from React's props on the element)...
    const keptAsHtml = await page.locator('[data-markdown]').evaluate((element) => {
      const props = Object.entries(element).find(([key]) => key.startsWith('__reactProps'))?.[1] as { dangerouslySetInnerHTML?: unknown } | undefined;
      return Boolean(props?.dangerouslySetInnerHTML);
    });
    expect(keptAsHtml).toBe(true);
    // ...and its links to other pages still move within the app.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('article').getByRole('link', { name: 'Loja de Apps' }).first().click();
    await page.waitForURL('**/apps');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goto('/sobre');
    for (const value of ['Segurança', 'Comunidade', 'Inovação', 'Excelência', '50K+', '99,9%', '1M+', '2020', '2024']) {
      expect(await page.locator('main').textContent()).toContain(value);
    }
    await page.goto('/funcionalidades');
    expect(await page.getByRole('link', { name: 'Testar IA Agora' }).first().getAttribute('href')).toBe('/chat?intent=testar-ia');
    expect(await page.getByRole('link', { name: 'Ver Planos' }).first().getAttribute('href')).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a contact message on a server of its own', () => {
  it('is stored in the database', async () => {
    const dataDir = startedShopDataDir();
    const browser = await launchBrowser();
    const server = await startServer({ dataDir });
    try {
      const { page, context } = await openPage(browser, server.url);
      await page.goto('/contato');
      await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Ana Registro');
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@example.com');
      await page.getByRole('textbox', { name: 'Assunto', exact: true }).fill('Revenda');
      await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Quero ser revendedora.');
      await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
      await toast(page, 'Mensagem Enviada!').waitFor();
      await context.close();
    } finally {
      expect(await server.stop()).toBe(0);
      await browser.close();
    }
    // The server is down, so this process may open the data directory and look.
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    try {
      const rows = await db.query<{ name: string; email: string; subject: string; message: string }>(
        'select name, email, subject, message from contact_messages',
      );
      expect(rows.rows).toEqual([{ name: 'Ana Registro', email: 'ana@example.com', subject: 'Revenda', message: 'Quero ser revendedora.' }]);
    } finally {
      await db.close();
    }
  });
});
