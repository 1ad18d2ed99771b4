// Settings the admin overrides over the environment: the override wins and is used on the next request,
// removing it brings back the environment's value, secrets never come back whole, only admins may touch them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Setting } from '@vitrine/domain/settings';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import { emailOutbox } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('settings the admin overrides over the environment', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { ...adminEnv, CONTACT_EMAIL: 'ambiente@vitrine.test', TMDB_API_KEY: 'chave-do-ambiente-1234' },
      jobs: fastJobs,
    });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const list = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    return response.json<Setting[]>();
  };
  const setting = async (key: string) => (await list()).find((entry) => entry.key === key)!;
  // From the version the screen would show (what the list answers).
  const put = async (key: string, value: unknown, cookie: string | null = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/settings/${key}`,
      headers: cookie ? { cookie } : {},
      payload: { value, expectedUpdatedAt: await entryVersion(t.database.db, 'settings', key) } as object,
    });
  const remove = (key: string) => t.app.inject({ method: 'DELETE', url: `/api/settings/${key}`, headers: { cookie: admin } });
  const contactMailTo = async (subject: string) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana', email: 'ana@example.com', subject, message: 'Olá!' },
      remoteAddress: `10.33.0.${Math.floor(Math.random() * 200) + 1}`,
    });
    expect(sent.statusCode).toBe(201);
    const mail = await waitUntil(
      async () =>
        (
          await t.database.db
            .select()
            .from(emailOutbox)
            .where(eq(emailOutbox.subject, `[Contato] ${subject}`))
        )[0],
      { what: 'o encaminhamento do contato' },
    );
    return mail.to;
  };

  it('lists each setting with where its value comes from, secrets masked', async () => {
    expect(await setting('contact_email')).toMatchObject({ source: 'env', value: 'ambiente@vitrine.test', secret: false });
    const tmdb = await setting('tmdb_api_key');
    expect(tmdb).toMatchObject({ source: 'env', secret: true, value: '••••1234' });
    expect(await setting('llm_model')).toMatchObject({ source: 'none', value: null });
    const body = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: admin } })).body;
    expect(body).not.toContain('chave-do-ambiente');
  });

  it('an override wins over the environment at the next request, and removing it brings the environment back', async () => {
    expect(await contactMailTo('Antes da troca')).toBe('ambiente@vitrine.test');
    const changed = await put('contact_email', 'painel@vitrine.test');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ key: 'contact_email', source: 'admin', value: 'painel@vitrine.test' });
    expect(await contactMailTo('Depois da troca')).toBe('painel@vitrine.test');

    expect((await remove('contact_email')).statusCode).toBe(204);
    expect(await setting('contact_email')).toMatchObject({ source: 'env', value: 'ambiente@vitrine.test' });
    expect(await contactMailTo('De volta ao ambiente')).toBe('ambiente@vitrine.test');
    const again = await remove('contact_email');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Esta configuração não foi definida pelo painel.');
  });

  it('a secret set in the panel is never read back whole', async () => {
    const changed = await put('tmdb_api_key', 'segredo-do-painel-9876');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain('segredo-do-painel');
    expect(await setting('tmdb_api_key')).toMatchObject({ source: 'admin', value: '••••9876' });
    await remove('tmdb_api_key');
  });

  it('with ALLOW_PRIVATE_WEBHOOKS=true (development, tests) an internal payments webhook is saved, as the other outbound settings are', async () => {
    expect(t.env.ALLOW_PRIVATE_WEBHOOKS).toBe(true);
    const saved = await put('payments_webhook_url', 'http://127.0.0.1:8080/pagamentos');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'payments_webhook_url', source: 'admin', value: 'http://127.0.0.1:8080/pagamentos' });
    expect((await remove('payments_webhook_url')).statusCode).toBe(204);
  });

  it('refuses an invalid value, an unknown setting and anyone but an admin, in Portuguese', async () => {
    const invalid = await put('contact_email', 'não é e-mail');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('E-mail inválido.');
    const url = await put('llm_base_url', 'ftp://modelo.example.com');
    expect(url.statusCode).toBe(400);
    expect(url.json().error.message).toBe('Informe um endereço http(s) completo.');
    const unknown = await put('senha_do_banco', 'x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Configuração desconhecida.');
    expect((await put('contact_email', 'visitante@vitrine.test', null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    expect(await setting('contact_email')).toMatchObject({ source: 'env' });
  });
});

describe('the outbound addresses (language model, payments webhook), checked when they are saved', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...adminEnv, ALLOW_PRIVATE_WEBHOOKS: 'false' } });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const put = async (key: string, value: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/settings/${key}`,
      headers: { cookie: admin },
      payload: { value, expectedUpdatedAt: await entryVersion(t.database.db, 'settings', key) },
    });
  const internal = [
    ['http://127.0.0.1:11434/v1', '127.0.0.1'],
    ['http://2130706433/v1', '127.0.0.1'],
    ['http://0x7f.1/v1', '127.0.0.1'],
    ['http://[::1]:8080/v1', '::1'],
    ['http://[::ffff:7f00:1]/v1', '::ffff:7f00:1'],
    ['http://169.254.169.254/latest', '169.254.169.254'],
    ['http://10.0.0.7/v1', '10.0.0.7'],
    ['http://192.168.0.10/pagamentos', '192.168.0.10'],
    ['http://localhost:11434/v1', 'localhost'],
  ] as const;

  it.each((['llm_base_url', 'payments_webhook_url'] as const).flatMap((key) => internal.map(([value, address]) => [key, value, address] as const)))(
    '%s: refuses %s in Portuguese and keeps the previous value',
    async (key, value, address) => {
      const response = await put(key, value);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'settings.invalid_value',
        message: `O endereço ${address} é local, privado ou reservado: o servidor só se conecta a endereços públicos.`,
      });
      const listed = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: admin } });
      expect(listed.json<Setting[]>().find((entry) => entry.key === key)).toMatchObject({ source: 'none' });
    },
  );

  it.each([
    ['llm_base_url', 'https://modelo.example.com/v1'],
    ['payments_webhook_url', 'https://loja.example.com/webhooks/pagamentos'],
  ])('%s: refuses credentials in the address and accepts a public one', async (key, value) => {
    expect((await put(key, value.replace('https://', 'https://usuario:senha@'))).json().error.message).toBe('O endereço não pode conter usuário ou senha.');
    const saved = await put(key, value);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ key, source: 'admin', value });
  });
});
