// Reseller plans edited in their own row, as the specification's pattern has it: a row opens in place
// with the focus on its first field, the contract's Portuguese messages appear under the fields, Salvar
// saves pt-BR money ('1.500' is a thousand and five hundred), Cancelar and Esc discard and give the
// focus back; from 360 px (fields stacked) to 1440 px nothing scrolls sideways. A demo plan takes a
// price-only edit. The admin lists' search asks the server once typing pauses, not at every key.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedAfterEachTest, launchBrowser, openPage } from './support/browser.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('reseller plans edited in rows', () => {
  let browser: Browser;
  let server: RunningServer;
  const opened = closedAfterEachTest();

  let visitors = 0;
  const openAsAdmin = async (width: number) => {
    const result = await openPage(browser, server.url, { width });
    await result.context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.7.${++visitors}` });
    opened.push(result.context);
    const signedIn = await result.context.request.post(`${server.url}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: server.url } });
    expect(signedIn.status()).toBe(200);
    return result;
  };
  const createPlan = async (context: BrowserContext, name: string) => {
    const response = await context.request.post(`${server.url}/api/admin/reseller-plans`, {
      data: { name, type: 'prepaid', description: 'Plano do teste', modalidadePlano: 'single', credits: 10, price: 25, isActive: true, features: [] },
      headers: { origin: server.url },
    });
    expect(response.ok()).toBe(true);
  };

  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'true' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a row in place, shows the schema’s messages, saves pt-BR money and cancels with Esc', async () => {
    const { context, page, errors } = await openAsAdmin(1280);
    const name = `Plano Linha ${randomUUID().slice(0, 6)}`;
    await createPlan(context, name);
    await page.goto('/admin/reseller-plans');
    const row = page.getByRole('listitem', { name });
    await row.getByText('R$ 25,00').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const editing = page.getByRole('form', { name: `Editando ${name}` });
    await editing.waitFor();
    // The row opened where it was, with the focus on its first field.
    expect(await editing.getByLabel('Nome', { exact: true }).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await editing.getByLabel('Preço (R$)', { exact: true }).inputValue()).toBe('25,00');

    await editing.getByLabel('Nome', { exact: true }).fill('');
    await editing.getByLabel('Créditos', { exact: true }).fill('2000');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await editing.getByText('Nome, descrição e modalidade são obrigatórios').waitFor();
    await editing.getByText('Os créditos vão de 1 a 1.000.').waitFor();
    expect(await editing.getByLabel('Nome', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await editing.getByLabel('Nome', { exact: true }).fill(name);
    await editing.getByLabel('Créditos', { exact: true }).fill('1.000');
    await editing.getByLabel('Preço (R$)', { exact: true }).fill('1.500');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Plano atualizado com sucesso').waitFor();
    await row.getByText('R$ 1.500,00').waitFor();
    expect(await row.textContent()).toContain('1.000 créditos');
    // The focus is back on the row's 'Editar' button: Enter opens it again, Esc discards.
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Editar ${name}`);
    await page.keyboard.press('Enter');
    await editing.waitFor();
    await page.keyboard.type(' mudado');
    await page.keyboard.press('Escape');
    await editing.waitFor({ state: 'detached' });
    expect(await row.textContent()).not.toContain('mudado');
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Editar ${name}`);

    // Adding one: the same form above the list.
    const added = `Plano Novo ${randomUUID().slice(0, 6)}`;
    await page.getByRole('button', { name: 'Novo plano de revenda' }).click();
    const form = page.getByRole('form', { name: 'Novo plano de revenda' });
    await form.getByLabel('Nome', { exact: true }).fill(added);
    await form.getByLabel('Descrição', { exact: true }).fill('Criado na linha');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await form.getByText('Nome, descrição e modalidade são obrigatórios').waitFor();
    await form.getByLabel('Modalidade', { exact: true }).click();
    await page.getByRole('option', { name: 'Futebol' }).click();
    await form.getByLabel('Preço (R$)', { exact: true }).fill('1.234,56');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Plano adicionado com sucesso').waitFor();
    const addedRow = page.getByRole('listitem', { name: added });
    await addedRow.getByText('R$ 1.234,56').waitFor();
    expect(errors).toEqual([]);
  });

  it('saves a demo plan with only its price changed (the demo gives each plan the modalidade the form requires)', async () => {
    const { page, errors } = await openAsAdmin(1280);
    await page.goto('/admin/reseller-plans');
    const name = 'Mensal 150 créditos';
    const row = page.getByRole('listitem', { name });
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const editing = page.getByRole('form', { name: `Editando ${name}` });
    await editing.getByLabel('Preço (R$)', { exact: true }).fill('245');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Plano atualizado com sucesso').waitFor();
    await row.getByText('R$ 245,00').waitFor();
    expect(await row.textContent()).toContain('Pré-pago');
    expect(errors).toEqual([]);
  });

  it("the calculator's 'Planos para Clientes' tab: the same rows, and standard costs refused with the schema's message until they are numbers", async () => {
    const { context, page, errors } = await openAsAdmin(1280);
    const name = `Plano Calculadora ${randomUUID().slice(0, 6)}`;
    await createPlan(context, name);
    await page.goto('/pricing-calculator?aba=planos');
    await page.getByRole('listitem', { name }).getByText('R$ 25,00').waitFor();
    const costs = page.getByRole('form', { name: 'Custos padronizados' });
    await costs.getByLabel('Custo do crédito (R$)').fill('abc');
    await costs.getByRole('button', { name: 'Salvar custos' }).click();
    await costs.getByText('Informe um número como 1.234,56.').waitFor();
    await costs.getByLabel('Custo do crédito (R$)').fill('');
    await costs.getByRole('button', { name: 'Salvar custos' }).click();
    await costs.getByText('Informe um valor numérico').waitFor();
    await costs.getByLabel('Custo do crédito (R$)').fill('1.234,5');
    await costs.getByRole('button', { name: 'Salvar custos' }).click();
    await toast(page, 'Custos padronizados salvos').waitFor();
    await expect.poll(() => costs.getByLabel('Custo do crédito (R$)').inputValue()).toBe('1.234,50');
    expect(errors).toEqual([]);
  });

  it.each([
    ['/admin/reseller-plans', 'Buscar planos de revenda', '/api/admin/reseller-plans'],
    ['/admin/apps', 'Buscar aplicativos', '/api/admin/apps'],
  ])('searches %s once for a word typed key by key, and shows each key at once', async (path, box, endpoint) => {
    const { page, errors } = await openAsAdmin(1280);
    // The page's clock is under the test's control: the keys come 50 ms apart of the page's time however
    // slow the machine is, and the search's 300 ms wait is counted, not waited for.
    await page.clock.install();
    await page.goto(path);
    const search = page.getByRole('searchbox', { name: box });
    await search.waitFor();
    await page.waitForLoadState('networkidle');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === endpoint && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
    });
    await search.click();
    // A key every 50 ms, faster than the wait of 300 ms: the box shows every key as it comes.
    for (const [index, key] of [...'provedor'].entries()) {
      await page.keyboard.type(key);
      expect(await search.inputValue()).toBe('provedor'.slice(0, index + 1));
      await page.clock.runFor(50);
    }
    expect(searches).toEqual([]);
    await page.clock.runFor(300);
    await expect.poll(() => searches).toEqual(['provedor']);
    await page.clock.runFor(600);
    await page.waitForLoadState('networkidle');
    expect(searches).toEqual(['provedor']);
    expect(errors).toEqual([]);
  });

  it.each([360, 768, 1024, 1440])('fits an open row at %i px (its fields stacked below 640 px)', async (width) => {
    const { context, page, errors } = await openAsAdmin(width);
    const name = `Plano Largura ${width} ${randomUUID().slice(0, 4)}`;
    await createPlan(context, name);
    await page.goto('/admin/reseller-plans');
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const editing = page.getByRole('form', { name: `Editando ${name}` });
    await editing.getByRole('button', { name: 'Salvar' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const nameBox = (await editing.getByLabel('Nome', { exact: true }).boundingBox())!;
    const typeBox = (await editing.getByLabel('Tipo', { exact: true }).boundingBox())!;
    // One field under the other on a phone, side by side from a tablet up.
    if (width < 640) expect(typeBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
    else expect(typeBox.y).toBeCloseTo(nameBox.y, 0);
    for (const button of ['Salvar', 'Cancelar']) {
      const box = (await editing.getByRole('button', { name: button }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(errors).toEqual([]);
  });
});
