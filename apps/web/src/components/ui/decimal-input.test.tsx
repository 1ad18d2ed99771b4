import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DecimalInput, readDecimal, requiredDecimal } from './decimal-input';

function Field({ initial = '', fractionDigits }: { initial?: string; fractionDigits?: number }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <label htmlFor="valor">Valor</label>
      <DecimalInput id="valor" value={text} onValueChange={setText} fractionDigits={fractionDigits} />
      <output>{String(readDecimal(text))}</output>
    </>
  );
}

describe('a number field as people here type numbers', () => {
  it("reads '1.500' as one thousand five hundred and shows money the pt-BR way once left", async () => {
    render(<Field fractionDigits={2} />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '1.500');
    expect(screen.getByRole('status').textContent).toBe('1500');
    // While the field has focus the text stays as typed.
    expect((input as HTMLInputElement).value).toBe('1.500');
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('1.500,00');
  });

  it("reads a comma as the decimal separator and keeps a quantity's own decimals", async () => {
    render(<Field />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '12,5');
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('12,5');
    expect(screen.getByRole('status').textContent).toBe('12.5');
  });

  it("leaves text that is no number as typed, for the form's schema to refuse", async () => {
    render(<Field fractionDigits={2} />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, 'doze');
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('doze');
    expect(requiredDecimal('doze')).toBeNaN();
    expect(requiredDecimal('')).toBeNaN();
  });

  it('asks phones for the decimal keyboard and the browser for no suggestions', () => {
    render(<Field />);
    const input = screen.getByLabelText('Valor');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('autocomplete')).toBe('off');
  });
});
