import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from './money.ts';
import { creditOrderMessage, creditOrderTotals, exportFileName, lastPathSegment, SUPPLIER_MESSAGES, supplierCreateSchema } from './recharge.ts';

const valid = {
  category: 'Planos UniTV',
  supplier: 'UniTV',
  server: 'Principal',
  username: 'revenda',
  panel: 'https://painel.example',
  clientPanel: 'http://cliente.example',
  minimumPurchase: 50,
  costPerCredit: 4.5,
};

const complete = {
  ...valid,
  qtdCreditos: 0,
  custoMedioCreditos: null,
  pagamentoMinimo: null,
  prePago: false,
  posPago: false,
  clientesAtivos: false,
  mensalista: false,
  isActive: true,
};

describe("a supplier row's first message, in the form's field order (the 'Erro de Validação' toast)", () => {
  it.each([
    [{ category: ' ' }, SUPPLIER_MESSAGES.required],
    // Several problems: the first field's message comes first.
    [{ server: '', costPerCredit: -1, panel: 'x' }, SUPPLIER_MESSAGES.required],
    [{ costPerCredit: -1, panel: 'x' }, SUPPLIER_MESSAGES.panelUrl],
    [{ minimumPurchase: -1 }, SUPPLIER_MESSAGES.negative],
    [{ panel: 'painel.example' }, SUPPLIER_MESSAGES.panelUrl],
    [{ clientPanel: 'javascript:alert(1)' }, SUPPLIER_MESSAGES.panelUrl],
    [{}, null],
  ])('%j → %s', (change, message) => {
    expect(supplierCreateSchema.safeParse({ ...complete, ...change }).error?.issues[0]?.message ?? null).toBe(message);
  });

  it('each field says its own', () => {
    const issues = (change: object) => supplierCreateSchema.safeParse({ ...valid, ...change }).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ panel: 'ftp://painel' })).toEqual([SUPPLIER_MESSAGES.panelUrl]);
    expect(issues({ minimumPurchase: -2 })).toEqual([SUPPLIER_MESSAGES.negative]);
    expect(issues({ username: '' })).toEqual([SUPPLIER_MESSAGES.required]);
    expect(issues({})).toEqual([]);
  });
});

describe('credit order totals', () => {
  it('multiplies each item to the cent and adds them up (hand-worked)', () => {
    const { items, totalCents } = creditOrderTotals([
      { provider: 'A', quantity: 50, unitCost: 4.5 },
      { provider: 'B', quantity: 3, unitCost: 10.01 },
    ]);
    expect(items.map((item) => item.total)).toEqual([225, 30.03]);
    expect(totalCents).toBe(25503);
    expect(creditOrderMessage('Central', items, totalCents)).toBe(
      [
        'Olá, Central! Segue um pedido de compra de créditos:',
        '1. A: 50 créditos × R$ 4,50 = R$ 225,00',
        '2. B: 3 créditos × R$ 10,01 = R$ 30,03',
        'Total do pedido: R$ 255,03',
      ].join('\n'),
    );
  });

  it('the total is always the sum of the item totals in whole cents', () => {
    const item = fc.record({
      provider: fc.constant('P'),
      quantity: fc.integer({ min: 1, max: 100_000 }),
      unitCost: fc.integer({ min: 0, max: 10_000_00 }).map((cents) => cents / 100),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), (items) => {
        const result = creditOrderTotals(items);
        expect(Number.isInteger(result.totalCents)).toBe(true);
        expect(result.totalCents).toBe(result.items.reduce((sum, priced) => sum + toCents(priced.total), 0));
      }),
      { seed: 12 },
    );
  });
});

describe('files and exports', () => {
  it.each([
    ['/api/files/provider-logos/0b1c.png', '0b1c.png'],
    ['https://cdn.example.com/a/b/logo%20novo.png?v=2#x', 'logo novo.png'],
    ['/api/files/provider-logos/', 'provider-logos'],
  ])('the last path segment of %s is %s', (url, segment) => {
    expect(lastPathSegment(url)).toBe(segment);
  });

  it('names an export with the day in São Paulo', () => {
    expect(exportFileName('consolidado', 'csv', new Date('2026-11-25T02:30:00Z'))).toBe('consolidado-2026-11-24.csv');
    expect(exportFileName('dados-rag', 'json', new Date('2026-11-25T03:00:00Z'))).toBe('dados-rag-2026-11-25.json');
  });
});
