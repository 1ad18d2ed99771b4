import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { NewPasswordForm } from './new-password-form';
import { SignupPasswordForm } from './signup-password-form';

// Keys follow each other without a pause: what the tests wait for are the forms' own waits (300 ms, a request).
const user = userEvent.setup({ delay: null });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('choosing a new password (invitation, reset)', () => {
  const renderForm = (onSubmit: (password: string) => Promise<void>) =>
    render(<NewPasswordForm label="Redefinir senha" submitLabel="Salvar nova senha" submittingLabel="Salvando..." onSubmit={onSubmit} />);

  it('says in Portuguese that the two passwords differ, once the second is left', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);
    await user.type(field('Nova senha'), 'senha-nova');
    await user.type(field('Confirme a nova senha'), 'senha-outra');
    await user.tab();
    expect((await screen.findByText('As senhas não coincidem')).id).toBe('new-confirmation-erro');
    expect(button('Salvar nova senha').disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("waits with its own pending text, then shows the server's refusal and keeps both passwords", async () => {
    let refuse = (_: unknown) => {};
    const onSubmit = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    renderForm(onSubmit);
    await user.type(field('Nova senha'), 'senha-nova');
    await user.type(field('Confirme a nova senha'), 'senha-nova');
    await user.click(button('Salvar nova senha'));
    expect((await screen.findByRole('button', { name: 'Salvando...' })).hasAttribute('disabled')).toBe(true);
    refuse(new ApiError(400, 'auth.invalid_reset_link', 'texto do servidor'));
    expect((await screen.findByRole('alert')).textContent).toBe('Link inválido ou expirado. Peça um novo em "Esqueci minha senha".');
    expect([field('Nova senha').value, field('Confirme a nova senha').value]).toEqual(['senha-nova', 'senha-nova']);
    expect(onSubmit).toHaveBeenCalledWith('senha-nova');
  });
});

describe("the sign-up link's password", () => {
  it("says a short password's rule, then the server's refusal, keeping what was typed", async () => {
    const onSubmit = vi.fn(() => Promise.reject(new ApiError(400, 'auth.wrong_signup_password', 'texto do servidor')));
    render(<SignupPasswordForm onSubmit={onSubmit} />);
    await user.type(field('Senha do cadastro'), '123');
    await user.tab();
    expect((await screen.findByText('Senha deve ter pelo menos 6 caracteres')).id).toBe('signup-password-erro');

    await user.type(field('Senha do cadastro'), '456');
    await user.click(button('Confirmar e-mail'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Senha incorreta. Se você não fez este cadastro, cadastre-se novamente com a sua própria senha.',
    );
    expect(field('Senha do cadastro').value).toBe('123456');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });
});
