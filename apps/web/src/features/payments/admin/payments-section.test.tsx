import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '@vitrine/domain/payments';
import { Toaster } from '@/components/ui/sonner';
import { PaymentsSection } from './payments-section';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const waiting: AdminPayment = {
  id: '0b9d6c1e-2f3a-4b5c-8d7e-6f5a4b3c2d1e',
  status: 'created',
  provider: 'static',
  amount: 49.9,
  kind: 'plan',
  itemName: 'Plano Family — Mensal',
  conversationId: null,
  paymentIntentId: null,
  txid: 'TX123',
  endToEndId: null,
  manual: false,
  markedBy: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  expiresAt: null,
  paidAt: null,
};

/** The server: the list and its summary, a healthy connection check, and `mark` for 'Marcar como recebido'. */
function serve(mark: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/health')) return json(200, { status: 'ok' });
    if (url.startsWith('/api/admin/payments/summary'))
      return json(200, { paidTotal: 0, paidCount: 0, paidLast30Days: 0, pendingCount: 1, pspConfigured: false });
    if (init?.method === 'POST') return mark(JSON.parse(String(init.body)));
    return json(200, { items: [waiting], total: 1, page: 1, pageSize: 20 });
  });
  return { marks: () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST') };
}

async function openMarkDialog() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <PaymentsSection />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // The list is drawn twice (cards for a narrow screen, a table for a wide one): the table is enough here.
  const table = await screen.findByRole('table', { name: 'Pagamentos' });
  await userEvent.click(await within(table).findByRole('button', { name: 'Marcar como recebido' }));
  const dialog = screen.getByRole('dialog', { name: 'Marcar como recebido' });
  const endToEnd = within(dialog).getByLabelText('Identificador do PIX (E2E), opcional') as HTMLInputElement;
  return { dialog, endToEnd, confirm: () => userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como recebido' })) };
}

describe('marking a payment received by hand', () => {
  it('says in Portuguese what is wrong with the end-to-end id, under it, and marks nothing', async () => {
    const { marks } = serve(() => json(200, { ...waiting, status: 'paid' }));
    const { dialog, endToEnd, confirm } = await openMarkDialog();
    await userEvent.type(endToEnd, 'E2E-123');
    await confirm();
    expect((await within(dialog).findByText('Use só letras e dígitos no identificador (E2E).')).id).toBe(endToEnd.getAttribute('aria-describedby'));
    expect(marks()).toEqual([]);
  });

  it('keeps the id typed when the server refuses, and closes once it is marked', async () => {
    let answer = json(409, { error: { code: 'payments.already_paid', message: 'Este pagamento já foi confirmado.' } });
    const { marks } = serve(() => answer);
    const { dialog, endToEnd, confirm } = await openMarkDialog();
    await userEvent.type(endToEnd, 'E12345678');
    await confirm();

    expect((await within(dialog).findByTestId('falha-ao-salvar')).textContent).toContain('Este pagamento já foi confirmado.');
    expect((await screen.findByText('Não foi possível marcar')).closest('[data-sonner-toast]')?.textContent).toContain('Este pagamento já foi confirmado.');
    expect(endToEnd.value).toBe('E12345678');
    expect(screen.getByRole('dialog', { name: 'Marcar como recebido' })).toBe(dialog);

    answer = json(200, { ...waiting, status: 'paid', endToEndId: 'E12345678', manual: true });
    await confirm();
    expect((await screen.findByText('Pagamento recebido')).closest('[data-sonner-toast]')?.textContent).toContain(
      'Plano Family — Mensal: R$ 49,90 marcado como recebido.',
    );
    expect(screen.queryByRole('dialog', { name: 'Marcar como recebido' })).toBeNull();
    const [url] = marks()[1]!;
    expect(String(url)).toBe(`/api/admin/payments/${waiting.id}/received`);
    expect(marks().map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ endToEndId: 'E12345678' }, { endToEndId: 'E12345678' }]);
  });
});
