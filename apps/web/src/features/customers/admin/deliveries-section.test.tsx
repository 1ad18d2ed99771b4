import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDelivery } from '@vitrine/domain/customers';
import { Toaster } from '@/components/ui/sonner';
import { DeliveriesSection } from './deliveries-section';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (items: AdminDelivery[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

const delivery = (id: string, extra: Partial<AdminDelivery> = {}): AdminDelivery => ({
  id,
  status: 'pending',
  paymentId: `pagamento-${id}`,
  kind: 'plan',
  itemName: 'Plano Premium — Anual',
  amount: 1234.5,
  paidAt: '2026-11-02T13:30:00.000Z',
  customerId: '0b7d3c1e-0000-4000-8000-000000000001',
  customerName: 'Maria Silva',
  customerHasEmail: true,
  customerEmail: 'maria@exemplo.com',
  customerWhatsapp: '+5511987654321',
  conversationId: '0b7d3c1e-0000-4000-8000-000000000002',
  text: null,
  deliveredAt: null,
  deliveredBy: null,
  createdAt: '2026-11-02T13:30:00.000Z',
  ...extra,
});
const first = delivery('0b7d3c1e-0000-4000-8000-00000000000a');
const second = delivery('0b7d3c1e-0000-4000-8000-00000000000b', { itemName: '100 créditos', kind: 'credits', amount: 50, customerName: 'João' });
const delivered = delivery('0b7d3c1e-0000-4000-8000-00000000000c', {
  status: 'delivered',
  text: 'Usuário: joao\nSenha: 1234',
  deliveredAt: '2026-11-03T12:00:00.000Z',
  deliveredBy: 'admin@vitrine.com.br',
});

let pending: AdminDelivery[];
let deliverAnswer: (id: string, body: unknown) => Response;
beforeEach(() => {
  pending = [first, second];
  deliverAnswer = (id) => {
    const done = pending.find((item) => item.id === id)!;
    pending = pending.filter((item) => item.id !== id);
    return json(200, { ...done, status: 'delivered' });
  };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/health') return json(200, { status: 'ok' });
    if (url.startsWith('/api/admin/deliveries?')) {
      const status = new URL(url, 'http://loja').searchParams.get('status');
      return json(200, page(status === 'delivered' ? [delivered] : pending));
    }
    const deliver = /^\/api\/admin\/deliveries\/([^/]+)\/deliver$/.exec(url);
    if (deliver && init?.method === 'POST') return deliverAnswer(deliver[1]!, JSON.parse(String(init.body)));
    return json(404, { error: { code: 'not_found', message: `Sem resposta para ${url}` } });
  });
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter>
        <DeliveriesSection />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-row-id="${id}"]`);
const textOf = (row: HTMLElement) => within(row).getByLabelText('O que o cliente recebe') as HTMLTextAreaElement;
const deliverCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/deliver'));

describe('A entregar', () => {
  it('lists the paid purchases as the server orders them (oldest first), with the customer, what was bought, the amount and when it was paid', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'A entregar' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-row-id'))).toEqual([first.id, second.id]);
    expect(rows[0]!.textContent).toContain('Maria Silva');
    expect(rows[0]!.textContent).toContain('recebe também por e-mail');
    expect(rows[0]!.textContent).toContain('R$ 1.234,50');
    expect(rows[0]!.textContent).toContain('Pago em 02/11/2026 10:30');
    expect(within(rows[0]!).getByRole('link', { name: 'Maria Silva' }).getAttribute('href')).toBe(`/admin/customers?cliente=${first.customerId}`);
  });

  it('shows how to reach the customer: the WhatsApp in Brazilian form and the e-mail, or that there is no contact', async () => {
    pending = [
      first,
      delivery('0b7d3c1e-0000-4000-8000-00000000000d', { customerName: 'Ana', customerHasEmail: false, customerEmail: null, customerWhatsapp: null }),
    ];
    renderSection();
    const rows = within(await screen.findByRole('list', { name: 'A entregar' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('WhatsApp: (11) 98765-4321');
    expect(rows[0]!.textContent).toContain('maria@exemplo.com (recebe também por e-mail)');
    expect(rows[1]!.textContent).toContain('Sem contato');
    expect(rows[1]!.textContent).not.toContain('recebe também por e-mail');
  });

  it("'Marcar como entregue' sends what the customer receives; the row leaves the list and a toast says so", async () => {
    renderSection();
    await screen.findByRole('list', { name: 'A entregar' });
    const row = rowOf(first.id)!;
    await userEvent.type(textOf(row), 'Usuário: maria{Enter}Senha: 1234');
    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como entregue' }));
    await waitFor(() => expect(rowOf(first.id)).toBeNull());
    expect(JSON.parse(String(deliverCalls()[0]![1]?.body))).toEqual({ text: 'Usuário: maria\nSenha: 1234' });
    expect((await screen.findByText('Entrega registrada')).closest('[data-sonner-toast]')).toBeTruthy();
    expect(rowOf(second.id)).not.toBeNull();
  });

  it('keeps the text and says why when the delivery is refused; an empty text is never sent', async () => {
    deliverAnswer = () => json(409, { error: { code: 'customers.already_delivered', message: 'Esta compra já foi entregue.' } });
    renderSection();
    await screen.findByRole('list', { name: 'A entregar' });
    const row = rowOf(first.id)!;
    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como entregue' }));
    expect(await within(row).findByText('Escreva o que o cliente recebe.')).toBeTruthy();
    expect(deliverCalls()).toHaveLength(0);

    await userEvent.type(textOf(row), 'Link: https://exemplo.com/ativar');
    await userEvent.click(within(row).getByRole('button', { name: 'Marcar como entregue' }));
    const failure = await within(row).findByTestId('falha-ao-salvar');
    expect(failure.textContent).toContain('Não foi possível marcar como entregue');
    expect(failure.textContent).toContain('Esta compra já foi entregue.');
    expect(textOf(rowOf(first.id)!).value).toBe('Link: https://exemplo.com/ativar');
  });

  it("'Entregues' shows the delivered purchases with what each customer received", async () => {
    renderSection();
    await screen.findByRole('list', { name: 'A entregar' });
    await userEvent.click(screen.getByRole('radio', { name: 'Entregues' }));
    const list = await screen.findByRole('list', { name: 'Entregues' });
    expect(within(list).getByText('Usuário: joao Senha: 1234', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeTruthy();
    expect(list.textContent).toContain('por admin@vitrine.com.br');
    expect(within(list).queryByRole('button', { name: 'Marcar como entregue' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=delivered'))).toBe(true);
  });
});
