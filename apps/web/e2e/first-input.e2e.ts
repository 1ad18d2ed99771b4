// Issue 30, "no dead zone": on a slow phone a public page shows seconds before its app is alive. Whatever
// the visitor types or taps in that window is kept and acted on once it is (src/boot.ts holds it,
// main.tsx hands it over after hydration). Each page here is opened on a 4× slower CPU with its app's
// code held back, used the moment it shows, and only then given its code: the answer must come.
//
// One page at a time: DevTools' CPU throttling makes the page's main thread spin while it is "suspended"
// (Chromium's ThreadCPUThrottler), so a throttled page keeps most of a core busy for as long as it is open,
// idle or not (2.6 s of CPU in 3 idle seconds, measured). Three at once on two cores starved the server and
// the other lane's browser file, and slowed the throttled pages themselves beyond the 4× they model.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import type { PRERENDERED_PATHS } from '../src/prerendered-paths.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { sharedBaseUrl } from './support/server.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const stillPrerendered = (page: Page) => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'));

interface Visit {
  /** What the visitor does as soon as the page shows (the app's code is not there yet). */
  act: (page: Page) => Promise<void>;
  /** The answer they get once the app is alive (`expect`: the test's own). */
  answer: (page: Page, expect: ExpectStatic) => Promise<void>;
}

const openMenu: Visit = {
  act: (page) => page.getByRole('button', { name: 'Abrir menu' }).click(),
  answer: async (page) => {
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Contato', exact: true }).waitFor();
  },
};

const contactFields = {
  Nome: 'Maria Cedo',
  'E-mail': 'maria.cedo@example.com',
  Assunto: 'Antes do app',
  Mensagem: 'Escrevi isto antes de a página ganhar vida.',
};

// Every prerendered page has its visit: a page added to the list fails the typecheck until it has one.
const VISITS: Record<(typeof PRERENDERED_PATHS)[number], Visit> = {
  '/': openMenu,
  '/sobre': openMenu,
  '/funcionalidades': openMenu,
  '/streaming': openMenu,
  '/knowledgebase': openMenu,
  '/docs': openMenu,
  '/privacidade': openMenu,
  '/termos': openMenu,
  '/contato': {
    act: async (page) => {
      for (const [name, value] of Object.entries(contactFields)) {
        await page.getByRole('textbox', { name, exact: true }).click();
        await page.keyboard.type(value);
      }
    },
    answer: async (page, expect) => {
      // The app takes the text typed before it (the button needs every field) and sends it.
      const send = page.getByRole('button', { name: 'Enviar Mensagem' });
      await expect.poll(() => send.isEnabled()).toBe(true);
      for (const [name, value] of Object.entries(contactFields)) expect(await page.getByRole('textbox', { name, exact: true }).inputValue()).toBe(value);
      await send.click();
      await toast(page, 'Mensagem Enviada!').waitFor();
    },
  },
  '/midia': {
    act: async (page) => {
      await page.getByRole('combobox', { name: 'Buscar filmes e séries' }).click();
      await page.keyboard.type('xyzzy nada disso');
    },
    answer: async (page, expect) => {
      await expect.poll(() => page.getByTestId('media-search-dropdown').textContent(), { timeout: 30_000 }).toContain('Nenhum resultado encontrado');
    },
  },
  '/apps': {
    act: async (page) => {
      await page.getByRole('searchbox', { name: 'Buscar aplicativos' }).click();
      await page.keyboard.type('xyzzy nada disso');
    },
    answer: (page) => page.getByText('Nenhum aplicativo encontrado com os filtros selecionados.').waitFor(),
  },
  '/apps/ativacao': {
    act: (page) =>
      page
        .getByRole('radio', { name: 'Revendedor' })
        .or(page.getByRole('button', { name: 'Revendedor' }))
        .click(),
    answer: (page) => page.getByText('Preços especiais para revendedores.').waitFor(),
  },
  '/chat': {
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Mensagem' }).click();
      await page.keyboard.type('Quais são os planos?');
      await page.keyboard.press('Enter');
    },
    answer: async (page, expect) => {
      await expect
        .poll(() => page.getByTestId('user-message').allTextContents(), { timeout: 30_000 })
        .toEqual([expect.stringContaining('Quais são os planos?')]);
      // The assistant answers it (a second message of its own, after the greeting), and the field is empty again.
      await expect.poll(() => page.getByTestId('bot-message').count(), { timeout: 30_000 }).toBe(2);
      expect(await page.getByRole('textbox', { name: 'Mensagem' }).inputValue()).toBe('');
    },
  },
};

describe('a public page used the moment it shows, on a slow phone', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.for(Object.entries(VISITS))('%s: what the visitor types and taps before the app is alive is acted on', async ([url, visit], { expect }) => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The app's entry waits until the visitor has acted: the page is surely not alive yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    await visit.act(page);
    expect(await stillPrerendered(page)).toBe(true);
    release();
    await visit.answer(page, expect);
    expect(await stillPrerendered(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
