import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthForm } from './auth-form';

// Keys follow each other without a pause: what the tests wait for are the forms' own waits (300 ms, a request).
const user = userEvent.setup({ delay: null });

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string) => answer(status, { error: { code, message: 'texto do servidor' } });

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/auth']}>
        <Routes>
          <Route path="/auth" element={<AuthForm />} />
          <Route path="/admin" element={<p>Painel</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  return { field, button: (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement };
}

describe('the sign-in form', () => {
  it("says the schema's Portuguese message once a field is left, 300 ms after the typing stops, and keeps 'Entrar' off until both fields are right", async () => {
    const { field, button } = renderForm();
    await user.type(field('E-mail'), 'alguem@exemplo');
    await user.tab();
    const message = await screen.findByText('Formato de e-mail inválido');
    expect(message.id).toBe('auth-email-erro');
    expect(field('E-mail').getAttribute('aria-describedby')).toBe('auth-email-erro');
    expect(screen.getByTestId('email-indicator').dataset.state).toBe('invalid');
    expect(button('Entrar').disabled).toBe(true);

    await user.type(field('E-mail'), '.com');
    await vi.waitFor(() => expect(screen.queryByText('Formato de e-mail inválido')).toBeNull());
    await user.type(field('Senha'), '123');
    await user.tab();
    await screen.findByText('Senha deve ter pelo menos 6 caracteres');
    await user.type(field('Senha'), '456');
    await vi.waitFor(() => expect(button('Entrar').disabled).toBe(false));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("waits with 'Verificando acesso PRO...', then shows the server's refusal in Portuguese and keeps what was typed", async () => {
    let refuse = (_: Response) => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (refuse = resolve)));
    const { field, button } = renderForm();
    await user.type(field('E-mail'), 'Maria@Exemplo.com');
    await user.type(field('Senha'), 'senha-certa');
    await user.click(button('Entrar'));
    const waiting = await screen.findByRole('button', { name: 'Verificando acesso PRO...' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);

    refuse(refusal(403, 'auth.not_pro'));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail não autorizado para acesso PRO. Verifique com o administrador.');
    expect([field('E-mail').value, field('Senha').value]).toEqual(['Maria@Exemplo.com', 'senha-certa']);
    expect(button('Entrar').disabled).toBe(false);
    // What went is the contract's value: the e-mail as the server keeps it.
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, JSON.parse(String(init?.body))]).toEqual(['/api/auth/sign-in/email', { email: 'maria@exemplo.com', password: 'senha-certa' }]);
  });

  it('signs in and goes to the panel once the server says who is signed in', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { signedIn: true, email: 'admin@exemplo.com' }));
    fetchMock.mockResolvedValueOnce(answer(200, { signedIn: true, email: 'admin@exemplo.com', isPro: true }));
    const { field, button } = renderForm();
    await user.type(field('E-mail'), 'admin@exemplo.com');
    await user.type(field('Senha'), 'senha-certa');
    await user.click(button('Entrar'));
    await screen.findByText('Painel');
  });

  it("switches to 'Criar Conta' with the fields and the refusal cleared; a created account is said and its e-mail kept", async () => {
    fetchMock.mockResolvedValueOnce(refusal(401, 'auth.invalid_credentials'));
    const { field, button } = renderForm();
    await user.type(field('E-mail'), 'nova@exemplo.com');
    await user.type(field('Senha'), 'senha-errada');
    await user.click(button('Entrar'));
    await screen.findByText('E-mail ou senha incorretos. Verifique suas credenciais.');

    await user.click(button('Criar Conta'));
    expect([field('E-mail').value, field('Senha').value]).toEqual(['', '']);
    expect(screen.queryByRole('alert')).toBeNull();
    fetchMock.mockResolvedValueOnce(answer(200, { created: true, email: 'nova@exemplo.com' }));
    await user.type(field('E-mail'), 'nova@exemplo.com');
    await user.type(field('Senha'), 'senha-nova');
    const create = screen.getAllByRole('button', { name: 'Criar Conta' }).find((element) => element.getAttribute('type') === 'submit')!;
    await user.click(create);
    expect((await screen.findByRole('status')).textContent).toBe('Conta criada com sucesso! Verifique seu e-mail para confirmar.');
    expect([field('E-mail').value, field('Senha').value]).toEqual(['nova@exemplo.com', '']);
  });

  it("'Esqueci minha senha' starts with the e-mail typed, and a failed request says why and keeps it", async () => {
    const { field, button } = renderForm();
    await user.type(field('E-mail'), 'maria@exemplo.com');
    await user.click(button('Esqueci minha senha'));
    expect(field('E-mail').value).toBe('maria@exemplo.com');

    fetchMock.mockResolvedValueOnce(answer(500, {}));
    await user.click(button('Enviar link'));
    expect((await screen.findByRole('alert')).textContent).toBe('Erro inesperado na validação. Tente novamente.');
    expect(field('E-mail').value).toBe('maria@exemplo.com');

    fetchMock.mockResolvedValueOnce(answer(200, { requested: true }));
    await user.click(button('Enviar link'));
    expect((await screen.findByRole('status')).textContent).toBe('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.');
    expect(screen.queryByRole('alert')).toBeNull();

    // Back to the sign-in form, with the e-mail it had.
    await user.click(button('Fazer Login'));
    expect(field('E-mail').value).toBe('maria@exemplo.com');
  });
});
