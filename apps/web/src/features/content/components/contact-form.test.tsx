import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { ContactForm } from './contact-form';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ContactForm />
      <Toaster />
    </QueryClientProvider>,
  );
  const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  return { field, submit: () => screen.getByRole('button', { name: 'Enviar Mensagem' }) };
}

const filled = { Nome: 'João', 'E-mail': 'joao@example.com', Assunto: 'Teste', Mensagem: 'Olá!' } as const;

describe('the contact form', () => {
  it('enables sending only once every field has text', async () => {
    const { field, submit } = renderForm();
    expect(submit().hasAttribute('disabled')).toBe(true);
    for (const [name, value] of Object.entries(filled)) {
      expect(submit().hasAttribute('disabled')).toBe(true);
      await userEvent.type(field(name), value);
    }
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('checks a field once it is left, with the schema it loads then, and clears the error once fixed', async () => {
    const { field } = renderForm();
    await userEvent.type(field('E-mail'), 'maria@');
    await userEvent.tab();
    expect((await screen.findByText('Formato de e-mail inválido')).id).toBe('contato-email-erro');
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(field('E-mail').getAttribute('aria-describedby')).toBe('contato-email-erro');
    await userEvent.type(field('E-mail'), 'example.com');
    await vi.waitFor(() => expect(field('E-mail').getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Formato de e-mail inválido')).toBeNull();
  });

  it('keeps every field and says what failed when the server refuses the message', async () => {
    fetchMock.mockResolvedValue(answer(500, { error: { code: 'internal', message: 'Erro interno.' } }));
    const { field, submit } = renderForm();
    for (const [name, value] of Object.entries(filled)) await userEvent.type(field(name), value);
    await userEvent.click(submit());
    expect((await screen.findByText('Erro ao enviar mensagem')).closest('[data-sonner-toast]')?.textContent).toContain(
      'Não foi possível enviar sua mensagem. Tente novamente em instantes.',
    );
    for (const [name, value] of Object.entries(filled)) expect(field(name).value).toBe(value);
    expect(screen.queryByText('Mensagem Enviada!')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/contact',
      'POST',
      { name: 'João', email: 'joao@example.com', subject: 'Teste', message: 'Olá!' },
    ]);
  });

  it("says the server's own words when it limits the sender (429), and asks to check the fields on a 400", async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { error: { code: 'rate_limited', message: 'Muitas mensagens. Tente novamente em 1 minuto.' } }));
    fetchMock.mockResolvedValueOnce(answer(400, { error: { code: 'validation_error', message: 'Dados inválidos.' } }));
    const { field, submit } = renderForm();
    for (const [name, value] of Object.entries(filled)) await userEvent.type(field(name), value);
    await userEvent.click(submit());
    await screen.findByText('Muitas mensagens. Tente novamente em 1 minuto.');
    await userEvent.click(submit());
    await screen.findByText('Verifique os campos e tente novamente.');
    expect(field('Nome').value).toBe('João');
  });
});
