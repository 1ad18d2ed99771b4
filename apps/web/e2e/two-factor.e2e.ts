// Two-factor sign-in in Chromium against the real server: the admin turns it on in Segurança (QR code,
// key, recovery codes, a code computed from the key like an authenticator app would), signs out, and
// signs in again with the password and then a code. TWO_FACTOR_SHOTS=<folder> also saves the screens.
import path from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

/** What the authenticator app shows now, or that many periods from now, for a key typed by hand (spaces as shown on screen). */
const codeFor = (shownKey: string, periodsFromNow = 0) =>
  createOTP(base32.decode(shownKey.replace(/\s/g, '')), { digits: 6, period: 30 }).hotp(Math.floor(Date.now() / 30_000) + periodsFromNow);
const wrongCode = (code: string) => code.replace(/^./, (digit) => String((Number(digit) + 5) % 10));

const shotsDir = process.env.TWO_FACTOR_SHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function passwordStep(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

describe('two-factor sign-in in the browser', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin turns it on in Segurança, signs out, and signs in with the password and then a code', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await openPage(browser, server.url);
    await passwordStep(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');

    await page.goto('/admin/security');
    const card = page.getByTestId('two-factor-card');
    await card.getByText('Desativada').waitFor();
    await card.getByLabel('Sua senha').fill(E2E_ADMIN.password);
    await card.getByRole('button', { name: 'Ativar' }).click();
    await card.getByTestId('two-factor-qr').waitFor();
    const shownKey = (await card.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(shownKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{20,}$/);
    const recoveryCodes = (await card.getByTestId('two-factor-recovery-codes').locator('li').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await shot(page, 'two-factor-enrol');

    const codeField = card.getByLabel('Código do aplicativo');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await codeField.fill(wrongCode(await codeFor(shownKey)));
    await card.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await card.getByRole('alert').filter({ hasText: 'Código inválido.' }).waitFor();
    await codeField.fill(await codeFor(shownKey));
    await card.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await card.getByText('Ativa', { exact: true }).waitFor();
    // The PRO list says who has it.
    const row = page.getByRole('row').filter({ hasText: E2E_ADMIN.email });
    await row.getByText('2FA ativa').waitFor();
    await shot(page, 'two-factor-enabled');

    const signedOut = await page.request.post('/api/auth/sign-out', { data: {} });
    expect(signedOut.status()).toBe(200);

    // The password alone opens no session: the second step asks for the code.
    await passwordStep(page);
    await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
    const me = await page.request.get('/api/access/me');
    expect(await me.json()).toEqual({ signedIn: false, email: null, isPro: false });
    const code = page.getByLabel('Código do aplicativo');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('maxlength')).toBe('6');
    await code.fill(wrongCode(await codeFor(shownKey)));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Código inválido. Confira o código de 6 dígitos' }).waitFor();
    await shot(page, 'two-factor-sign-in');

    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByLabel('Código de recuperação').waitFor();
    await shot(page, 'two-factor-recovery');
    await page.getByRole('button', { name: 'Usar o código do aplicativo' }).click();

    // A code is accepted once: the one that turned it on is spent, so the app's next one (within the window).
    await page.getByLabel('Código do aplicativo').fill(await codeFor(shownKey, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    // An admin's sign-in lands in the panel, its second step too.
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.goto('/admin/security');
    await page.getByTestId('two-factor-card').getByText('Ativa', { exact: true }).waitFor();
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('REQUIRE_TWO_FACTOR in the browser', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ env: { REQUIRE_TWO_FACTOR: 'true' } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin without a second factor is sent to enrolment from the public pages too, whose data the API refuses them', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPage(browser, server.url);
    try {
      await passwordStep(page);
      await page.waitForURL('**/auth/duas-etapas');
      for (const address of ['/', '/chat', '/apps']) {
        await page.goto(address);
        await page.waitForURL('**/auth/duas-etapas');
        await expect.poll(() => page.getByRole('heading', { name: 'Ative a verificação em duas etapas' }).isVisible()).toBe(true);
      }
      // The page's own reads that left before the session said so are refused (403): nothing else went wrong.
      expect(errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
