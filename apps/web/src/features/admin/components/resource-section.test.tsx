import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfigCreateSchema, type AdminSiteConfig } from '@vitrine/domain/content-admin';
import { adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { ResourceSection } from './resource-section';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const stored: AdminSiteConfig = {
  id: '6f1c2b7e-4d1a-4c3e-9b0a-2f5e8d7c6b5a',
  section: 'rodape',
  configKey: 'texto',
  configValue: 'Olá',
  isActive: true,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};

/** The server: the list, a healthy connection check, and `write` for the create or the update. */
function serve(write: (method: string, body: unknown) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/health')) return json(200, { status: 'ok' });
    if (method === 'GET') return json(200, { items: [stored], total: 1, page: 1, pageSize: 20 });
    return write(method, init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
  return { writes };
}

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ResourceSection
        id="configuracoes"
        title="Configurações do site"
        contract={adminSiteConfigContract}
        table="site_configurations"
        label="configurações"
        newLabel="Nova configuração"
        defaultSort="section"
        nameOf={(row) => `${row.section}.${row.configKey}`}
        createSchema={siteConfigCreateSchema}
        defaults={{ section: '', configKey: '', configValue: '', isActive: true }}
        columns={[{ key: 'configKey', header: 'Chave', cell: (row) => row.configKey }]}
        fields={[
          { key: 'section', label: 'Seção', kind: 'text' },
          { key: 'configKey', label: 'Chave', kind: 'text' },
          { key: 'isActive', label: 'Ativo', kind: 'boolean' },
          { key: 'configValue', label: 'Valor (JSON)', kind: 'json' },
        ]}
      />
    </QueryClientProvider>,
  );
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;
// The list is drawn twice (cards for a narrow screen, a table for a wide one): the table is enough here.
// (Behind an open dialog the page is hidden from assistive technology.)
const table = () => screen.getByRole('table', { name: 'Configurações do site', hidden: true });
const listed = () => within(table()).findByText('texto');

describe('the generic resource form', () => {
  it("says each field's problem in Portuguese under it and sends nothing", async () => {
    const { writes } = serve(() => json(201, stored));
    renderSection();
    await listed();
    await userEvent.click(screen.getByRole('button', { name: 'Nova configuração' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova configuração' });
    await userEvent.type(field(dialog, 'Chave'), 'chave com espaço');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect((await within(dialog).findByText('Seção inválida')).id).toBe('configuracoes-section-erro');
    expect(field(dialog, 'Seção').getAttribute('aria-describedby')).toBe('configuracoes-section-erro');
    expect(within(dialog).getByText('Chave inválida: use letras, números, ponto, hífen ou sublinhado.')).toBeTruthy();

    await userEvent.type(field(dialog, 'Seção'), 'rodape');
    await userEvent.clear(field(dialog, 'Chave'));
    await userEvent.type(field(dialog, 'Chave'), 'texto');
    await userEvent.clear(field(dialog, 'Valor (JSON)'));
    // '{{' types one '{': a JSON that never closes.
    await userEvent.type(field(dialog, 'Valor (JSON)'), '{{"texto": 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Conteúdo inválido: use JSON.')).toBeTruthy();
    expect(within(dialog).queryByText('Seção inválida')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('keeps every typed value when the server refuses the create, and says why', async () => {
    const { writes } = serve(() => json(400, { error: { code: 'admin.site-config.duplicate', message: 'Já existe uma entrada com esta seção e chave.' } }));
    renderSection();
    await listed();
    await userEvent.click(screen.getByRole('button', { name: 'Nova configuração' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova configuração' });
    await userEvent.type(field(dialog, 'Seção'), 'rodape');
    await userEvent.type(field(dialog, 'Chave'), 'texto');
    await userEvent.clear(field(dialog, 'Valor (JSON)'));
    await userEvent.type(field(dialog, 'Valor (JSON)'), '"Outro"');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const failure = await within(dialog).findByTestId('falha-ao-salvar');
    expect(failure.textContent).toContain('Erro na Sincronização');
    expect(failure.textContent).toContain('Falha na criação: Já existe uma entrada com esta seção e chave.');
    expect([field(dialog, 'Seção').value, field(dialog, 'Chave').value, field(dialog, 'Valor (JSON)').value]).toEqual(['rodape', 'texto', '"Outro"']);
    const [, init] = writes()[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ section: 'rodape', configKey: 'texto', configValue: 'Outro', isActive: true });
    // The row shown while the server answered is gone again.
    expect(within(table()).getAllByText('texto')).toHaveLength(1);
  });

  it('sends only the changed fields with the version the edit started from, and keeps them when another admin saved first', async () => {
    const { writes } = serve(() =>
      json(409, {
        error: {
          code: 'admin.site-config.stale',
          message: 'Outro administrador alterou este registro enquanto você editava; nada foi salvo. Confira os valores atuais e salve de novo.',
          details: { current: { ...stored, configValue: 'Do outro', updatedAt: '2026-01-02T11:00:00.000Z' } },
        },
      }),
    );
    renderSection();
    await listed();
    await userEvent.click(within(table()).getByRole('button', { name: 'Editar rodape.texto' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar rodape.texto' });
    expect(field(dialog, 'Valor (JSON)').value).toBe('"Olá"');
    await userEvent.clear(field(dialog, 'Valor (JSON)'));
    await userEvent.type(field(dialog, 'Valor (JSON)'), '"Meu texto"');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect((await within(dialog).findByTestId('falha-ao-salvar')).textContent).toContain('Outro administrador alterou este registro');
    expect(field(dialog, 'Valor (JSON)').value).toBe('"Meu texto"');
    const [url, init] = writes()[0]!;
    expect([String(url), init?.method]).toEqual([`/api/admin/site-config/${stored.id}`, 'PATCH']);
    expect(JSON.parse(String(init?.body))).toEqual({ configValue: 'Meu texto', expectedUpdatedAt: stored.updatedAt });
  });
});
