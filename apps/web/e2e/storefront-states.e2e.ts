// How the storefront behaves when things go wrong or take room: lists that fail to load, toasts,
// and the app dialogs on a laptop screen.
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { sharedBaseUrl } from './support/server.ts';

const serverError = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Erro interno.' } }) });

const loadError = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/**
 * Opens a page as a visitor who comes to it from another page of the site: the app loads its lists
 * then. (Opened directly, a public page arrives with its lists in it.)
 */
async function openFromAnotherPage(page: Page, path: string) {
  await page.goto('/sobre');
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('the storefront when a list fails to load', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The three pages wait out the client's automatic retries, so they run side by side.
  describe.concurrent('shows an error with a retry, never an empty result, and the data once the retry succeeds', () => {
    it('on the app store', async ({ expect }) => {
      const { page, context } = await openPage(browser, baseUrl);
      await page.route('**/api/apps*', serverError);
      await openFromAnotherPage(page, '/apps');
      const error = loadError(page, 'Não foi possível carregar os aplicativos.');
      await error.waitFor({ timeout: 30_000 });
      expect(await page.getByText('Nenhum aplicativo encontrado com os filtros selecionados.').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Limpar filtros' }).count()).toBe(0);
      expect(await page.getByTestId('app-count').count()).toBe(0);

      await page.unroute('**/api/apps*');
      await error.getByRole('button', { name: 'Tentar novamente' }).click();
      await page.getByTestId('app-card').first().waitFor();
      expect(await error.count()).toBe(0);
      await context.close();
    });

    it('on the activation page', async ({ expect }) => {
      const { page, context } = await openPage(browser, baseUrl);
      await page.route('**/api/streaming-apps*', serverError);
      await openFromAnotherPage(page, '/apps/ativacao');
      const error = loadError(page, 'Não foi possível carregar os aplicativos.');
      await error.waitFor({ timeout: 30_000 });
      expect(await page.getByText('Nenhum aplicativo encontrado', { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('activation-count').count()).toBe(0);

      await page.unroute('**/api/streaming-apps*');
      await error.getByRole('button', { name: 'Tentar novamente' }).click();
      await page.getByTestId('streaming-price').first().waitFor();
      expect(await error.count()).toBe(0);
      await context.close();
    });

    it('on the reseller page, for the reseller plans and for the servers', async ({ expect }) => {
      const { page, context } = await openPage(browser, baseUrl);
      await page.route('**/api/reseller-plans*', serverError);
      await page.route('**/api/servers*', serverError);
      await openFromAnotherPage(page, '/streaming');
      const monthly = loadError(page, 'Não foi possível carregar os planos mensais.');
      const activeUsers = loadError(page, 'Não foi possível carregar os planos por clientes ativos.');
      const servers = loadError(page, 'Não foi possível carregar os servidores.');
      for (const error of [monthly, activeUsers, servers]) await error.waitFor({ timeout: 30_000 });
      expect(await page.getByText(/Nenhum .* disponível no momento/).count()).toBe(0);
      // The prepaid slider needs no data and keeps working.
      expect(await page.getByTestId('credit-total').isVisible()).toBe(true);

      await page.unroute('**/api/reseller-plans*');
      await page.unroute('**/api/servers*');
      await monthly.getByRole('button', { name: 'Tentar novamente' }).click();
      await page.getByText('Mínimo mensal:').first().waitFor();
      expect(await activeUsers.count()).toBe(0);
      await servers.getByRole('button', { name: 'Tentar novamente' }).click();
      await page.getByTestId('server-card').first().waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Não foi possível carregar' }).count()).toBe(0);
      await context.close();
    });
  });
});

describe('toasts', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('are announced in Portuguese, and a dismissed one leaves the page 500 ms later', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    // The page's clock is under the test's control, so the 500 ms are counted, not waited for.
    await page.clock.install();
    await page.route('**/api/plans', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message: 'Serviço indisponível.' } }) }),
    );
    // The home page arrives with its plans in it: the list is loaded (and fails) when the visitor
    // comes to it from another page.
    await page.goto('/sobre');
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erro ao carregar planos' });
    await toast.waitFor();
    expect(await page.getByRole('region', { name: /^Notificações/ }).count()).toBe(1);
    expect(await page.locator('section[aria-label^="Notifications"]').count()).toBe(0);

    // Hovering holds the toast's own 4.5 s timer; then time stands still until the test moves it.
    await toast.hover();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    await toast.getByRole('button', { name: 'Fechar notificação' }).click();

    await page.clock.runFor(499);
    await settle(page);
    expect(await toast.count()).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => toast.count()).toBe(0);
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await context.close();
  });
});

/** Lets the page finish the rendering work queued by the timers that just ran. */
function settle(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // React schedules its rendering through a MessageChannel, which the page clock does not hold.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Where an element ends up once its opening animation is over: the box stops changing. */
async function settledBox(locator: Locator) {
  // The page's running animations that end (the dialog's opening) first: a busy machine may draw no frame
  // between two looks at the box, so two equal boxes alone do not prove the animation is over.
  await locator.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let box = await locator.boundingBox();
  await expect
    .poll(async () => {
      const previous = box;
      box = await locator.boundingBox();
      return box !== null && JSON.stringify(box) === JSON.stringify(previous);
    })
    .toBe(true);
  return box!;
}

describe('the app dialogs on a laptop screen (1280 × 900)', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps each streaming app's price and 'Ativar Agora' in view without scrolling", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await page.goto('/apps/ativacao');
    const details = page.getByRole('button', { name: /^Detalhes de / });
    await details.first().waitFor();
    let longerThanTheScreen = 0;
    for (let index = 0; index < (await details.count()); index += 1) {
      await details.nth(index).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const box = await settledBox(dialog.getByRole('link', { name: 'Ativar Agora' }));
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      expect(await dialog.getByText(/^R\$ /).first().isVisible()).toBe(true);
      if (await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)) longerThanTheScreen += 1;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    // At least one app has more details than fit, so the foot of the dialog really was tested.
    expect(longerThanTheScreen).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the app detail dialog in place and of one size when switching tabs', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await page.goto('/apps');
    await page
      .getByRole('button', { name: /^Ver Detalhes de / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Visão Geral' }).waitFor();
    const first = await settledBox(dialog);
    for (const tab of ['Mídia', 'Downloads', 'Avaliações', 'Visão Geral']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect.poll(() => dialog.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
      expect(await dialog.boundingBox(), tab).toEqual(first);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
