// Sign-in, sign-up with e-mail confirmation, password reset, sign-out and the PRO guard, in Chromium
// against the real server (its own data directory, mail through a real SMTP receiver on loopback).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedAfterEachTest, launchBrowser, openPage } from './support/browser.ts';
import { startMailbox, type Mailbox, type ReceivedMail } from './support/mailbox.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

const MESSAGES = {
  notPro: 'E-mail não autorizado para acesso PRO. Verifique com o administrador.',
  wrongPassword: 'E-mail ou senha incorretos. Verifique suas credenciais.',
  notConfirmed: 'Verifique sua caixa de entrada e confirme seu e-mail.',
  created: 'Conta criada com sucesso! Verifique seu e-mail para confirmar.',
  wrongSignupPassword: 'Senha incorreta. Se você não fez este cadastro, cadastre-se novamente com a sua própria senha.',
  invalidLink: 'Link inválido ou expirado. Cadastre-se novamente para receber um novo link de confirmação.',
  resetRequested: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
};

/** The link of that page in a received e-mail (what only the mailbox's owner can read). */
function linkIn(mail: ReceivedMail, page: 'confirmar' | 'redefinir-senha'): string {
  const link = new RegExp(`https?://[^\\s"<>]+/auth/${page}#token=[\\w-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`sem link /auth/${page} em:\n${mail.text}`);
  return link;
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function signUpThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Criar Conta', exact: true }).last().click();
  await page.getByRole('status').filter({ hasText: MESSAGES.created }).waitFor();
}

const alertText = (page: Page) => page.getByRole('alert').first().textContent();

describe('sign-in, sign-up and access control in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  let mailbox: Mailbox;
  const opened = closedAfterEachTest();

  // Each page is a different visitor, as behind a proxy that names the client: per-IP limits (sign-up,
  // sign-in) count them apart instead of adding up the whole file's requests from 127.0.0.1.
  let visitors = 0;
  const open = async () => {
    const result = await openPage(browser, server.url);
    await result.context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.0.${++visitors}` });
    opened.push(result.context);
    return result;
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl, TRUST_PROXY: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
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

    await page.getByLabel('E-mail', { exact: true }).fill('alguem@exemplo');
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('invalid');
    await page.getByLabel('Senha', { exact: true }).focus();
    await page.getByText('Formato de e-mail inválido').waitFor();

    await page.getByLabel('E-mail', { exact: true }).fill('alguem@exemplo..com');
    await page.getByText('E-mail deve conter um domínio válido').waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('alguem@exemplo.com');
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('valid');
    await page.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByLabel('E-mail', { exact: true }).focus();
    await page.getByText('Senha deve ter pelo menos 6 caracteres').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Senha', { exact: true }).fill('123456');
    await expect.poll(() => submit.isDisabled()).toBe(false);

    // Switching mode clears the fields and the messages.
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('');
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

  it('signs the admin in from /auth into the admin panel, and no longer shows /auth', async () => {
    const { page, errors } = await open();
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByRole('button', { name: 'Sair' }).waitFor();
    await page.goto('/auth');
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.goto('/pricing-calculator');
    await expect.poll(() => page.getByText('Acesso Restrito').count()).toBe(0);
    expect(errors.filter((error) => !error.includes('401') && !error.includes('403'))).toEqual([]);
  });

  /** Lists an e-mail as PRO through the admin API, from a signed-in admin page. */
  const listAsPro = async (email: string, extra: Record<string, unknown> = {}) => {
    const admin = await open();
    await signInThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.waitForURL(`${server.url}/admin/dashboard`);
    const listed = await admin.context.request.put(`${server.url}/api/access/pro-users`, { data: { email, isActive: true, ...extra } });
    expect(listed.status()).toBe(200);
    return admin;
  };

  it('signs up a listed e-mail, then the mailed link asks for the password, confirms, signs in and says so', async () => {
    const email = 'nova.pro@example.com';
    const password = 'senha-da-nova';
    const admin = await listAsPro(email);

    const { page, context } = await open();
    await signUpThroughForm(page, email, password);
    const firstMail = await mailbox.waitFor(email);
    expect(firstMail.text).toContain('digite a senha');

    // Before confirming, the right password mails nothing new: the link already mailed still works and
    // stays the one to open (signups.usecases.ts, 'link_live'; the API tests count the mails).
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(MESSAGES.notConfirmed);

    await page.goto(linkIn(firstMail, 'confirmar'));
    await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByLabel('Senha do cadastro').fill(password);
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Você já está conectado.' }).waitFor();
    expect((await (await context.request.get(`${server.url}/api/access/me`)).json()).signedIn).toBe(true);
    await page.getByRole('link', { name: 'Ir para o início' }).click();
    await page.getByRole('button', { name: 'Sair' }).waitFor();
    expect(mailbox.messagesTo(email)).toHaveLength(1);

    // Deactivated by the admin: the very next check shows 'Acesso Restrito'.
    const off = await admin.context.request.put(`${server.url}/api/access/pro-users`, { data: { email, isActive: false } });
    expect(off.status()).toBe(200);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Acesso Restrito' }).waitFor();
    await page.getByRole('link', { name: 'Voltar ao início' }).waitFor();
    // 'Ir para o Admin' does not lead back here: it signs this account out for one with PRO access,
    // and signing in returns to the admin.
    await page.getByRole('button', { name: 'Ir para o Admin' }).click();
    await page.waitForURL(`${server.url}/auth`);
    expect((await (await context.request.get(`${server.url}/api/access/me`)).json()).signedIn).toBe(false);
    await fillCredentials(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
  });

  it("never lets a stranger who signed up first for someone's listed e-mail sign in with their password", async () => {
    const email = 'dona.da.caixa@example.com';
    const strangersPassword = 'senha-do-estranho';
    const ownersPassword = 'senha-da-dona';
    await listAsPro(email);

    const stranger = await open();
    await signUpThroughForm(stranger.page, email, strangersPassword);
    const strangersMail = await mailbox.waitFor(email);

    // The owner opens the mail the stranger caused and types her own password: nothing activates.
    const owner = await open();
    await owner.page.goto(linkIn(strangersMail, 'confirmar'));
    await owner.page.getByLabel('Senha do cadastro').fill(ownersPassword);
    await owner.page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await expect.poll(() => alertText(owner.page)).toBe(MESSAGES.wrongSignupPassword);

    // As the message says, she signs up herself: the stranger's link dies, hers asks for her password.
    await signUpThroughForm(owner.page, email, ownersPassword);
    const ownersMail = await mailbox.waitFor(email, { after: 1 });
    await owner.page.goto(linkIn(strangersMail, 'confirmar'));
    await owner.page.getByRole('alert').filter({ hasText: MESSAGES.invalidLink }).waitFor();
    await owner.page.goto(linkIn(ownersMail, 'confirmar'));
    await owner.page.getByLabel('Senha do cadastro').fill(ownersPassword);
    await owner.page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await owner.page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();

    await signInThroughForm(stranger.page, email, strangersPassword);
    await expect.poll(() => alertText(stranger.page)).toBe(MESSAGES.wrongPassword);
    expect(new URL(stranger.page.url()).pathname).toBe('/auth');
  });

  it('resets a forgotten password through the mailed link: signed in with the new one, old one and old sessions dead', async () => {
    const email = 'esqueceu.senha@example.com';
    await listAsPro(email, { invite: true });
    const invitation = await mailbox.waitFor(email);
    const token = new URL(linkIn(invitation, 'confirmar')).hash.replace('#token=', '');
    const activated = await fetch(`${server.url}/api/auth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'senha-antiga' }),
    });
    expect(activated.status).toBe(200);
    const oldSession = activated.headers
      .getSetCookie()
      .find((cookie) => cookie.includes('session_token='))!
      .split(';')[0]!;

    const { page } = await open();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.resetRequested }).waitFor();

    const resetMail = await mailbox.waitFor(email, { after: 1 });
    await page.goto(linkIn(resetMail, 'redefinir-senha'));
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova');
    await page.getByLabel('Confirme a nova senha').fill('senha-diferente');
    await page.getByLabel('Nova senha', { exact: true }).focus();
    await page.getByText('As senhas não coincidem').waitFor();
    await page.getByLabel('Confirme a nova senha').fill('senha-nova');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Senha alterada!' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Você já está conectado.' }).waitFor();

    const replay = await fetch(`${server.url}/api/access/me`, { headers: { cookie: oldSession } });
    expect((await replay.json()).signedIn).toBe(false);

    const other = await open();
    await signInThroughForm(other.page, email, 'senha-antiga');
    await expect.poll(() => alertText(other.page)).toBe(MESSAGES.wrongPassword);
    await signInThroughForm(other.page, email, 'senha-nova');
    await other.page.waitForURL(`${server.url}/admin/dashboard`);
  });

  it('names each failure of the PRO validation and of the access check after signing in', async () => {
    const { page } = await open();
    let answer: 'pro-lookup-failed' | 'malformed' | 'real' = 'pro-lookup-failed';
    await page.route('**/api/auth/sign-in/email', (route) => {
      if (answer === 'pro-lookup-failed') {
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'access.pro_check_failed', message: 'Erro ao validar e-mail PRO. Tente novamente.' } }),
        });
      }
      if (answer === 'malformed') return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":1}' });
      return route.continue();
    });
    let accessCheckFails = false;
    await page.route('**/api/access/me', (route) =>
      accessCheckFails
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"x"}}' })
        : route.continue(),
    );

    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect.poll(() => alertText(page)).toBe('Erro ao validar e-mail PRO. Tente novamente.');
    answer = 'malformed';
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe('Erro inesperado na validação. Tente novamente.');
    answer = 'real';
    accessCheckFails = true;
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe('Erro na verificação de acesso. Tente novamente.');
    expect(new URL(page.url()).pathname).toBe('/auth');
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
    await page.route('**/api/access/me', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"x"}}' }),
    );
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

  it("'Sair' in the admin panel's header (on a 360 px phone too) and in the calculator ends the session on the server: the old cookie gets 401 on an admin read", async () => {
    const { page, context } = await openPage(browser, server.url, { width: 360, height: 740 });
    opened.push(context);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.0.${++visitors}` });
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect((await context.request.get(`${server.url}/api/access/pro-users`)).status()).toBe(200);

    // In the header itself, in view on the phone: no menu to open first.
    const signOut = page.locator('header').getByRole('button', { name: 'Sair' });
    const box = (await signOut.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    await signOut.click();
    await page.waitForURL(`${server.url}/auth`);
    expect((await context.request.get(`${server.url}/api/access/pro-users`)).status()).toBe(401);
    // Even replaying the old cookie by hand: the session is gone from the server.
    const replay = await fetch(`${server.url}/api/access/pro-users`, { headers: { cookie: `${session!.name}=${session!.value}` } });
    expect(replay.status).toBe(401);

    // The calculator has its own 'Sair'; a sign-in that came from it goes back to it.
    await page.goto('/pricing-calculator');
    await page.waitForURL(`${server.url}/auth`);
    await fillCredentials(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${server.url}/pricing-calculator`);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${server.url}/auth`);
    expect((await (await context.request.get(`${server.url}/api/access/me`)).json()).signedIn).toBe(false);
  });
  it('says so on the confirmation page when a link is invalid, expired or of the old kind', async () => {
    const { page } = await open();
    await page.goto('/auth/confirmar#token=nao-e-um-token-valido');
    await page.getByRole('alert').filter({ hasText: MESSAGES.invalidLink }).waitFor();
    await page.goto('/api/auth/verify-email?token=nao-e-um-token-valido');
    await page.waitForURL(`${server.url}/auth/confirmar`);
    await page.getByRole('alert').filter({ hasText: MESSAGES.invalidLink }).waitFor();
    await page.getByRole('link', { name: 'Criar Conta' }).click();
    await page.getByRole('button', { name: 'Criar Conta', exact: true }).last().waitFor();
    await page.goto('/auth/redefinir-senha');
    await page.getByRole('alert').filter({ hasText: 'Link inválido ou expirado. Peça um novo em "Esqueci minha senha".' }).waitFor();
  });

  it('offers Entrar and, once signed in, Sair in the mobile menu', async () => {
    const { page, context } = await openPage(browser, server.url, { width: 390, height: 844 });
    opened.push(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL('**/auth');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Entrar' }).waitFor();
  });
});
