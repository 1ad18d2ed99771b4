import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LastCalculationProvider } from '../lib/last-calculation';
import { CalculatorTab } from './calculator-tab';

const PROVIDER_ID = '0b6f3c1e-5d2a-4c7b-9e41-2f8a6d3c1b70';
const provider = {
  id: PROVIDER_ID,
  name: 'Provedor Teste',
  isActive: true,
  // Monthly: R$ 10 from 50 units, R$ 8 from 100.
  costs: [
    { id: 'c0f1e2d3-0000-4000-8000-000000000050', planType: 'monthly', quantity: 50, unitCost: 10, totalCost: 500 },
    { id: 'c0f1e2d3-0000-4000-8000-000000000100', planType: 'monthly', quantity: 100, unitCost: 8, totalCost: 800 },
  ],
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/admin/pricing/providers') return json({ items: [provider] });
  // No global discount saved, no calculation saved.
  if (url.pathname === '/api/admin/site-config' || url.pathname === '/api/admin/pricing/calculations') return json({ items: [], total: 0 });
  return new Response(null, { status: 404 });
});
vi.stubGlobal('fetch', fetchMock);
// Keys typed without a pause between them: the machine running the suite is busy enough.
const user = userEvent.setup({ delay: null });
afterEach(() => fetchMock.mockClear());

/** The calculator opened from a shared link that names the provider and the plan type (the provider's select is Radix's). */
function renderCalculator() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/pricing-calculator?provedor=${PROVIDER_ID}&plano=mensal`]}>
        <LastCalculationProvider>
          <CalculatorTab />
        </LastCalculationProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  return {
    quantity: () => field('Quantidade'),
    price: () => field('Preço de venda por unidade (R$)'),
    providerLoaded: () => vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Provedor' }).textContent).toContain('Provedor Teste')),
    calculate: () => user.click(screen.getByRole('button', { name: 'Calcular' })),
    metric: (label: string) => screen.getByTestId('resultado-calculo').querySelector(`[data-metric="${label}"]`)?.textContent,
  };
}

describe('the Calculadora form', { timeout: 30_000 }, () => {
  it("reads '1.500' as one thousand five hundred, prices it on 'Calcular', and hides the result when an input changes until it is calculated again", async () => {
    const { providerLoaded, quantity, price, calculate, metric } = renderCalculator();
    // The provider named by the link is offered once the providers have loaded.
    await providerLoaded();
    await user.type(quantity(), '1.500');
    await user.type(price(), '20');
    expect(screen.queryByTestId('resultado-calculo')).toBeNull();
    await calculate();

    // 1.500 units use the 100-unit tier (R$ 8): revenue 1.500 × R$ 20, cost 1.500 × R$ 8.
    expect((await screen.findByTestId('resultado-calculo')).textContent).toContain('1.500 unidades a R$ 20,00 · faixa a partir de 100 (R$ 8,00)');
    expect(metric('Receita')).toBe('R$ 30.000,00');
    expect(metric('Custo')).toBe('R$ 12.000,00');
    expect(metric('Lucro bruto')).toBe('R$ 18.000,00');
    // Left, the price is shown the pt-BR way; the result still stands for the same inputs.
    expect(price().value).toBe('20,00');

    await user.clear(quantity());
    await user.type(quantity(), '2.000');
    expect(screen.queryByTestId('resultado-calculo')).toBeNull();
    screen.getByText('Preencha os dados e clique em Calcular para ver o resultado.');
    await calculate();
    expect((await screen.findByTestId('resultado-calculo')).textContent).toContain('2.000 unidades');
    expect(metric('Receita')).toBe('R$ 40.000,00');
  });

  it('says in Portuguese, under its field, what is wrong with what was typed, and calculates nothing', async () => {
    const { providerLoaded, quantity, price, calculate } = renderCalculator();
    await providerLoaded();
    await user.type(quantity(), 'doze');
    await user.type(price(), '20');
    await calculate();
    expect((await screen.findByText('Informe um número como 1.234,56.')).id).toBe('calc-quantity-erro');
    expect(quantity().getAttribute('aria-invalid')).toBe('true');
    expect(quantity().getAttribute('aria-describedby')).toBe('calc-quantity-erro');
    // What was typed stays, for the admin to correct.
    expect(quantity().value).toBe('doze');

    // A quantity is whole: '1,5' is refused in the contract's own words.
    await user.clear(quantity());
    await user.type(quantity(), '1,5');
    await calculate();
    expect((await screen.findByText('A quantidade deve ser um número inteiro')).id).toBe('calc-quantity-erro');

    // A price left empty is asked for.
    await user.clear(quantity());
    await user.type(quantity(), '1.500');
    await user.clear(price());
    await calculate();
    expect((await screen.findByText('Informe o preço de venda')).id).toBe('calc-sellPrice-erro');
    expect(screen.queryByText('A quantidade deve ser um número inteiro')).toBeNull();
    expect(screen.queryByTestId('resultado-calculo')).toBeNull();
  });
});
