import { describe, expect, it } from 'vitest';
import { supplierTerms } from './supplier-terms';

const row = { costPerCredit: 2.5, minimumPurchase: 1500, qtdCreditos: 1200, custoMedioCreditos: null, pagamentoMinimo: null };

describe("a supplier card's terms", () => {
  it('group the thousands of the credits the Brazilian way (1.200, never 1200)', () => {
    expect(supplierTerms(row)).toBe('R$ 2,50 por crédito · compra mínima R$ 1.500,00 · 1.200 créditos');
    expect(supplierTerms({ ...row, qtdCreditos: 1_000_000 })).toContain('1.000.000 créditos');
    expect(supplierTerms({ ...row, qtdCreditos: 1 })).toContain('1 crédito');
  });

  it('add the average cost and the minimum payment when set', () => {
    expect(supplierTerms({ ...row, qtdCreditos: 50, custoMedioCreditos: 2.25, pagamentoMinimo: 1234.5 })).toBe(
      'R$ 2,50 por crédito · compra mínima R$ 1.500,00 · 50 créditos · custo médio R$ 2,25 · pagamento mínimo R$ 1.234,50',
    );
  });
});
