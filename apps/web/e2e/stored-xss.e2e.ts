// Stored XSS: payloads written where an admin or a visitor can write text come back on the pages as
// text. Chromium must see no dialog, no injected element and no console error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { ask, openChat } from './support/chat.ts';
import { adminCaller, adminCookie, sharedBaseUrl } from './support/server.ts';

const PAYLOADS = ['<img src=x onerror="alert(1)">', '<script>alert(2)</script>', '"><svg onload=alert(3)>', "javascript:alert('4')"];

/** Fails on any dialog and counts elements the payloads would have injected. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // A JSON script never runs: the page server puts the public answers a page starts from in one (`#page-data`).
  const injected = () => page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload], script:not([src]):not([type="application/json"])').length);
  return { dialogs, injected };
}

describe('stored XSS payloads render as text', () => {
  let browser: Browser;
  const baseUrl = sharedBaseUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await browser?.close();
  });

  it('in a title an admin writes to the local catalogue, on /midia search and in the detail dialog', async () => {
    const cookie = await adminCookie(baseUrl);
    const marker = `Xss${Date.now().toString(36)}`;
    const title = `${marker} ${PAYLOADS.join(' ')}`;
    const created = await fetch(`${baseUrl}/api/media/local-titles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({ mediaType: 'movie', title, overview: PAYLOADS.join(' '), homepage: null }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The shared server's catalogue is left as it was found.
    cleanups.push(async () => {
      const removed = await fetch(`${baseUrl}/api/media/local-titles/${id}`, { method: 'DELETE', headers: { origin: baseUrl, cookie } });
      expect(removed.status).toBeLessThan(300);
    });

    const { page, context, errors } = await openPage(browser, baseUrl);
    const { dialogs, injected } = watch(page);
    await page.goto('/midia');
    await page.getByRole('combobox', { name: 'Buscar filmes e séries' }).fill(marker);
    const result = page.getByTestId('media-search-result').filter({ hasText: marker }).first();
    await result.waitFor();
    expect(await result.textContent()).toContain('<img src=x onerror="alert(1)">');
    await result.click();
    const detail = page.getByTestId('media-detail-dialog');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('<script>alert(2)</script>');
    expect(await injected()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in what a visitor types to the assistant, shown back in the conversation', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const { dialogs, injected } = watch(page);
    await openChat(page);
    await ask(page, PAYLOADS.join(' '));
    expect(await page.getByTestId('user-message').last().textContent()).toContain('<svg onload=alert(3)>');
    await page.reload();
    await expect.poll(() => page.getByTestId('user-message').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('user-message').last().textContent()).toContain("javascript:alert('4')");
    expect(await injected()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in what admins write to suppliers, providers and reseller plans, across the admin and the calculator', async () => {
    const cookie = await adminCookie(baseUrl);
    const marker = `Xss${Date.now().toString(36)}`;
    // Names are at most 80 characters: two payloads each, the others in the longer fields.
    const text = `${marker} ${PAYLOADS[0]} ${PAYLOADS[2]}`;
    const write = adminCaller(baseUrl, cookie);
    // Not a 'Planos …' category and inactive where it could reach the storefront: the shared server's
    // public pages stay as other suites expect them.
    const supplier = (await write('POST', '/api/admin/suppliers', {
      category: `Teste ${PAYLOADS[1]}`,
      supplier: text,
      server: `${marker} servidor <b>negrito</b>`,
      username: PAYLOADS[1],
      panel: 'https://x.example/"><img/src=x/onerror=alert(5)>',
      clientPanel: 'https://x.example/<script>alert(6)</script>',
      isActive: false,
    }))!;
    const provider = (await write('POST', '/api/admin/providers', { name: text, description: PAYLOADS.join(' '), supplierName: PAYLOADS[2] }))!;
    await write('PUT', `/api/admin/providers/${provider.id}/costs`, { planType: 'monthly', quantity: 50, unitCost: 9 });
    const plan = (await write('POST', '/api/admin/reseller-plans', {
      name: text,
      description: PAYLOADS.join(' '),
      modalidadePlano: 'single',
      credits: 10,
      isActive: false,
      features: PAYLOADS,
    }))!;
    cleanups.push(async () => {
      await write('DELETE', `/api/admin/suppliers/${supplier.id}`, {}).catch(() => undefined);
      await write('DELETE', `/api/admin/providers/${provider.id}`, {}).catch(() => undefined);
      await write('DELETE', `/api/admin/reseller-plans/${plan.id}`, {}).catch(() => undefined);
    });

    const { page, context, errors } = await openPage(browser, baseUrl);
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: baseUrl })));
    const { dialogs, injected } = watch(page);
    for (const [path, expected] of [
      ['/admin/suppliers', '<img/src=x/onerror=alert(5)>'],
      ['/admin/servers', '<b>negrito</b>'],
      ['/admin/reseller-plans', '"><svg onload=alert(3)>'],
      ['/pricing-calculator?aba=consolidado', '<img src=x onerror="alert(1)">'],
      ['/pricing-calculator?aba=provedores', '"><svg onload=alert(3)>'],
    ] as const) {
      await page.goto(path);
      await page.getByText(marker).filter({ visible: true }).first().waitFor();
      expect(await page.locator('main').textContent(), path).toContain(expected);
      expect(await injected(), path).toBe(0);
    }
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in what admins write to plans, apps, streaming apps and the legal pages, and what a visitor sends through the contact form, on the storefront and in the admin', async () => {
    const cookie = await adminCookie(baseUrl);
    // Sorts ahead of the seeded names, so it is on the first page of every list.
    const marker = `0Xss${Date.now().toString(36)}`;
    const name = `${marker} ${PAYLOADS[0]} ${PAYLOADS[2]}`;
    const call = adminCaller(baseUrl, cookie);
    const plan = (await call('POST', '/api/admin/plans', { name, priceMonthly: 19.9, features: PAYLOADS, active: true, displayOrder: 9_999 }))!;
    cleanups.push(async () => void (await call('DELETE', `/api/admin/plans/${plan.id}`)));
    const app = (await call('POST', '/api/admin/apps', {
      name,
      description: PAYLOADS.join(' '),
      category: `Xss ${PAYLOADS[1]}`.slice(0, 40),
      version: '1.0',
      developer: PAYLOADS[2],
      tags: [PAYLOADS[0]!.slice(0, 40)],
      isActive: true,
    }))!;
    cleanups.push(async () => void (await call('DELETE', `/api/admin/apps/${app.id}`)));
    const streaming = (await call('POST', '/api/admin/streaming-apps', {
      name,
      category: 'Xss',
      price: 10,
      description: PAYLOADS.join(' '),
      features: PAYLOADS,
      faq: [{ question: PAYLOADS[1], answer: PAYLOADS[0] }],
      isActive: true,
    }))!;
    cleanups.push(async () => void (await call('DELETE', `/api/admin/streaming-apps/${streaming.id}`)));
    // The terms page: Markdown with raw HTML and a javascript: link, put back as it was afterwards.
    const legal = (await (await fetch(`${baseUrl}/api/site-config/legal`)).json()) as { entries: Record<string, unknown> };
    const originalTerms = legal.entries.terms;
    await call.putEntry('legal', 'terms', {
      value: { title: `${marker} Termos`, updatedAt: '2026-11-25', body: `# ${marker}\n\n${PAYLOADS[0]}\n\n${PAYLOADS[1]}\n\n[clique](javascript:alert(7))` },
      isActive: true,
    });
    cleanups.push(async () => {
      if (originalTerms !== undefined) await call.putEntry('legal', 'terms', { value: originalTerms });
    });
    const sent = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ name: `${marker} ${PAYLOADS[2]}`, email: 'xss@example.com', subject: PAYLOADS[0], message: PAYLOADS.join('\n') }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const { page, context, errors } = await openPage(browser, baseUrl);
    const { dialogs, injected } = watch(page);
    const visit = async (path: string, expected: string, search?: string) => {
      await page.goto(path);
      if (search) await page.getByRole('searchbox', { name: search }).fill(marker);
      await page.getByText(marker).filter({ visible: true }).first().waitFor();
      expect(await page.locator('main').textContent(), path).toContain(expected);
      expect(await injected(), path).toBe(0);
    };
    await visit('/', '"><svg onload=alert(3)>');
    await visit('/apps', '<img src=x onerror="alert(1)">', 'Buscar aplicativos');
    await visit('/apps/ativacao', '"><svg onload=alert(3)>', 'Buscar aplicativos');
    // Markdown leaves raw HTML out altogether; the link keeps its text and loses the javascript: address.
    await visit('/termos', 'clique');
    expect(
      await page
        .getByRole('link', { name: 'clique' })
        .getAttribute('href')
        .catch(() => null),
    ).not.toMatch(/javascript:/i);

    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: baseUrl })));
    await visit('/admin/plans', '"><svg onload=alert(3)>');
    await visit('/admin/apps', '<img src=x onerror="alert(1)">');
    await visit('/admin/streaming-apps', '"><svg onload=alert(3)>');
    await page.goto('/admin/content');
    await page.getByRole('tab', { name: 'Textos legais' }).click();
    await expect.poll(() => page.getByLabel('Termos de Uso (Markdown)').inputValue()).toContain('<script>alert(2)</script>');
    expect(await injected(), '/admin/content').toBe(0);
    // The preview is the page's own Markdown: the heading is a heading, the payload stays text.
    const editor = page.getByLabel('Termos de Uso (Markdown)');
    const edited = `## ${marker} editado\n\n${PAYLOADS[1]}`;
    await editor.fill(edited);
    const preview = page.getByTestId(`${await editor.getAttribute('id')}-preview`);
    await expect.poll(() => preview.getByRole('heading', { level: 2 }).textContent()).toBe(`${marker} editado`);
    expect(await injected(), 'pré-visualização').toBe(0);
    // Saved from the editor, the document keeps the shape /termos reads, with the day of the revision.
    await page.getByRole('button', { name: 'Salvar' }).nth(1).click();
    await expect
      .poll(async () => ((await (await fetch(`${baseUrl}/api/site-config/legal`)).json()) as { entries: { terms?: { body?: string } } }).entries.terms?.body)
      .toBe(edited);
    await visit('/termos', 'editado');
    expect(await page.locator('main').textContent()).toMatch(/Última atualização: \d{2}\/\d{2}\/\d{4}/);
    await visit('/admin/contact-messages', '"><svg onload=alert(3)>');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
