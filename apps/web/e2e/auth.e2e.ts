// Sign-in, sign-up with e-mail confirmation, sign-out and the PRO guard, in Chromium against the real
// server (its own data directory, mail through a real SMTP receiver on loopback).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

const MESSAGES = {
  notPro: 'Email não autorizado para acesso PRO. Verifique com o administrador.',
  wrongPassword: 'Email ou senha incorretos. Verifique suas credenciais.',
  notConfirmed: 'Verifique sua caixa de entrada e confirme seu email.',
  created: 'Conta criada com sucesso! Verifique seu email para confirmar.',
};

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

const alertText = (page: Page) => page.getByRole('alert').first().textContent();

describe('sign-in, sign-up and access control in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  let mailbox: Mailbox;
  const opened: BrowserContext[] = [];

  const open = async () => {
    const result = await openPage(browser, server.url);
    opened.push(result.context);
    return result;
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of opened) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it('validates the form as the user types: indicator, messages after touch, submit disabled', async () => {
    const { page } = await open();
    await page.goto('/auth');
    const indicator = page.getByTestId('email-indicator');
    const submit = page.getByRole('button', { name: 'Entrar', exact: true });
    expect(await indicator.getAttribute('data-state')).toBe('idle');
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel('Email', { exact: true }).fill('alguem@exemplo');
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('invalid');
    await page.getByLabel('Senha', { exact: true }).focus();
    await page.getByText('Formato de email inválido').waitFor();

    await page.getByLabel('Email', { exact: true }).fill('alguem@exemplo..com');
    await page.getByText('Email deve conter um domínio válido').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('alguem@exemplo.com');
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('valid');
    await page.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByLabel('Email', { exact: true }).focus();
    await page.getByText('Senha deve ter pelo menos 6 caracteres').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Senha', { exact: true }).fill('123456');
    await expect.poll(() => submit.isDisabled()).toBe(false);

    // Switching mode clears the fields and the messages.
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(await page.getByText('Senha deve ter pelo menos 6 caracteres').count()).toBe(0);
    await page.getByRole('button', { name: 'Fazer Login' }).waitFor();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it('refuses an e-mail that is not listed as PRO', async () => {
    const { page } = await open();
    await signInThroughForm(page, 'desconhecido@example.com', 'qualquer-senha');
    await expect.poll(() => alertText(page)).toBe(MESSAGES.notPro);
    expect(page.url()).toBe(`${server.url}/auth`);
  });

  it('refuses a wrong password', async () => {
    const { page } = await open();
    await signInThroughForm(page, E2E_ADMIN.email, 'senha-errada');
    await expect.poll(() => alertText(page)).toBe(MESSAGES.wrongPassword);
  });

  it('signs the admin in, lands on / and no longer shows /auth', async () => {
    const { page, errors } = await open();
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Sair' }).waitFor();
    await page.goto('/auth');
    await page.waitForURL(`${server.url}/`);
    await page.goto('/pricing-calculator');
    await expect.poll(() => page.getByText('Acesso Restrito').count()).toBe(0);
    expect(errors.filter((error) => !error.includes('401') && !error.includes('403'))).toEqual([]);
  });

  it('signs up a listed e-mail, mails a working confirmation link, and refuses sign-in until confirmed', async () => {
    const email = 'nova.pro@example.com';
    const password = 'senha-da-nova';
    const admin = await open();
    await signInThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.waitForURL(`${server.url}/`);
    const listed = await admin.context.request.put(`${server.url}/api/access/pro-users`, { data: { email, isActive: true } });
    expect(listed.status()).toBe(200);

    const { page } = await open();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Criar Conta', exact: true }).last().click();
    await page.getByRole('status').filter({ hasText: MESSAGES.created }).waitFor();

    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(MESSAGES.notConfirmed);

    const mail = await mailbox.waitFor(email);
    const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!.replaceAll('&amp;', '&'));
    await page.waitForURL(`${server.url}/`);

    await signInThroughForm(page, email, password);
    await page.waitForURL(`${server.url}/`);

    // Deactivated by the admin: the very next check shows 'Acesso Restrito'.
    const off = await admin.context.request.put(`${server.url}/api/access/pro-users`, { data: { email, isActive: false } });
    expect(off.status()).toBe(200);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Acesso Restrito' }).waitFor();
    await page.getByRole('link', { name: 'Voltar ao início' }).waitFor();
    await page.getByRole('link', { name: 'Ir para o Admin' }).waitFor();
  });

  it('shows the PRO check in progress, then the connection message when the network fails', async () => {
    const { page } = await open();
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.abort('internetdisconnected');
    });
    await page.goto('/auth');
    await fillCredentials(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByText('Verificando acesso PRO...').waitFor();
    await expect.poll(() => alertText(page)).toBe('Erro de conexão. Verifique sua internet e tente novamente.');
  });

  it('says so when the access check itself fails', async () => {
    const { page } = await open();
    await page.route('**/api/access/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"x"}}' }));
    await page.goto('/pricing-calculator');
    await page.getByText('Verificando permissões...').waitFor();
    await page.getByText('Falha na verificação de acesso. Tente novamente ou contate o suporte.').waitFor({ timeout: 20_000 });
  });

  it('sends a visitor from the guarded pages to /auth', async () => {
    const { page } = await open();
    await page.goto('/pricing-calculator');
    await page.waitForURL(`${server.url}/auth`);
    await page.goto('/admin');
    await page.waitForURL(`${server.url}/auth`);
  });

  it('sign-out ends the session on the server: the old cookie gets 401 on an admin read', async () => {
    const { page, context } = await open();
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect((await context.request.get(`${server.url}/api/access/pro-users`)).status()).toBe(200);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('link', { name: 'Entrar' }).waitFor();
    expect((await context.request.get(`${server.url}/api/access/pro-users`)).status()).toBe(401);
    // Even replaying the old cookie by hand: the session is gone from the server.
    const replay = await fetch(`${server.url}/api/access/pro-users`, { headers: { cookie: `${session!.name}=${session!.value}` } });
    expect(replay.status).toBe(401);
  });
  it('says so on the home page when a confirmation link is invalid or expired', async () => {
    const { page } = await open();
    await page.goto('/api/auth/verify-email?token=nao-e-um-token-valido');
    await page.getByText('Link de confirmação inválido').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).searchParams.has('error')).toBe(false);
  });

  it('offers Entrar and, once signed in, Sair in the mobile menu', async () => {
    const { page, context } = await openPage(browser, server.url, { width: 390, height: 844 });
    opened.push(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL('**/auth');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Entrar' }).waitFor();
  });
});
