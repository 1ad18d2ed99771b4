import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySubscription, RenewalCharge } from '@vitrine/domain/customers';
import { buildPixPayload } from '@vitrine/domain/pix';
import { PageHead } from '@/components/layouts/page-head';
import { Toaster } from '@/components/ui/sonner';
import { Component, handle } from './my-subscription';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const TOKEN = 'k3y_Of-a-Link_0123456789abcdefghijklmnop';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, message: string) => json(status, { error: { code, message } });

const subscription: MySubscription = {
  customerName: 'Maria Silva',
  subscription: {
    id: 'a0c1d2e3-0000-4000-8000-000000000001',
    planId: 'a0c1d2e3-0000-4000-8000-000000000002',
    planName: 'Premium',
    period: 'annual',
    months: 12,
    price: 408,
    startsOn: '2026-01-31',
    endsOn: '2027-01-31',
    status: 'active',
    cancelledAt: null,
  },
  renewal: { amount: 429.9, title: 'Plano Premium — Anual' },
  deliveries: [
    {
      id: 'd1',
      itemName: 'Plano Premium — Anual',
      text: 'Usuário: maria\nSenha: <b>segredo</b>',
      deliveredAt: '2026-01-31T15:00:00.000Z',
    },
  ],
  payments: [
    { id: 'p1', itemName: 'Plano Premium — Anual', amount: 408, status: 'paid', createdAt: '2026-01-31T14:00:00.000Z', paidAt: '2026-01-31T14:05:00.000Z' },
  ],
  linkExpiresAt: '2027-02-28T03:00:00.000Z',
};

const brCode = buildPixPayload({ key: 'loja@vitrine.com.br', recipient: 'Vitrine Streaming', city: 'Sao Paulo', amount: 429.9, description: 'Premium anual' });
const charge: RenewalCharge = {
  paymentId: 'p2',
  amount: 429.9,
  title: 'Plano Premium — Anual',
  brCode,
  location: null,
  expiresAt: null,
  provider: 'static',
};

let subscriptionAnswer: () => Response;
let renewAnswer: () => Response;
beforeEach(() => {
  subscriptionAnswer = () => json(200, subscription);
  renewAnswer = () => json(201, charge);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/my-subscription?token=${TOKEN}`) return subscriptionAnswer();
    if (url === '/api/my-subscription/renew' && init?.method === 'POST') return renewAnswer();
    if (url === '/api/site-config/contact')
      return json(200, { section: 'contact', entries: { channels: [{ type: 'whatsapp', label: 'WhatsApp', value: '(11) 91234-5678' }] } });
    return refusal(404, 'not_found', `Sem resposta para ${url}`);
  });
});

/** The route as the app mounts it: its handle names the page (PageHead), under /minha-assinatura. */
function renderPage(search = `?t=${TOKEN}`) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <PageHead />
            <Outlet />
          </>
        ),
        children: [{ path: 'minha-assinatura', Component, handle }],
      },
    ],
    { initialEntries: [`/minha-assinatura${search}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('Minha assinatura', () => {
  it('shows the plan, its status and end date (dd/mm/aaaa), what was delivered as plain text, and the payments; never indexed', async () => {
    renderPage();
    expect(screen.getByRole('status', { name: 'Carregando sua assinatura' })).toBeTruthy();
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Premium — Anual');
    expect(screen.getByText('Ativa')).toBeTruthy();
    expect(screen.getByTestId('subscription-ends-on').textContent).toBe('31/01/2027');
    expect(screen.getByText('Sua assinatura está ativa até 31/01/2027.')).toBeTruthy();
    const delivery = screen.getByTestId('delivery');
    expect(delivery.querySelector('p.whitespace-pre-wrap')?.textContent).toBe('Usuário: maria\nSenha: <b>segredo</b>');
    expect(delivery.querySelector('b')).toBeNull();
    const payment = screen.getByTestId('payment');
    expect(payment.textContent).toContain('31/01/2026 · Pago');
    expect(payment.textContent).toContain('R$ 408,00');
    await waitFor(() => expect(document.title).toBe('Minha assinatura — Vitrine'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it("'Renovar com PIX' creates the charge for the link's token and shows its PIX: copia-e-cola, QR code, amount", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Renovar com PIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento via PIX' });
    const renew = fetchMock.mock.calls.find(([url]) => String(url) === '/api/my-subscription/renew');
    expect(JSON.parse(String(renew?.[1]?.body))).toEqual({ token: TOKEN });
    expect(within(dialog).getByTestId('pix-brcode').textContent).toBe(brCode);
    expect(within(dialog).getByTestId('pix-value').textContent).toBe('R$ 429,90');
    expect(within(dialog).getByTestId('pix-recipient').textContent).toBe('VITRINE STREAMING');
    expect(within(dialog).getByTestId('pix-key').textContent).toBe('loja@vitrine.com.br');
    expect(within(dialog).getByTestId('pix-qr')).toBeTruthy();
  });

  it('says why a renewal could not be created', async () => {
    renewAnswer = () => refusal(409, 'customers.plan_unavailable', 'Este plano não está mais à venda.');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Renovar com PIX' }));
    expect((await screen.findByText(/Não foi possível gerar o PIX/)).textContent).toBe('Não foi possível gerar o PIX: Este plano não está mais à venda.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("tells the customer of an expired link (410) to ask the shop for a new one, with the shop's channels", async () => {
    subscriptionAnswer = () => refusal(410, 'customers.link_expired', 'Link expirado.');
    renderPage();
    const problem = await screen.findByTestId('link-expired');
    expect(problem.textContent).toContain('Link expirado');
    expect(problem.textContent).toContain('Peça à loja um novo link');
    expect(await within(problem).findByText('(11) 91234-5678')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renovar com PIX' })).toBeNull();
  });

  it('says an unknown or revoked link (404), or one without its token, is invalid', async () => {
    subscriptionAnswer = () => refusal(404, 'customers.link_not_found', 'Link não encontrado.');
    renderPage();
    expect((await screen.findByTestId('link-invalid')).textContent).toContain('Link inválido');
    cleanup();
    renderPage('');
    expect((await screen.findByTestId('link-invalid')).textContent).toContain('Link inválido');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/my-subscription'))).toHaveLength(1);
  });
});
