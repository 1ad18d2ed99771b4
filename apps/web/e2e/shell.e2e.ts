import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '../src/prerendered-paths.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { adminCaller, adminCookie, sharedBaseUrl, startedShopDataDir, startServer } from './support/server.ts';

const headerLinks = [
  ['Início', '/'],
  ['Sobre', '/sobre'],
  ['Funcionalidades', '/funcionalidades'],
  ['Revendas', '/streaming'],
  ['Mídia', '/midia'],
  ['Apps', '/apps/ativacao'],
  ['Loja de Apps', '/apps'],
  ['Documentação', '/knowledgebase'],
  ['Contato', '/contato'],
] as const;

/** The public site's pages, which the server renders with their data and the app hydrates. */
const PRERENDERED = PRERENDERED_PATHS;

/** From the next page the tab opens: whether an element matching the selector was ever in it (`wasSeen`). */
const recordWhetherSeen = (page: Page, selector: string) =>
  page.addInitScript((watched) => {
    const flags = window as unknown as { vitrineSeen: boolean };
    flags.vitrineSeen = false;
    new MutationObserver(() => {
      if (document.querySelector(watched)) flags.vitrineSeen = true;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
const wasSeen = (page: Page) => page.evaluate(() => (window as unknown as { vitrineSeen: boolean }).vitrineSeen);

describe('the storefront shell', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  /** Waits until the server answers the page rendered with its data (it renders on the first request after a change). */
  const renderedWithData = (url: string) =>
    expect.poll(async () => (await (await fetch(`${baseUrl}${url}`)).text()).includes('id="page-data"'), { timeout: 10_000 }).toBe(true);

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the home page in Portuguese with the nine header links (both app pages among them) and the chat button', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    for (const [label, href] of headerLinks) {
      await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    }
    await page.getByRole('link', { name: 'Iniciar Chat' }).first().click();
    await page.waitForURL('**/chat');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints the public pages before any script runs, then the app takes the page over', async () => {
    // Without JavaScript: the build's prerendered page, inert (nothing on it can be half used); with it,
    // boot.ts lifts that and holds what the visitor does until the app is alive (first-input.e2e.ts).
    const noScript = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'pt-BR' });
    const still = await noScript.newPage();
    for (const [url, heading] of [
      ['/', 'Tudo o que você ama assistir'],
      ['/streaming', 'Revenda streaming e lucre com cada cliente'],
      ['/midia', 'Filmes e Séries'],
      ['/apps/ativacao?categoria=esportes', 'Ativação de Apps'],
    ] as const) {
      await still.goto(url);
      expect(await still.locator('h1').first().textContent()).toContain(heading);
      expect(await still.locator('#root').getAttribute('inert')).toBe('');
    }
    // The chat greets at once: its loading state is the assistant's first message.
    await still.goto('/chat');
    expect(await still.locator('main').textContent()).toContain('Olá! Sou o assistente virtual da Vitrine.');
    // Pages outside the public site get the empty shell.
    await still.goto('/admin');
    expect(await still.locator('#root').innerHTML()).toBe('');
    await noScript.close();

    // A visitor who scrolls the prerendered page keeps their place when the app takes over (its
    // script held back here, so the scroll surely happens first).
    const held = await openPage(browser, baseUrl);
    await held.page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await held.page.goto('/', { waitUntil: 'commit' });
    await held.page.locator('h1').waitFor();
    await held.page.mouse.wheel(0, 1_200);
    await expect.poll(() => held.page.evaluate(() => window.scrollY)).toBe(1_200);
    expect(await held.page.locator('#root').getAttribute('data-prerendered')).toBe('');
    await expect.poll(() => held.page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
    await held.page.waitForTimeout(600); // longer than the site's smooth scrolling would take to reach the top
    expect(await held.page.evaluate(() => window.scrollY)).toBe(1_200);
    expect(held.errors).toEqual([]);
    await held.context.close();

    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/streaming');
    await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('inert') || root.hasAttribute('data-prerendered'))).toBe(false);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Sobre', exact: true }).click();
    await page.waitForURL('**/sobre');
    await page.getByRole('heading', { level: 1, name: 'Sobre a Vitrine' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders /midia's hero in the page from the cached trending list (its image preloaded), and the app keeps it without a loading state", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const trending = (await (await page.request.get('/api/media/lists/movie/trending')).json()) as { results: { title: string }[] };
    const title = trending.results[0]!.title;
    await renderedWithData('/midia');

    // Without JavaScript: the banner is in the HTML, with the preloaded image.
    const noScript = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'pt-BR' });
    const still = await noScript.newPage();
    const response = await still.goto('/midia');
    const link = response?.headers().link ?? '';
    const preloaded = /^<([^>]+)>; rel=preload; as=image; fetchpriority=high$/.exec(link)?.[1];
    expect(preloaded, link).toBeTruthy();
    const stillHero = still.getByTestId('media-hero');
    expect(await stillHero.getByRole('heading', { level: 2 }).textContent()).toBe(title);
    expect(await stillHero.getAttribute('aria-label')).toBe(`Em destaque: ${title}`);
    expect(await stillHero.locator('img').first().getAttribute('src')).toBe(preloaded);
    expect(await still.getByTestId('media-hero-loading').count()).toBe(0);
    await noScript.close();

    // With JavaScript: the app renders the same banner from the list in the page, never its skeleton.
    await page.addInitScript(() => {
      const flags = window as unknown as { heroSkeletonSeen: boolean };
      flags.heroSkeletonSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="media-hero-loading"]')) flags.heroSkeletonSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/midia');
    await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
    const hero = page.getByTestId('media-hero');
    expect(await hero.getByRole('heading', { level: 2 }).textContent()).toBe(title);
    expect(await hero.locator('img').first().getAttribute('src')).toBe(preloaded);
    expect(await page.evaluate(() => (window as unknown as { heroSkeletonSeen: boolean }).heroSkeletonSeen)).toBe(false);
    // Live: 'Mais Informações' opens the title's details.
    await hero.getByRole('button', { name: 'Mais Informações' }).click();
    await expect.poll(async () => (await page.getByRole('dialog').textContent()) ?? '').toContain(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders the home page with its plans before any script, and a plan an admin changes is in the next visitor's page", async () => {
    const call = adminCaller(baseUrl, await adminCookie(baseUrl));
    const name = `Plano Página ${Date.now().toString(36)}`;
    const plan = (await call('POST', '/api/admin/plans', { name, priceMonthly: 123.45, features: ['Tela <b>cheia</b>'], active: true, displayOrder: 9_998 }))!;
    try {
      const noScript = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'pt-BR' });
      const still = await noScript.newPage();
      const card = () => still.getByRole('heading', { name }).locator('xpath=ancestor::*[@data-testid="plan-card"][1]');
      // Rendered with the plan as the page was asked for (the first visitor after a change may get the
      // page as built while the server renders it).
      await expect.poll(async () => (await still.goto('/'), await still.getByRole('heading', { name }).count()), { timeout: 10_000 }).toBe(1);
      expect(await card().textContent()).toContain('R$ 123,45');
      expect(await card().textContent()).toContain('Tela <b>cheia</b>');

      await call('PATCH', `/api/admin/plans/${plan.id}`, { priceMonthly: 99.9, expectedUpdatedAt: plan.updatedAt });
      await expect.poll(async () => (await still.goto('/'), await card().textContent()), { timeout: 10_000 }).toContain('R$ 99,90');
      await noScript.close();

      // With JavaScript: the app hydrates that page, with the same plan and no loading state.
      const { page, context, errors } = await openPage(browser, baseUrl);
      await recordWhetherSeen(page, '[data-testid="plans-loading"]');
      await page.goto('/');
      await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
      expect(await page.getByRole('heading', { name }).count()).toBe(1);
      expect(await wasSeen(page)).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await call('DELETE', `/api/admin/plans/${plan.id}`);
    }
  });

  it('renders the privacy policy in the page before any script: its text is the largest paint', async () => {
    const call = adminCaller(baseUrl, await adminCookie(baseUrl));
    const legal = (await (await fetch(`${baseUrl}/api/site-config/legal`)).json()) as { entries: Record<string, unknown> };
    const original = legal.entries.privacy;
    const marker = `Privacidade na página ${Date.now().toString(36)}`;
    await call.putEntry('legal', 'privacy', {
      value: { title: marker, updatedAt: '2026-11-27', body: `## ${marker}\n\nTratamos seus dados com cuidado.` },
      isActive: true,
    });
    try {
      const noScript = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'pt-BR' });
      const still = await noScript.newPage();
      await expect
        .poll(async () => (await still.goto('/privacidade'), await still.getByRole('heading', { level: 1 }).textContent()), { timeout: 10_000 })
        .toBe(marker);
      expect(await still.locator('article').textContent()).toContain('Tratamos seus dados com cuidado.');
      expect(await still.locator('[data-slot="skeleton"]').count()).toBe(0);
      await noScript.close();
    } finally {
      if (original !== undefined) await call.putEntry('legal', 'privacy', { value: original });
    }
  });

  it('renders the catalogue, reseller and chat pages with their lists, and the app starts from them without asking again', async () => {
    const call = adminCaller(baseUrl, await adminCookie(baseUrl));
    const name = `Lista Página ${Date.now().toString(36)}`;
    const streaming = (await call('POST', '/api/admin/streaming-apps', {
      name,
      category: 'esportes',
      price: 12.34,
      description: 'Na página',
      features: [],
      faq: [],
      isActive: true,
    }))!;
    const plan = (await call('POST', '/api/admin/reseller-plans', {
      name,
      type: 'monthly',
      description: 'Na página',
      modalidadePlano: 'single',
      credits: 10,
      pricePerCredit: 2.5,
      minimumMonthly: 50,
      isActive: true,
      features: [],
    }))!;
    try {
      // Without JavaScript: each new row is in its page's HTML (the first visitor after a change may get
      // the page as built while the server renders it again).
      const noScript = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'pt-BR' });
      const still = await noScript.newPage();
      for (const url of ['/apps/ativacao', '/streaming']) {
        await expect
          .poll(async () => (await still.goto(url), await still.getByRole('article', { name, exact: true }).count()), { timeout: 10_000 })
          .toBeGreaterThan(0);
      }
      // The activation page's category filter names its choice before any script.
      await still.goto('/apps/ativacao');
      expect(await still.getByRole('combobox', { name: 'Categoria' }).textContent()).toBe('Todas as Categorias');
      await noScript.close();

      // With JavaScript: the page hydrates with those lists, shows no loading state, and asks for none of
      // them while it comes to life. (Once its change stream is open, the app reads the page's answers
      // again, for a change made between the server's read and that moment.)
      const lists = ['/api/streaming-apps', '/api/reseller-plans', '/api/servers', '/api/apps', '/api/apps/categories', '/api/chat/shortcuts'];
      const { page, context, errors } = await openPage(browser, baseUrl);
      await recordWhetherSeen(page, '[data-slot="skeleton"]');
      let requested: string[] = [];
      let current = '';
      // Only what the page being tested asks for: the page before it, whose stream has just opened, may still
      // be reading its answers again while the next one loads.
      page.on('request', (request) => {
        if (new URL(request.frame().url()).pathname === current) requested.push(new URL(request.url()).pathname);
      });
      for (const url of ['/apps/ativacao', '/streaming', '/apps', '/chat']) {
        await renderedWithData(url);
        requested = [];
        current = url;
        await page.goto(url);
        await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
        await expect.poll(() => requested.includes('/api/events')).toBe(true);
        const beforeStream = requested.slice(0, requested.indexOf('/api/events'));
        expect(
          beforeStream.filter((pathname) => lists.includes(pathname)),
          url,
        ).toEqual([]);
        expect(await wasSeen(page), url).toBe(false);
      }
      // The category filter lists its options once opened, and narrows the grid to the one chosen.
      await page.goto('/apps/ativacao');
      expect(await page.getByRole('article', { name, exact: true }).count()).toBe(1);
      const category = page.getByRole('combobox', { name: 'Categoria' });
      expect(await page.getByRole('option').count()).toBe(0);
      // Typing on the closed select chooses by the option's first letters, accents aside.
      await category.focus();
      await page.keyboard.type('mu');
      await expect.poll(() => category.textContent()).toBe('Música');
      expect(await page.getByRole('option').count()).toBe(0);
      expect(await page.getByRole('article', { name, exact: true }).count()).toBe(0);
      await category.click();
      await page.getByRole('option', { name: 'Música' }).click();
      await expect.poll(() => category.textContent()).toBe('Música');
      expect(await page.getByRole('article', { name, exact: true }).count()).toBe(0);
      await category.click();
      await page.getByRole('option', { name: 'Esportes' }).click();
      await expect.poll(() => category.textContent()).toBe('Esportes');
      expect(await page.getByRole('article', { name, exact: true }).count()).toBe(1);
      expect(await page.getByRole('option').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await call('DELETE', `/api/admin/streaming-apps/${streaming.id}`);
      await call('DELETE', `/api/admin/reseller-plans/${plan.id}`);
    }
  });

  it('hydrates every prerendered page as the server rendered it, at a phone and a desktop width', async () => {
    for (const url of PRERENDERED) await renderedWithData(url);
    for (const width of [360, 1280]) {
      const { page, context, errors } = await openPage(browser, baseUrl, { width });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      for (const url of PRERENDERED) {
        await page.goto(url);
        await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
        expect(await page.evaluate(() => (window as unknown as { vitrineHydrationDiffs?: number }).vitrineHydrationDiffs ?? 0), `${url} a ${width}px`).toBe(0);
      }
      expect(warnings.filter((text) => text.includes('pré-renderida'))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("requests a prerendered page's code only after the page's first frame, then hydrates it", async () => {
    for (const url of ['/', '/chat', '/midia']) {
      // The page's HTML names one script, the boot, with the page's code in its data-app: the entry first.
      const html = await (await fetch(`${baseUrl}${url}`)).text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !tag.includes('application/json'));
      expect(scripts, url).toHaveLength(1);
      expect(scripts[0], url).toMatch(/ src="\/assets\/boot-[\w-]+\.js" data-app="\/assets\/index-[\w-]+\.js /);
      expect(html, url).not.toContain('modulepreload');
      const named = /data-app="([^"]+)"/.exec(scripts[0]!)![1]!.split(' ');

      // A new context each time: nothing cached, every script fetched and timed.
      const { page, context, errors } = await openPage(browser, baseUrl);
      // The first animation frame with the whole document parsed and its stylesheet applied: the frame
      // that paints the page. Frames before it (a blank page) do not count.
      await page.addInitScript(() => {
        const frame = () => {
          const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet;
          if (document.readyState === 'loading' || !sheet) requestAnimationFrame(frame);
          else (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
        };
        requestAnimationFrame(frame);
      });
      await page.goto(url);
      await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
      const { firstFrameAt, requested } = await page.evaluate(() => ({
        firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
        requested: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      const appCode = requested.filter((entry) => !entry.path.startsWith('/assets/boot-'));
      expect(appCode.map((entry) => entry.path)).toEqual(expect.arrayContaining(named));
      for (const entry of appCode) expect(entry.startTime, `${url}: ${entry.path}`).toBeGreaterThanOrEqual(firstFrameAt);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('loads the app without a paint report: at once in a hidden tab, after a frame without paint reports, after 3 s when none comes', async () => {
    /**
     * When the page requested the app's entry (ms after navigation), once the app has hydrated, in a
     * browser whose paint observer never reports a paint and may not support paints at all.
     */
    const entryRequestedAt = async (browserState: { hidden: boolean; paintReports: boolean }) => {
      const { page, context, errors } = await openPage(browser, baseUrl);
      await page.addInitScript(({ hidden, paintReports }) => {
        if (hidden) Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
        window.PerformanceObserver = class {
          static supportedEntryTypes = paintReports ? ['paint'] : [];
          observe() {}
          disconnect() {}
        } as unknown as typeof PerformanceObserver;
      }, browserState);
      await page.goto('/chat');
      await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered')), { timeout: 10_000 }).toBe(false);
      const startTime = await page.evaluate(
        () => performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))?.startTime,
      );
      expect(errors).toEqual([]);
      await context.close();
      return startTime;
    };
    // A hidden tab paints nothing: the boot does not wait for a paint.
    expect(await entryRequestedAt({ hidden: true, paintReports: true })).toBeLessThan(3_000);
    // A browser without paint reports: after the next frame.
    expect(await entryRequestedAt({ hidden: false, paintReports: false })).toBeLessThan(3_000);
    // Paint reports that never come: the timer loads the app.
    expect(await entryRequestedAt({ hidden: false, paintReports: true })).toBeGreaterThanOrEqual(3_000);
  });

  it('shows the footer built from the footer section of site configuration', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/sobre');
    const footer = page.getByTestId('site-footer');
    await footer.waitFor();
    // The seeded copyright text differs from the built-in default, so this proves the data came from the API.
    await expect.poll(() => footer.textContent()).toContain('Vitrine Streaming. Todos os direitos reservados.');
    for (const label of ['Chatbot IA', 'Área Admin', 'Política de Privacidade', 'Termos de Uso']) {
      expect(await footer.getByRole('link', { name: label }).count()).toBe(1);
    }
    expect(await footer.textContent()).toContain('contato@vitrine.com.br');
    await context.close();
  });

  it('answers an unknown route with the 404 page, status 404, and a link home', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    const response = await page.goto('/nao-existe/de-jeito-nenhum');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Página não encontrada — Vitrine');
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });

  it('answers 200 at every address of the route table and 404 elsewhere, with the same page', async () => {
    // The route table read from its source here, not through the list the build wrote for the server.
    const source = fs.readFileSync(path.join(import.meta.dirname, '../src/app/route-table.tsx'), 'utf8');
    const tablePaths = [...source.matchAll(/path: '([^']+)'/g)].map((match) => match[1]!).filter((route) => route !== '*');
    expect(tablePaths).toEqual(expect.arrayContaining(['auth', 'admin/*', 'pricing-calculator', 'apps/ativacao', 'docs', 'knowledgebase']));
    const addresses = [...new Set([...PRERENDERED, ...tablePaths.map((route) => `/${route.replace(/\*$/, 'dashboard')}`), '/admin', '/admin/usuarios/1'])];
    for (const url of addresses) expect([url, (await fetch(`${baseUrl}${url}`)).status]).toEqual([url, 200]);
    const shell = await (await fetch(`${baseUrl}/pricing-calculator`)).text();
    for (const url of ['/nao-existe', '/sobre/nao-existe', '/auth/x', '/apps/ativacao/x', '/admins']) {
      const response = await fetch(`${baseUrl}${url}`);
      expect([url, response.status]).toEqual([url, 404]);
      expect(await response.text()).toBe(shell);
    }
    expect((await fetch(`${baseUrl}/nao-existe`, { method: 'HEAD' })).status).toBe(404);
  });

  it("ships React Router's production build: no development-only warning in the built code", () => {
    const assets = path.join(import.meta.dirname, '../dist/assets');
    const code = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => fs.readFileSync(path.join(assets, name), 'utf8'))
      .join('\n');
    // React Router is in the build (a message of both its builds)…
    expect(code).toContain('may be used only in the context of a <Router> component');
    // …and none of the warnings only its development build carries.
    expect(code).not.toContain('Error handled by React Router default ErrorBoundary');
    expect(code).not.toContain('You should not include both `Component` and `element` on your route');
    expect(code).not.toMatch(/No routes matched location/);
  });

  it('gives each prerendered page a title, description and Open Graph tags of its own', async () => {
    const heads = await Promise.all(
      PRERENDERED.map(async (url) => {
        const html = await (await fetch(`${baseUrl}${url}`)).text();
        const head = html.slice(0, html.indexOf('</head>'));
        const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((match) => match[1]!);
        const [titles, descriptions] = [all(/<title>([^<]*)<\/title>/g), all(/<meta name="description" content="([^"]*)"/g)];
        const [ogTitles, ogDescriptions] = [all(/<meta property="og:title" content="([^"]*)"/g), all(/<meta property="og:description" content="([^"]*)"/g)];
        // One of each, in the head only; the Open Graph tags say the same.
        expect({ url, titles: titles.length, descriptions: descriptions.length, inBody: html.slice(head.length).includes('<title') }).toEqual({
          url,
          titles: 1,
          descriptions: 1,
          inBody: false,
        });
        expect({ url, ogTitles, ogDescriptions }).toEqual({ url, ogTitles: titles, ogDescriptions: descriptions });
        return { url, title: titles[0]!, description: descriptions[0]! };
      }),
    );
    expect(heads.find((head) => head.url === '/')?.title).toBe('Vitrine — Streaming com IA');
    for (const { url, title, description } of heads.filter((head) => head.url !== '/')) {
      expect([url, title]).toEqual([url, expect.stringMatching(/^\S.* — Vitrine$/)]);
      expect([url, description]).toEqual([url, expect.stringMatching(/^[A-ZÀ-Ú].{30,200}\.$/)]);
    }
    expect(new Set(heads.map((head) => head.title)).size).toBe(PRERENDERED.length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(PRERENDERED.length);
  });

  it("changes the tab's title as the app navigates", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await expect.poll(() => page.locator('#root').evaluate((root) => root.hasAttribute('data-prerendered'))).toBe(false);
    expect(await page.title()).toBe('Vitrine — Streaming com IA');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const follow = async (label: string, title: string) => {
      // The header's link, clicked even when it sits under 'Mais': a navigation inside the app.
      await nav.getByRole('link', { name: label, exact: true }).evaluate((link: HTMLElement) => link.click());
      await expect.poll(() => page.title()).toBe(title);
    };
    await follow('Contato', 'Contato — Vitrine');
    await follow('Sobre', 'Sobre nós — Vitrine');
    await follow('Documentação', 'Base de conhecimento — Vitrine');
    await page.goBack();
    await expect.poll(() => page.title()).toBe('Sobre nós — Vitrine');
    await follow('Início', 'Vitrine — Streaming com IA');
    // One title in the document, and the description follows it.
    await follow('Revendas', 'Revenda de streaming — Vitrine');
    expect(await page.locator('title').count()).toBe(1);
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toMatch(/^Revenda os planos/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a skeleton while the footer configuration loads', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/site-config/footer', async (route) => {
      await held;
      await route.continue();
    });
    // A prerendered page arrives with the footer's configuration in it; a page the site does not have
    // (the shell) loads it.
    await page.goto('/pagina-que-nao-existe');
    await page.getByTestId('footer-skeleton').waitFor();
    release();
    await page.getByTestId('site-footer').waitFor();
    expect(await page.getByTestId('footer-skeleton').count()).toBe(0);
    await context.close();
  });

  it('shows the error screen with a reload button when a page fails to load', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
    // The /sobre page's code cannot be fetched (say, a deploy replaced it mid-session).
    await page.route(/\/assets\/about-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Sobre', exact: true }).click();
    await page.getByRole('heading', { name: 'Algo deu errado' }).waitFor();
    expect(await page.getByText('Ocorreu um erro inesperado. Tente recarregar a página.').count()).toBe(1);
    await page.unroute(/\/assets\/about-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Recarregar Página' }).click();
    await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sobre');
    await context.close();
  });

  it('opens the mobile menu with the same links on a narrow screen', async () => {
    const { page, context } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Navegação móvel' });
    await mobileNav.waitFor();
    for (const [label] of headerLinks) {
      expect(await mobileNav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    await mobileNav.getByRole('link', { name: 'Contato', exact: true }).click();
    await page.waitForURL('**/contato');
    await context.close();
  });
});

describe('a server of its own', () => {
  it('records an access event per route change and keeps its data across a restart', async () => {
    const dataDir = startedShopDataDir();
    const browser = await launchBrowser();
    let server = await startServer({ dataDir });
    try {
      const { page, context } = await openPage(browser, server.url);
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Sobre', exact: true }).click();
      await page.waitForURL('**/sobre');
      // The access event of the last route change has been stored before the server stops.
      const contactEventStored = page.waitForResponse(
        (response) => response.url().includes('/api/analytics/access-events') && (response.request().postData() ?? '').includes('/contato'),
      );
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Contato', exact: true }).click();
      await page.waitForURL('**/contato');
      await contactEventStored;
      await context.close();
      expect(await server.stop()).toBe(0);

      // The server is down, so this process may open the data directory and look.
      const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      const events = await db.query<{ path: string; source: string; session_id: string; user_agent: string }>(
        'select path, source, session_id, user_agent from site_access_events order by created_at',
      );
      expect(events.rows.map((row) => row.path)).toEqual(['/', '/sobre', '/contato']);
      expect(new Set(events.rows.map((row) => row.session_id)).size).toBe(1);
      expect(events.rows[0]!.source).toBe('direct');
      expect(events.rows[0]!.user_agent).toContain('Chrome');
      await db.query(
        `update site_configurations set config_value = '"Descrição alterada para o teste de reinício."' where section = 'footer' and config_key = 'description'`,
      );
      await db.query(`update site_configurations set config_value = '{"text": "Vitrine Reiniciada"}' where section = 'header' and config_key = 'brand'`);
      await db.close();

      server = await startServer({ dataDir });
      expect(server.logs()).toContain('"seeded":{"defaults":false,"demo":false}');
      const again = await openPage(browser, server.url);
      await again.page.goto('/');
      await expect.poll(() => again.page.getByTestId('site-footer').textContent()).toContain('Descrição alterada para o teste de reinício.');
      await again.page.getByRole('banner').getByText('Vitrine Reiniciada').waitFor();
      await again.context.close();
    } finally {
      await server.stop();
      await browser.close();
    }
  });

  it('refuses a second server on the same data directory', async () => {
    const dataDir = startedShopDataDir();
    const first = await startServer({ dataDir });
    try {
      await expect(startServer({ dataDir })).rejects.toThrow(/já está em uso por outro processo \(servidor, PID \d+ em /);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });
});
