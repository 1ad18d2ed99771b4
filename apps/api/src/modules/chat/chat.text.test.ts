import { describe, expect, it } from 'vitest';
import { findCredits, findNumber, findPeriod, stems } from './chat.text.ts';

describe('how the assistant reads Portuguese', () => {
  it('folds case, accents and plurals to one stem', () => {
    const same = (a: string, b: string) => expect([...stems(a)]).toEqual([...stems(b)]);
    same('PLANOS', 'plano');
    same('preço', 'preco');
    same('Preços', 'preço');
    same('créditos', 'credito');
    same('revendas', 'revenda');
    same('Funcionam', 'funciona');
    same('HUMANOS', 'humano');
  });

  it('drops words that carry no meaning', () => {
    expect([...stems('quanto custa o plano premium?')]).toEqual(['quant', 'cust', 'plan', 'premium']);
  });

  it('finds the billing period, the longer names first', () => {
    expect(findPeriod('quero o anual')).toBe('annual');
    expect(findPeriod('PLANO SEMESTRAL')).toBe('semiannual');
    expect(findPeriod('por 3 meses')).toBe('quarterly');
    expect(findPeriod('por 12 meses')).toBe('annual');
    expect(findPeriod('trimestre')).toBe('quarterly');
    expect(findPeriod('pago por mês')).toBe('monthly');
    expect(findPeriod('quanto custa?')).toBeNull();
  });

  it('finds a credit quantity, or a bare number as a follow-up', () => {
    expect(findCredits('quero 150 créditos')).toBe(150);
    expect(findCredits('50 CREDITOS')).toBe(50);
    expect(findCredits('plano premium')).toBeNull();
    expect(findNumber(' 120 ')).toBe(120);
    expect(findNumber('120 reais')).toBeNull();
  });
});
