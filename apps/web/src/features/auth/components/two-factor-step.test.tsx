import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorStep } from './two-factor-step';

// Keys follow each other without a pause: what the tests wait for are the forms' own waits (300 ms, a request).
const user = userEvent.setup({ delay: null });

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderStep() {
  const handlers = { onSignedIn: vi.fn(), onRestart: vi.fn() };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TwoFactorStep email="admin@exemplo.com" {...handlers} />
    </QueryClientProvider>,
  );
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return { ...handlers, field, button: (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement };
}

describe("the sign-in's second step", () => {
  it("keeps only the digits of an app's code and says in Portuguese what a short one lacks, sending nothing", async () => {
    const { field, button } = renderStep();
    expect(document.activeElement).toBe(field('Código do aplicativo'));
    expect(button('Verificar').disabled).toBe(true);
    await user.type(field('Código do aplicativo'), '12a3 4');
    expect(field('Código do aplicativo').value).toBe('1234');
    await user.click(button('Verificar'));
    const message = await screen.findByText('O código tem 6 dígitos');
    expect(message.id).toBe('auth-two-factor-code-erro');
    expect(field('Código do aplicativo').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the code, selected, so a new one is typed over it", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: { code: 'two_factor.invalid_code', message: 'Código inválido.' } }));
    const { field, button, onSignedIn } = renderStep();
    await user.type(field('Código do aplicativo'), '123456');
    await user.click(button('Verificar'));
    expect((await screen.findByRole('alert')).textContent).toBe('Código inválido. Confira o código de 6 dígitos no aplicativo autenticador e tente de novo.');
    const code = field('Código do aplicativo');
    expect(code.value).toBe('123456');
    expect([document.activeElement === code, code.selectionStart, code.selectionEnd]).toEqual([true, 0, 6]);
    expect(onSignedIn).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, JSON.parse(String(init?.body))]).toEqual(['/api/auth/two-factor/verify-totp', { code: '123456' }]);
  });

  it('takes a recovery code with or without its dash, as the server stores it, and signs in once access is checked', async () => {
    const access = { signedIn: true, email: 'admin@exemplo.com', isPro: true };
    fetchMock.mockResolvedValueOnce(answer(200, { verified: true, email: 'admin@exemplo.com', twoFactorEnabled: true }));
    fetchMock.mockResolvedValueOnce(answer(200, access));
    const { field, button, onSignedIn } = renderStep();
    await user.type(field('Código do aplicativo'), '12');
    await user.click(button('Usar um código de recuperação'));
    // A form of its own: empty, focused, with its own label and rules.
    expect(field('Código de recuperação').value).toBe('');
    expect(document.activeElement).toBe(field('Código de recuperação'));
    await user.type(field('Código de recuperação'), 'ab12C3De45');
    await user.click(button('Verificar'));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(access));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, JSON.parse(String(init?.body))]).toEqual(['/api/auth/two-factor/verify-backup-code', { code: 'ab12C-3De45' }]);
  });
});
