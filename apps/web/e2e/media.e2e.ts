// /midia and the home entertainment section in Chromium: the local catalogue (no TMDB key) on the
// shared server, and TMDB through a fake TMDB on loopback on a second server. Nothing reaches the
// real YouTube or TMDB image hosts: the tests answer those requests themselves.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '@vitrine/domain/catalog';
import type { MediaDetails, MediaGenreList, MediaHome, MediaPage } from '@vitrine/domain/media';
import { launchBrowser, openPage } from './support/browser.ts';
import { E2E_TMDB_KEY, startFakeTmdb, TMDB_MOVIES, TMDB_SERIES, type FakeTmdbServer } from './support/fake-tmdb.ts';
import { sharedBaseUrl, startServer, type RunningServer } from './support/server.ts';

const TRAILER_PAGE = '<!doctype html><title>Trailer</title><p>trailer servido pelo teste</p>';
const IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="3"><rect width="2" height="3" fill="#345"/></svg>';

/** Trailer embeds and TMDB images are answered locally; the addresses asked for are kept. */
async function keepOffTheNetwork(context: BrowserContext) {
  const trailers: string[] = [];
  const images: string[] = [];
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(youtube|youtube-nocookie|ytimg|googlevideo)\.com\//, (route) => {
    trailers.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: TRAILER_PAGE });
  });
  await context.route(/^https:\/\/image\.tmdb\.org\//, (route) => {
    images.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: IMAGE });
  });
  return { trailers, images };
}

async function api<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const row = (page: Page, label: string) => page.locator(`[data-testid="media-row"][aria-label="${label}"]`);
const cardTitles = (scope: Locator) =>
  scope.getByTestId('media-card').evaluateAll((cards) => cards.map((card) => card.querySelector('[data-title]')?.textContent ?? ''));
const detailDialog = (page: Page) => page.getByTestId('media-detail-dialog');
const trailerDialog = (page: Page) => page.getByTestId('trailer-dialog');

async function waitForRows(page: Page, count: number) {
  await expect.poll(() => page.locator('[data-testid="media-row"][aria-busy="false"]').count(), { timeout: 20_000 }).toBe(count);
}

describe('the movie and series catalogue without a TMDB key', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows local titles in every row of both tabs, with artwork we serve', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const trending = await api<MediaPage>(baseUrl, '/api/media/lists/movie/trending');
    expect(trending.source).toBe('local');
    await page.goto('/midia');
    await expect.poll(() => page.getByTestId('media-hero').getByRole('heading', { level: 2 }).textContent()).toBe(trending.results[0]!.title);

    for (const [tab, labels] of [
      ['Filmes', ['Em Alta', 'Em Cartaz', 'Mais Populares', 'Melhor Avaliados', 'Lançamentos']],
      ['Séries', ['Em Alta', 'No Ar', 'Mais Populares', 'Melhor Avaliadas']],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await waitForRows(page, labels.length);
      for (const label of labels) {
        const cards = row(page, label).getByTestId('media-card');
        expect(await cards.count(), `${tab} / ${label}`).toBeGreaterThan(0);
        const poster = await cards.first().locator('img').getAttribute('src');
        expect(poster).toMatch(/^\/demo\/media\/titles\/[a-z0-9-]+-poster\.svg$/);
      }
    }
    expect(page.url()).toContain('tipo=series');
    // The first posters are real images that loaded, not the placeholder.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="media-card"] img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await page.getByTestId('media-image-placeholder').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('search waits for a third character, says it is searching, finds a seeded series with its badge, and says when nothing matches', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const series = (await api<MediaPage>(baseUrl, '/api/media/lists/tv/trending')).results[0]!;
    const searches: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/media\/search\?/, async (route) => {
      searches.push(new URL(route.request().url()).searchParams.get('query') ?? '');
      await gate;
      await route.continue();
    });
    await page.goto('/midia');
    const box = page.getByRole('combobox', { name: 'Buscar filmes e séries' });

    await box.fill(foldText(series.title).slice(0, 2));
    expect(await page.getByTestId('media-search-dropdown').count()).toBe(0);

    // Without accents and in lower case, as a visitor types.
    await box.fill(foldText(series.title));
    await expect.poll(() => page.getByTestId('media-search-dropdown').textContent()).toContain('Buscando...');
    release();
    const result = page.getByTestId('media-search-result').filter({ hasText: series.title }).first();
    await expect.poll(() => result.isVisible()).toBe(true);
    expect(await result.getByTestId('media-type-badge').textContent()).toBe('Série');
    expect(await result.textContent()).toContain(String(series.year));
    expect(await page.getByTestId('media-search-result').count()).toBeLessThanOrEqual(8);
    expect(searches).toEqual([foldText(series.title)]);
    // The field names the list it controls (the page was prerendered, the list shown by the app).
    expect(await page.getByRole('listbox', { name: 'Resultados da busca' }).getAttribute('id')).toBe(await box.getAttribute('aria-controls'));

    await box.fill('xyzzy nada disso');
    await expect.poll(() => page.getByTestId('media-search-dropdown').textContent()).toContain('Nenhum resultado encontrado');

    // Choosing a result opens its details.
    await box.fill(foldText(series.title));
    await result.click();
    await expect.poll(() => detailDialog(page).getByRole('heading').first().textContent()).toBe(series.title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the detail dialog, then the trailer over it; Escape closes the trailer first, then the details', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const { trailers } = await keepOffTheNetwork(context);
    const first = (await api<MediaPage>(baseUrl, '/api/media/lists/movie/trending')).results[0]!;
    const details = await api<MediaDetails>(baseUrl, `/api/media/titles/movie/${first.id}`);
    expect(details.trailerKey).toBeTruthy();
    await page.goto('/midia');

    await page.getByTestId('media-hero').getByRole('button', { name: 'Mais Informações' }).click();
    const dialog = detailDialog(page);
    await expect.poll(() => dialog.getByTestId('media-backdrops').locator('img').count()).toBe(Math.min(6, details.backdrops.length));
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(details.title);
    for (const genre of details.genres) expect(text).toContain(genre.name);
    if (details.runtime) expect(text).toMatch(/\dh \d{2}min|\dmin/);
    if (details.imdbId)
      expect(await dialog.getByRole('link', { name: 'Ver no IMDb' }).getAttribute('href')).toBe(`https://www.imdb.com/title/${details.imdbId}/`);

    await dialog.getByRole('button', { name: 'Assistir Trailer' }).click();
    const trailer = trailerDialog(page);
    await expect
      .poll(() => trailer.locator('iframe').getAttribute('src'))
      .toBe(`https://www.youtube-nocookie.com/embed/${details.trailerKey}?autoplay=1&rel=0`);
    await expect.poll(() => page.frameLocator('[data-testid="trailer-dialog"] iframe').locator('p').textContent()).toBe('trailer servido pelo teste');
    expect(await dialog.isVisible()).toBe(true);

    await expect.poll(() => trailer.evaluate((opened) => opened.contains(document.activeElement))).toBe(true);
    // The focus is on the page, not in the player's frame, whose keys the page never sees.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
    await page.keyboard.press('Escape');
    await expect.poll(() => trailer.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // The banner's own trailer button opens the trailer directly. Escape is pressed once the dialog has
    // taken the focus (as a person would, seeing it open): before that, on a loaded machine, the key can
    // arrive before the dialog listens for it.
    await page.getByTestId('media-hero').getByRole('button', { name: 'Assistir Trailer' }).click();
    await expect.poll(() => trailer.isVisible()).toBe(true);
    await expect.poll(() => trailer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
    await page.keyboard.press('Escape');
    await expect.poll(() => trailer.count()).toBe(0);
    expect(trailers.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('carousels scroll two items per arrow click and are usable by keyboard', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 1280 });
    await page.goto('/midia');
    await waitForRows(page, 5);
    const popular = row(page, 'Mais Populares');
    const track = popular.getByTestId('media-carousel-track');
    expect(await popular.getByRole('button', { name: 'Anteriores em Mais Populares' }).isDisabled()).toBe(true);
    await popular.getByRole('button', { name: 'Próximos em Mais Populares' }).click();
    await expect.poll(() => track.evaluate((element) => Math.round(element.scrollLeft))).toBe(400);
    await expect.poll(() => popular.getByRole('button', { name: 'Anteriores em Mais Populares' }).isDisabled()).toBe(false);

    await popular.getByTestId('media-card').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => detailDialog(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => detailDialog(page).count()).toBe(0);
    // Focus comes back to the card that opened the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('media-card');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by genre and year narrow the rows, live in the address and survive a reload', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const { genres } = await api<MediaGenreList>(baseUrl, '/api/media/genres/movie');
    const all = await api<MediaPage>(baseUrl, '/api/media/lists/movie/popular');
    // A genre that narrows the popular row without emptying it.
    let chosen: { id: number; name: string; titles: string[] } | undefined;
    for (const genre of genres) {
      const narrowed = await api<MediaPage>(baseUrl, `/api/media/lists/movie/popular?genre=${genre.id}`);
      if (narrowed.results.length > 0 && narrowed.results.length < all.results.length) {
        chosen = { ...genre, titles: narrowed.results.map((item) => item.title) };
        break;
      }
    }
    expect(chosen).toBeDefined();

    await page.goto('/midia');
    await waitForRows(page, 5);
    expect(await cardTitles(row(page, 'Mais Populares'))).toEqual(all.results.map((item) => item.title));
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('combobox', { name: 'Gênero' }).click();
    await page.getByRole('option', { name: chosen!.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('genero')).toBe(String(chosen!.id));
    await expect.poll(() => cardTitles(row(page, 'Mais Populares'))).toEqual(chosen!.titles);

    await page.reload();
    await waitForRows(page, 5);
    expect(await cardTitles(row(page, 'Mais Populares'))).toEqual(chosen!.titles);
    expect(await page.getByRole('combobox', { name: 'Gênero' }).textContent()).toBe(chosen!.name);

    // A year with no title of that genre empties the rows with a message.
    await page.getByRole('combobox', { name: 'Ano' }).click();
    await page.getByRole('option', { name: '1950', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ano')).toBe('1950');
    await expect.poll(() => page.getByTestId('media-row-empty').count()).toBe(5);
    expect(await page.getByTestId('media-row-empty').first().textContent()).toBe('Nenhum título encontrado com esses filtros.');

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => cardTitles(row(page, 'Mais Populares'))).toEqual(all.results.map((item) => item.title));
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the home section shows at most 6 trending titles, all rated 7 or more, each opening its details', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const home = await api<MediaHome>(baseUrl, '/api/media/home');
    await page.goto('/');
    const section = page.locator('#entretenimento');
    const cards = section.getByTestId('media-card');
    await expect.poll(() => cards.count()).toBe(home.items.length);
    expect(home.items.length).toBeGreaterThan(0);
    expect(home.items.length).toBeLessThanOrEqual(6);
    const votes = await cards.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-vote'))));
    expect(votes.every((vote) => vote >= 7)).toBe(true);
    await cards.first().click();
    await expect.poll(() => detailDialog(page).getByRole('heading').first().textContent()).toBe(home.items[0]!.title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a poster that fails to load becomes a placeholder, and a title that is gone reads "Título não disponível"', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const first = (await api<MediaPage>(baseUrl, '/api/media/lists/movie/trending')).results[0]!;
    await page.route(`**${first.posterPath}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.route(/\/api\/media\/titles\//, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'media.not_found', message: 'Título não disponível.' } }),
      }),
    );
    await page.goto('/midia');
    const card = row(page, 'Em Alta').getByTestId('media-card').first();
    await expect.poll(() => card.getByTestId('media-image-placeholder').count()).toBe(1);
    await card.click();
    await expect.poll(() => detailDialog(page).getByRole('heading').first().textContent()).toBe('Título não disponível');
    // The refused image and details are the only errors the browser reports.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it('fits phones, tablets and desktops: nothing of the catalogue or the home section is wider than the screen', async () => {
    for (const width of [360, 768, 1024, 1280, 1440]) {
      const { page, context, errors } = await openPage(browser, baseUrl, { width, height: 900 });
      for (const [path, scope] of [
        ['/midia', 'main'],
        ['/', '#entretenimento'],
      ] as const) {
        await page.goto(path);
        if (path === '/midia') await waitForRows(page, 5);
        else await expect.poll(() => page.locator('#entretenimento [data-testid="media-card"]').count()).toBeGreaterThan(0);
        const wide = await page.evaluate((selector) => {
          const limit = document.documentElement.clientWidth + 1;
          return [...document.querySelectorAll(`${selector} *`)]
            .filter((element) => !element.closest('[data-testid="media-carousel-track"]'))
            .filter((element) => element.getBoundingClientRect().right > limit)
            .map((element) => `${element.tagName}.${String(element.className).slice(0, 40)}`);
        }, scope);
        expect(wide, `${path} a ${width}px`).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('the movie and series catalogue with a TMDB key', () => {
  let browser: Browser;
  let fake: FakeTmdbServer;
  let server: RunningServer;

  beforeAll(async () => {
    fake = await startFakeTmdb();
    server = await startServer({ env: { TMDB_API_KEY: E2E_TMDB_KEY, TMDB_BASE_URL: fake.url } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('says the catalogue is unavailable when TMDB fails, and recovers with "Tentar novamente"', async () => {
    const { page, context, errors } = await openPage(browser, server.url);
    await keepOffTheNetwork(context);
    fake.failing = true;
    await page.goto('/midia');
    const alert = page.getByRole('alert').filter({ hasText: 'Catálogo indisponível' });
    await expect.poll(() => alert.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await alert.textContent()).toContain('O catálogo de filmes e séries respondeu com erro.');
    fake.failing = false;
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => page.getByTestId('media-hero').isVisible(), { timeout: 20_000 }).toBe(true);
    // The failed loads were reported by the browser; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('502'))).toEqual([]);
    await context.close();
  });

  it("shows the fake TMDB's titles, with TMDB images at the chosen sizes, and never the key", async () => {
    const { page, context, errors } = await openPage(browser, server.url);
    const { images, trailers } = await keepOffTheNetwork(context);
    const bodies: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).origin === server.url)
        void response.text().then(
          (text) => bodies.push(text),
          () => undefined,
        );
    });
    await page.goto('/midia');
    await waitForRows(page, 5);
    expect(await page.getByTestId('media-hero').getByRole('heading', { level: 2 }).textContent()).toBe(TMDB_MOVIES[0]!.title);
    expect(await cardTitles(row(page, 'Em Cartaz'))).toEqual(TMDB_MOVIES.map((movie) => movie.title));
    await page.getByRole('tab', { name: 'Séries' }).click();
    await waitForRows(page, 4);
    expect(await cardTitles(row(page, 'No Ar'))).toEqual(TMDB_SERIES.map((series) => series.name));
    expect(await page.getByText('Dados e imagens de filmes e séries fornecidos pela TMDB').isVisible()).toBe(true);

    const box = page.getByRole('combobox', { name: 'Buscar filmes e séries' });
    await box.fill('da tmdb 2');
    const results = page.getByTestId('media-search-result');
    await expect.poll(() => results.count()).toBe(2);
    expect(await results.getByTestId('media-type-badge').allTextContents()).toEqual(['Filme', 'Série']);
    await results.first().click();
    await detailDialog(page).getByRole('button', { name: 'Assistir Trailer' }).click();
    await expect.poll(() => trailerDialog(page).locator('iframe').getAttribute('src')).toContain('/embed/tmdbTrl502');

    await expect.poll(() => images.some((url) => url.startsWith('https://image.tmdb.org/t/p/w342/e2e-poster-'))).toBe(true);
    expect(images.some((url) => url.startsWith('https://image.tmdb.org/t/p/w1280/e2e-backdrop-501.jpg'))).toBe(true);
    expect(trailers.length).toBeGreaterThan(0);

    expect(fake.queries.some((query) => query.includes(E2E_TMDB_KEY))).toBe(true);
    await expect.poll(() => bodies.some((body) => body.includes('tmdbTrl502'))).toBe(true);
    expect(bodies.filter((body) => body.includes(E2E_TMDB_KEY))).toEqual([]);
    expect(await page.content()).not.toContain(E2E_TMDB_KEY);
    expect(server.logs()).not.toContain(E2E_TMDB_KEY);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the home section takes the best rated trending TMDB titles, 7 or more', async () => {
    const { page, context, errors } = await openPage(browser, server.url);
    await keepOffTheNetwork(context);
    await page.goto('/');
    const cards = page.locator('#entretenimento [data-testid="media-card"]');
    // First 4 movies rated 8.6, 6.2, 7.4, 7.9 and first 4 series 7.2, 8.8, 6.4, 7.6: six at 7 or more.
    await expect.poll(() => cards.count()).toBe(6);
    const titles = await cards.evaluateAll((elements) => elements.map((element) => element.querySelector('[data-title]')?.textContent));
    expect(titles).toEqual(['Série da TMDB 2', 'Filme da TMDB 1', 'Filme da TMDB 4', 'Série da TMDB 4', 'Filme da TMDB 3', 'Série da TMDB 1']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
