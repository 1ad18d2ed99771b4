import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { ReferenceTablesTab } from './reference-tables-tab';

const stored = { section: 'pricing', configKey: 'global_discount', configValue: 5, updatedAt: '2026-05-01T10:00:00.000Z' };
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the server answers a save: a failure, or a refusal because another admin saved 20 % meanwhile. */
let onSave: () => Response = () => answer(200, stored);
const saves: unknown[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  if (init?.method === 'PUT' && url.pathname === '/api/admin/site-config/pricing/global_discount') {
    saves.push(JSON.parse(String(init.body)));
    return onSave();
  }
  if (url.pathname === '/api/admin/site-config') return answer(200, { items: [stored], total: 1 });
  return new Response(null, { status: 404 });
});
vi.stubGlobal('fetch', fetchMock);
// Keys typed without a pause between them: the machine running the suite is busy enough.
const user = userEvent.setup({ delay: null });
afterEach(() => {
  fetchMock.mockClear();
  saves.length = 0;
});

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ReferenceTablesTab />
      <Toaster />
    </QueryClientProvider>,
  );
  const field = () => screen.getByRole('textbox', { name: 'Desconto global (%)' }) as HTMLInputElement;
  const monthly = () => within(screen.getByRole('region', { name: 'Mensal' }));
  return { field, monthly, save: () => user.click(screen.getByRole('button', { name: 'Salvar desconto' })) };
}

describe('the global discount of Tabelas de Preço', { timeout: 30_000 }, () => {
  it('starts from the stored discount, reprices the tables as it is typed, and says in Portuguese what is no discount', async () => {
    const { field, monthly } = renderTab();
    await vi.waitFor(() => expect(field().value).toBe('5'));
    expect(field().disabled).toBe(false);
    // Monthly from 50 units: R$ 13,00 less 5 % = R$ 12,35.
    monthly().getAllByText('R$ 12,35');

    await user.clear(field());
    await user.type(field(), '7,5');
    // R$ 13,00 less 7,5 % = R$ 12,03 (12,025 rounded half-up), before anything is saved.
    monthly().getAllByText('R$ 12,03');
    expect(screen.getByText(/Alteração ainda não salva\./).id).toBe('desconto-global-ajuda');

    await user.clear(field());
    await user.type(field(), '120');
    expect(screen.getByText('O desconto deve estar entre 0 e 100%').id).toBe('desconto-global-erro');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Salvar desconto' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps what was typed when its save fails, and says so', async () => {
    onSave = () => answer(500, { error: { code: 'internal', message: 'Erro interno.' } });
    const { field, save, monthly } = renderTab();
    await vi.waitFor(() => expect(field().value).toBe('5'));
    await user.clear(field());
    await user.type(field(), '7,5');
    await save();

    expect((await screen.findByText('Erro ao salvar o desconto global')).closest('[data-sonner-toast]')?.textContent).toContain('Erro interno.');
    expect(saves).toEqual([{ value: 7.5, expectedUpdatedAt: stored.updatedAt }]);
    expect(field().value).toBe('7,5');
    monthly().getAllByText('R$ 12,03');
    expect(screen.getByText(/Alteração ainda não salva\./)).toBeTruthy();
  });

  it("keeps the edit when another admin's save came first, names the value stored now, and saves from it next", async () => {
    const now = { ...stored, configValue: 20, updatedAt: '2026-05-01T10:05:00.000Z' };
    const message = 'Outro administrador alterou este valor enquanto você editava; nada foi salvo. Confira o valor atual e salve de novo.';
    onSave = () => answer(409, { error: { code: 'site_config.stale', message, details: { current: now } } });
    const { field, save } = renderTab();
    await vi.waitFor(() => expect(field().value).toBe('5'));
    await user.clear(field());
    await user.type(field(), '7');
    await save();

    expect((await screen.findByTestId('desconto-global-conflito')).textContent).toBe(`${message} Valor salvo agora: 20%.`);
    expect(field().value).toBe('7');
    onSave = () => answer(200, { ...stored, configValue: 7, updatedAt: '2026-05-01T10:06:00.000Z' });
    await save();
    await screen.findByText('Desconto global salvo');
    expect(saves).toEqual([
      { value: 7, expectedUpdatedAt: stored.updatedAt },
      { value: 7, expectedUpdatedAt: now.updatedAt },
    ]);
    expect(field().value).toBe('7');
  });
});
