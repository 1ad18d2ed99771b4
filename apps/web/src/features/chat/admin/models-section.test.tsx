import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelsSection } from './models-section';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: no settings, a healthy connection check, and `ask` for the test question. */
function serve(ask: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/health')) return json(200, { status: 'ok' });
    if (url.startsWith('/api/settings')) return json(200, []);
    return ask(JSON.parse(String(init?.body)));
  });
  return {
    questions: () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/admin/assistant/test').map(([, init]) => JSON.parse(String(init?.body))),
  };
}

function renderModels() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <ModelsSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return {
    question: screen.getByLabelText('Pergunta de teste') as HTMLInputElement,
    ask: () => userEvent.click(screen.getByRole('button', { name: 'Perguntar' })),
  };
}

describe("Modelos' test question", () => {
  it('asks the question typed and shows the answer with the engine that gave it', async () => {
    const { questions } = serve(() => json(200, { answer: 'Temos os planos Básico e Família.', engine: 'builtin', fallback: 'tempo esgotado' }));
    const { question, ask } = renderModels();
    expect(question.value).toBe('Quais planos vocês têm?');
    await userEvent.clear(question);
    await userEvent.type(question, '  Quanto custa o plano anual?  ');
    await ask();
    const answer = await screen.findByRole('status');
    expect(answer.textContent).toContain('Assistente embutido (o modelo falhou: tempo esgotado)');
    expect(answer.textContent).toContain('Temos os planos Básico e Família.');
    expect(questions()).toEqual([{ question: 'Quanto custa o plano anual?' }]);
    expect(question.value).toBe('  Quanto custa o plano anual?  ');
  });

  it('says in Portuguese under the field that a blank question is no question, and asks nothing', async () => {
    const { questions } = serve(() => json(200, { answer: '—', engine: 'builtin' }));
    const { question } = renderModels();
    await userEvent.clear(question);
    await userEvent.type(question, '   ');
    await userEvent.tab();
    expect((await screen.findByText('Informe a pergunta.')).id).toBe(question.getAttribute('aria-describedby'));
    expect((screen.getByRole('button', { name: 'Perguntar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(questions()).toEqual([]);
  });

  it("shows the server's refusal where the answer goes, and keeps the question", async () => {
    serve(() => json(429, { error: { code: 'rate_limited', message: 'Muitas perguntas. Tente novamente em 1 minuto.' } }));
    const { question, ask } = renderModels();
    await ask();
    const answer = await screen.findByRole('status');
    expect(answer.textContent).toContain('Erro');
    expect(answer.textContent).toContain('Muitas perguntas. Tente novamente em 1 minuto.');
    expect(question.value).toBe('Quais planos vocês têm?');
  });
});
