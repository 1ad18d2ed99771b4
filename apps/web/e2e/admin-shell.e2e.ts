// The admin panel's frame in Chromium, as the seeded admin on the shared server (nothing is written):
// the section lives in the URL (deep links, reload, back, unknown ids land on the dashboard), the
// sidebar collapses to icons with Ctrl/Cmd+B into the sidebar_state cookie and stays so after a
// reload, and under 768 px it is a drawer. A visitor who is not signed in is sent to /auth.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type OpenedPage } from './support/browser.ts';
import { E2E_ADMIN } from './support/server.ts';

const title = (page: Page) => page.getByRole('heading', { level: 1 });
const sidebarNav = (page: Page) => page.getByRole('navigation', { name: 'Seções do painel' });
/** The trigger in the top bar (the sidebar's rail is a second button of the same name). */
const trigger = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Alternar menu lateral' });
const pathname = (page: Page) => new URL(page.url()).pathname;
/** The width the sidebar takes on screen (its border included). */
const sidebarWidth = (page: Page) =>
  page.locator('[data-slot="sidebar-container"]').evaluate((element) => Math.round(element.getBoundingClientRect().width));
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the admin shell', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  const contexts: BrowserContext[] = [];

  const open = async (width = 1280): Promise<OpenedPage> => {
    const opened = await openPage(browser, baseUrl, { width, height: width < 768 ? 844 : 800 });
    contexts.push(opened.context);
    return opened;
  };
  /** Signed in through the API (the form has its own suite): the session cookie lands in the context. */
  const openAsAdmin = async (width = 1280): Promise<OpenedPage> => {
    const opened = await open(width);
    const signedIn = await opened.context.request.post(`${baseUrl}/api/auth/sign-in/email`, { data: E2E_ADMIN, headers: { origin: baseUrl } });
    expect(signedIn.status()).toBe(200);
    return opened;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('sends a visitor who is not signed in to /auth', async () => {
    const { page, errors } = await open();
    await page.goto('/admin/webhooks');
    await page.waitForURL(`${baseUrl}/auth`);
    expect(await sidebarNav(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the section in the URL: /admin, a click, a deep link, an unknown id, back and forward', async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin');
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await expect.poll(() => title(page).textContent()).toBe('Dashboard');
    expect(await page.getByText('v2.1.0', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Painel Administrativo', { exact: true }).isVisible()).toBe(true);

    const nav = sidebarNav(page);
    for (const group of ['Visão geral', 'Catálogo', 'Revenda', 'Atendimento', 'Integrações', 'Sistema']) {
      expect(await nav.getByText(group, { exact: true }).isVisible()).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBe('page');

    // A click on the sidebar changes the URL, the title and the highlighted item.
    await nav.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/webhooks`);
    await expect.poll(() => title(page).textContent()).toBe('Webhooks');
    await expect.poll(() => nav.getByRole('link', { name: 'Webhooks', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBeNull();
    await nav.getByRole('link', { name: 'Fornecedores', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/suppliers`);
    await expect.poll(() => title(page).textContent()).toBe('Fornecedores');
    // A section not built yet says what it will manage, and no more.
    const placeholder = page.getByTestId('section-placeholder');
    await expect.poll(() => placeholder.textContent()).toContain('Aqui você vai gerenciar os fornecedores');
    expect(await placeholder.textContent()).toContain('Esta seção ainda não está disponível.');

    // Back and forward walk the sections.
    await page.goBack();
    await page.waitForURL(`${baseUrl}/admin/webhooks`);
    await expect.poll(() => title(page).textContent()).toBe('Webhooks');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await expect.poll(() => title(page).textContent()).toBe('Dashboard');
    await page.goForward();
    await page.waitForURL(`${baseUrl}/admin/webhooks`);
    await expect.poll(() => title(page).textContent()).toBe('Webhooks');

    // A deep link and a reload open the section itself.
    await page.goto('/admin/conversations');
    await expect.poll(() => title(page).textContent()).toBe('Conversas do Chat');
    await page.reload();
    await expect.poll(() => title(page).textContent()).toBe('Conversas do Chat');
    expect(pathname(page)).toBe('/admin/conversations');

    // An unknown id shows the dashboard under its own URL, replacing the unknown one in the history.
    await page.goto('/admin/xyz');
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await expect.poll(() => title(page).textContent()).toBe('Dashboard');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/admin/conversations`);
    await expect.poll(() => title(page).textContent()).toBe('Conversas do Chat');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('opens a deep link in a fresh tab', async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto('/admin/webhooks');
    await expect.poll(() => title(page).textContent()).toBe('Webhooks');
    expect(pathname(page)).toBe('/admin/webhooks');
    expect(await sidebarNav(page).getByRole('link', { name: 'Webhooks', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
  });

  it('collapses to icons with Ctrl+B into the sidebar_state cookie, still collapsed after a reload', async () => {
    const { page, context, errors } = await openAsAdmin(1280);
    await page.goto('/admin/dashboard');
    await expect.poll(() => title(page).textContent()).toBe('Dashboard');
    const nav = sidebarNav(page);
    const cookie = async () => (await context.cookies()).find((item) => item.name === 'sidebar_state');

    // Open: 16rem, labels shown, no tooltip on hover.
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    expect(await trigger(page).getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Webhooks', exact: true }).hover();
    expect(await page.getByRole('tooltip').count()).toBe(0);

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    await expect.poll(async () => (await cookie())?.value).toBe('false');
    const stored = (await cookie())!;
    expect(stored.path).toBe('/');
    // max-age of 7 days.
    expect(stored.expires - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 120);
    expect(stored.expires - Date.now() / 1000).toBeLessThanOrEqual(7 * 86_400);
    expect(await trigger(page).getAttribute('aria-expanded')).toBe('false');
    // Icons only: the labels are gone from sight, the label lives on as the tooltip.
    expect(await nav.getByText('Webhooks', { exact: true }).isVisible()).toBe(false);
    await nav.getByRole('link', { name: 'Webhooks', exact: true }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Webhooks');
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.reload();
    await expect.poll(() => title(page).textContent()).toBe('Dashboard');
    expect(await sidebarWidth(page)).toBe(48);
    expect(await page.locator('[data-slot="sidebar"]').getAttribute('data-state')).toBe('collapsed');

    // Cmd+B (macOS) and the trigger toggle it as well.
    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    await expect.poll(async () => (await cookie())?.value).toBe('true');
    await trigger(page).click();
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    expect((await cookie())?.value).toBe('true');
    expect(errors).toEqual([]);
  });

  it('is a drawer at 390 px, opened by the trigger and closed after choosing a section', async () => {
    const { page, errors } = await openAsAdmin(390);
    await page.goto('/admin/dashboard');
    await expect.poll(() => title(page).textContent()).toBe('Dashboard');
    expect(await sidebarNav(page).count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);

    await trigger(page).click();
    const drawer = page.getByRole('dialog', { name: 'Seções do painel' });
    await drawer.waitFor();
    // 18rem wide, with the whole menu and the version.
    await expect.poll(() => drawer.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(288);
    expect(await drawer.getByText('v2.1.0', { exact: true }).isVisible()).toBe(true);
    expect(await sidebarNav(page).getByRole('link').count()).toBe(20);

    await sidebarNav(page).getByRole('link', { name: 'Planos', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/plans`);
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => title(page).textContent()).toBe('Planos');
    expect(await noSidewaysScroll(page)).toBe(true);

    // Escape closes it too, and the section stays.
    await trigger(page).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(pathname(page)).toBe('/admin/plans');
    expect(errors).toEqual([]);
  });
});
