import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PixDialog, type PixDetails } from './pix-dialog';

const pix: PixDetails = {
  title: 'Plano Premium — Anual',
  brCode: '00020126580014br.gov.bcb.pix0136chave-aleatoria520400005303986540540806304ABCD',
  key: 'loja@vitrine.com.br',
  recipient: 'Vitrine Streaming',
  city: 'Sao Paulo',
  value: 408,
  description: 'Premium anual',
};

const writeText = vi.fn<(text: string) => Promise<void>>();
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
afterEach(() => writeText.mockReset());

const notice = () => screen.getByTestId('pix-notice').textContent;

describe('the PIX dialog', () => {
  it('shows what is paid, to whom, how much (pt-BR) and where, and says it opened', () => {
    render(<PixDialog pix={pix} onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Pagamento via PIX' });
    expect(dialog.textContent).toContain('Plano Premium — Anual');
    expect(screen.getByTestId('pix-recipient').textContent).toBe('Vitrine Streaming');
    expect(screen.getByTestId('pix-value').textContent).toBe('R$ 408,00');
    expect(screen.getByTestId('pix-key').textContent).toBe('loja@vitrine.com.br');
    expect(screen.getByTestId('pix-brcode').textContent).toBe(pix.brCode);
    expect(notice()).toBe('PIX Aberto');
  });

  it("says the visitor sets the value of a PIX without one (a shortcut's key)", () => {
    render(<PixDialog pix={{ ...pix, value: null, description: '' }} onOpenChange={vi.fn()} />);
    expect(screen.getByTestId('pix-value').textContent).toBe('Definido por você');
    expect(screen.queryByText('Descrição')).toBeNull();
  });

  it('copies the key and the copia-e-cola code, and says so in the dialog', async () => {
    writeText.mockResolvedValue(undefined);
    render(<PixDialog pix={pix} onOpenChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar chave PIX' }));
    expect(writeText).toHaveBeenLastCalledWith('loja@vitrine.com.br');
    expect(notice()).toBe('Chave PIX Copiada!');
    await userEvent.click(screen.getByRole('button', { name: 'Copiar código PIX' }));
    expect(writeText).toHaveBeenLastCalledWith(pix.brCode);
    expect(notice()).toBe('Código PIX Copiado!');
  });

  it('says so when the key or the code cannot be copied', async () => {
    writeText.mockRejectedValue(new Error('negado'));
    render(<PixDialog pix={pix} onOpenChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar chave PIX' }));
    expect(notice()).toBe('Erro ao Copiar Não foi possível copiar a chave PIX.');
    await userEvent.click(screen.getByRole('button', { name: 'Copiar código PIX' }));
    expect(notice()).toBe('Erro ao Copiar Não foi possível copiar o código PIX.');
  });
});
