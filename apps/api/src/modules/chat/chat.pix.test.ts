// The shop's PIX key is one setting ('pix_key', or PIX_KEY): the PIX shortcuts and the assistant's
// offers pay it; until it is set, nothing shows a PIX code and the chat says payment is not configured.
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, type ChatExchange, type PublicShortcut } from '@vitrine/domain/chat';
import { DEMO_PIX_SHORTCUT_NAME } from '@vitrine/domain/chat-text';
import { parseBrCode } from '@vitrine/domain/pix';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { shortcuts } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { insertPlans, newVisitor } from './chat.test-support.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function shop(env: Record<string, string> = {}) {
  t = await buildTestApp({ env: { ...adminEnv, ...env } });
  await insertPlans(t.database.db, [{ name: 'Premium', monthly: 40, annual: 399.9 }]);
  await t.database.db.insert(shortcuts).values({
    name: 'Pagar com PIX',
    type: 'pix',
    orderIndex: 1,
    pixData: { key: 'outra-pessoa@example.com', value: 35, recipient: 'Outra Pessoa', city: 'Recife', description: 'Plano Basico' },
  });
  return t;
}

const pixShortcut = async (app: TestApp) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/chat/shortcuts' });
  expect(response.statusCode).toBe(200);
  return (response.json() as PublicShortcut[]).find((shortcut) => shortcut.type === 'pix')!;
};
const brCodeKey = (brCode: string) => {
  const parsed = parseBrCode(brCode);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.fields.get('26')!;
};
const settle = async (app: TestApp) => {
  const visitor = await newVisitor(app.app, { contact: true });
  const response = await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } });
  expect(response.statusCode).toBe(200);
  return (response.json() as ChatExchange).reply;
};

// Each test builds its own app and chats through it: slow on a loaded machine.
describe('the shop’s PIX key', { timeout: 120_000 }, () => {
  it('unset: the PIX shortcut has no code and the assistant says payment is not configured', async () => {
    const app = await shop();
    expect((await pixShortcut(app)).pix).toBeNull();
    const reply = await settle(app);
    expect(reply.pix).toBeNull();
    expect(reply.content).toContain('O pagamento por PIX ainda não foi configurado pela loja.');
    expect(reply.content).not.toContain('Gerei um PIX');
    const visitor = await newVisitor(app.app, { contact: true });
    const asked = await visitor.ask('quero pagar com pix');
    expect(asked.reply.content).toContain('O pagamento por PIX ainda não foi configurado pela loja.');
    expect(asked.reply.pix).toBeNull();
    // The chat's own text for the shortcut says the same.
    expect(CHAT_TEXTS.pixNotConfigured).toContain('ainda não foi configurado pela loja');
  });

  it('from PIX_KEY: the shortcut’s code and the assistant’s offer pay that key', async () => {
    const app = await shop({ PIX_KEY: 'recebimentos@minhaloja.com.br', PIX_RECIPIENT: 'Minha Loja', PIX_CITY: 'Curitiba' });
    const pix = (await pixShortcut(app)).pix!;
    expect(pix).toMatchObject({ key: 'recebimentos@minhaloja.com.br', recipient: 'Minha Loja', city: 'Curitiba', value: 35 });
    expect(brCodeKey(pix.brCode)).toContain('recebimentos@minhaloja.com.br');
    const reply = await settle(app);
    expect(reply.pix).toMatchObject({ key: 'recebimentos@minhaloja.com.br', value: 399.9 });
    expect(brCodeKey(reply.pix!.brCode)).toContain('recebimentos@minhaloja.com.br');
  });

  it('set by the admin: it wins over PIX_KEY at once, an invalid key is refused in Portuguese, and removing it brings PIX_KEY back', async () => {
    const app = await shop({ PIX_KEY: 'recebimentos@minhaloja.com.br' });
    const admin = await signInAsAdmin(app.app);
    const put = async (value: string) =>
      app.app.inject({
        method: 'PUT',
        url: '/api/settings/pix_key',
        headers: { cookie: admin },
        payload: { value, expectedUpdatedAt: await entryVersion(app.database.db, 'settings', 'pix_key') },
      });

    const invalid = await put('não é uma chave');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain('Chave PIX inválida');

    expect((await put(' +55 (41) 99876-5432 ')).statusCode).toBe(200);
    const pix = (await pixShortcut(app)).pix!;
    expect(pix.key).toBe('+5541998765432');
    expect(brCodeKey(pix.brCode)).toContain('+5541998765432');
    expect((await settle(app)).pix?.key).toBe('+5541998765432');

    const removed = await app.app.inject({ method: 'DELETE', url: '/api/settings/pix_key', headers: { cookie: admin } });
    expect(removed.statusCode).toBe(204);
    expect((await pixShortcut(app)).pix?.key).toBe('recebimentos@minhaloja.com.br');
  });

  it("the demo's PIX shortcut loses '(exemplo)' for visitors once the key is set; an admin's own name and the stored row stay as they are", async () => {
    const app = await shop();
    await app.database.db.insert(shortcuts).values([
      {
        name: DEMO_PIX_SHORTCUT_NAME,
        type: 'pix',
        orderIndex: 2,
        pixData: { key: 'exemplo@exemplo.invalid', value: 0, recipient: 'LOJA EXEMPLO', city: 'EXEMPLO' },
      },
      { name: 'PIX da loja (exemplo de uso)', type: 'pix', orderIndex: 3, pixData: { key: 'exemplo@exemplo.invalid', value: 0, recipient: 'LOJA', city: 'X' } },
    ]);
    const names = async () => {
      const response = await app.app.inject({ method: 'GET', url: '/api/chat/shortcuts' });
      return (response.json() as PublicShortcut[]).map((shortcut) => shortcut.name);
    };
    // No key: still visibly an example.
    expect(await names()).toEqual(['Pagar com PIX', 'Pagar com PIX (exemplo)', 'PIX da loja (exemplo de uso)']);

    const admin = await signInAsAdmin(app.app);
    const saved = await app.app.inject({
      method: 'PUT',
      url: '/api/settings/pix_key',
      headers: { cookie: admin },
      payload: { value: 'recebimentos@minhaloja.com.br', expectedUpdatedAt: null },
    });
    expect(saved.statusCode).toBe(200);
    expect(await names()).toEqual(['Pagar com PIX', 'Pagar com PIX', 'PIX da loja (exemplo de uso)']);
    // Nothing stored was renamed: the admin's list shows the rows as they are.
    const stored = await app.database.db.select({ name: shortcuts.name }).from(shortcuts).orderBy(shortcuts.orderIndex);
    expect(stored.map((row) => row.name)).toEqual(['Pagar com PIX', 'Pagar com PIX (exemplo)', 'PIX da loja (exemplo de uso)']);
  });
});
