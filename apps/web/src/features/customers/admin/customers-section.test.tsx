import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCustomer, AdminCustomerDetail, CustomerFigures } from '@vitrine/domain/customers';
import { Toaster } from '@/components/ui/sonner';
import { CustomersSection } from './customers-section';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const figures: CustomerFigures = {
  activeSubscriptions: 1250,
  monthlyRecurringRevenue: 12345.6,
  renewalsThisMonth: 37,
  cancellationsThisMonth: 4,
  revenueDueNext30Days: 2999.9,
  pendingDeliveries: 3,
};
const maria: AdminCustomer = {
  id: '7a0e5f3c-0000-4000-8000-000000000001',
  name: 'Maria Silva',
  whatsapp: '+5511987654321',
  email: 'maria@exemplo.com',
  erasedAt: null,
  createdAt: '2026-01-31T14:00:00.000Z',
  subscription: {
    id: '7a0e5f3c-0000-4000-8000-0000000000a1',
    planId: null,
    planName: 'Premium',
    period: 'annual',
    months: 12,
    price: 408,
    startsOn: '2026-01-31',
    endsOn: '2027-01-31',
    status: 'active',
    cancelledAt: null,
  },
  subscriptionCount: 1,
  paidTotal: 408,
  lastPaidAt: '2026-01-31T14:05:00.000Z',
};
const detail: AdminCustomerDetail = { ...maria, subscriptions: [maria.subscription!], accessLinks: [] };

/** The query of each list request, as the server read it. */
const listQueries = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://loja'))
    .filter((url) => url.pathname === '/api/admin/customers')
    .map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://loja');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/health') return json(200, { status: 'ok' });
    if (url.pathname === '/api/admin/customers/figures') return json(200, figures);
    if (url.pathname === '/api/settings') return json(200, []);
    if (url.pathname === '/api/admin/customers') return json(200, { items: [maria], total: 1, page: 1, pageSize: 20 });
    if (url.pathname === `/api/admin/customers/${maria.id}` && method === 'GET') return json(200, detail);
    if (url.pathname === `/api/admin/customers/${maria.id}/timeline`)
      return json(200, {
        items: [
          {
            type: 'payment',
            id: 'p1',
            at: '2026-01-31T14:05:00.000Z',
            title: 'Pagamento recebido: Plano Premium — Anual',
            amount: 408,
            status: 'paid',
            date: null,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      });
    if (url.pathname === `/api/admin/customers/${maria.id}/access-links` && method === 'POST')
      return json(201, {
        id: '7a0e5f3c-0000-4000-8000-0000000000b1',
        subscriptionId: maria.subscription!.id,
        createdAt: '2026-11-29T12:00:00.000Z',
        expiresAt: '2027-02-27T12:00:00.000Z',
        revokedAt: null,
        createdBy: 'admin',
        url: 'https://loja.exemplo/minha-assinatura?t=segredo_do_link_0123456789abcdefghij',
      });
    if (url.pathname === `/api/admin/customers/${maria.id}` && method === 'DELETE') return json(200, { id: maria.id, erasedAt: '2026-11-29T12:00:00.000Z' });
    return json(404, { error: { code: 'not_found', message: `Sem resposta para ${url.pathname}` } });
  });
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/customers']}>
        <CustomersSection />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const figure = (label: string) => document.querySelector(`[data-figure="${label}"]`)?.textContent;

describe('Clientes', () => {
  it('shows the figures a shop watches at the top, the Brazilian way', async () => {
    renderSection();
    await waitFor(() => expect(figure('Assinaturas ativas')).toBe('1.250'));
    expect(figure('Receita recorrente mensal')).toBe('R$ 12.345,60');
    expect(figure('Renovações no mês')).toBe('37');
    expect(figure('Cancelamentos no mês')).toBe('4');
    expect(figure('A receber em 30 dias')).toBe('R$ 2.999,90');
  });

  it('searches by what was typed, from a box whose short placeholder fits a phone and whose name says what it searches', async () => {
    renderSection();
    const box = await screen.findByRole('searchbox', { name: 'Buscar clientes por nome, WhatsApp ou e-mail' });
    expect(box.getAttribute('placeholder')).toBe('Nome, WhatsApp ou e-mail');
    await userEvent.type(box, 'maria@exemplo');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ search: 'maria@exemplo' }));
  });

  it('lists each customer with contact, plan, status and end date (dd/mm/aaaa)', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Clientes' });
    const row = (await within(table).findByText('Maria Silva')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Maria Silva',
      '(11) 98765-4321maria@exemplo.com',
      'Premium — Anual',
      'Ativa',
      '31/01/2027',
      'Ver',
    ]);
  });

  it('asks the server again with the chosen filter from page 1, and exports the CSV with the same filter', async () => {
    renderSection();
    await screen.findAllByText('Maria Silva');
    expect(listQueries().at(-1)).toEqual({ page: '1', pageSize: '20' });
    await userEvent.click(screen.getByRole('radio', { name: 'Vence em 7 dias' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', pageSize: '20', filter: 'expiring' }));
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe('/api/admin/customers/export.csv?filter=expiring');
    await userEvent.click(screen.getByRole('radio', { name: 'Sem contato' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', pageSize: '20', filter: 'no_contact' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe('/api/admin/customers/export.csv'));
  });

  it('opens a customer: the timeline, a new link shown once to copy, and erasure only after confirming', async () => {
    renderSection();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Ver Maria Silva' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Silva' });
    expect(await within(dialog).findByText('Pagamento recebido: Plano Premium — Anual')).toBeTruthy();
    expect(within(dialog).getByText('Pago')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar link de Minha assinatura' }));
    const created = await within(dialog).findByTestId('link-criado');
    expect(created.textContent).toContain('https://loja.exemplo/minha-assinatura?t=segredo_do_link_0123456789abcdefghij');
    expect(within(created).getByRole('button', { name: 'Copiar link' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apagar dados pessoais' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apagar dados pessoais' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Apagar dados pessoais' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === `/api/admin/customers/${maria.id}`)).toBe(true),
    );
    expect(await screen.findByText('Dados pessoais apagados')).toBeTruthy();
  });
});
