import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '@vitrine/domain/catalog';
import type { ProviderWithCosts } from '@vitrine/domain/recharge';
import { toCsv } from '../../shared/csv.ts';
import { ragCsv, ragData } from './recharge.exports.ts';

describe('toCsv', () => {
  it('writes ";"-separated cells with decimal commas and a BOM, numbers unquoted and negative numbers kept as numbers', () => {
    const csv = toCsv(
      ['Nome', 'Valor', 'Margem'],
      [
        ['Plano; Família', 4039.2, -12.5],
        ['-cmd', 32.5, 0],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFFNome;Valor;Margem\r\n"Plano; Família";4039,2;-12,5\r\n"\'-cmd";32,5;0\r\n');
    const rows = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[1]).toEqual(['Plano; Família', '4039,2', '-12,5']);
  });

  it.each(['=1+1', '+1', '@SUM(A1)', '-1+2', '\t=1', '\r=1', '-', '-x'])('neutralises the formula %j', (text) => {
    const [, row] = Papa.parse<string[]>(toCsv(['a'], [[text]]).slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(row![0]).toBe(`'${text}`);
  });
});

describe('the RAG CSV', () => {
  const provider: ProviderWithCosts = {
    id: 'p1',
    name: 'Provedor Teste',
    supplierName: 'Distribuidora',
    description: null,
    phone: null,
    email: null,
    providerUsername: null,
    defaultUnitCost: 4.75,
    logoUrl: null,
    documentUrl: null,
    isActive: true,
    createdAt: '2026-11-29T00:00:00.000Z',
    updatedAt: '2026-11-29T00:00:00.000Z',
    costs: [{ id: 'c1', planType: 'monthly', quantity: 1000, unitCost: 12.35, totalCost: 12_350 }],
  };
  const plan = {
    id: 'pl1',
    name: 'Plano Teste',
    icon: 'Tv',
    pricing: { monthly: 29.9, quarterly: 85.22, semiannual: 161.46, annual: 304.98 },
    features: [{ text: 'Tela cheia', icon: 'Tv' }],
    isPopular: true,
  } as unknown as PublicPlan;
  const csv = ragCsv(
    ragData({ providers: [provider], plans: [plan], standardCosts: { creditCost: 4.5, supplierCost: 4.5, providerCost: 13 }, generatedAt: new Date() }),
  );
  const rows = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  const value = (section: string, item: string, field: string) => rows.find((row) => row[0] === section && row[1] === item && row[2] === field)?.[3];

  it('holds one plain value per cell, never JSON, and every decimal with a comma (a pt-BR spreadsheet reads them as numbers)', () => {
    expect(rows[0]).toEqual(['secao', 'item', 'campo', 'valor']);
    expect(rows.slice(1).every((row) => row.length === 4)).toBe(true);
    expect(rows.filter((row) => /^[[{]/.test(row[3]!))).toEqual([]);
    expect(rows.filter((row) => /^-?\d+\.\d+$/.test(row[3]!))).toEqual([]);
  });

  it('writes nested data as one row per value, its path in the field', () => {
    expect(value('context', 'referencePriceTables', 'monthly[2].unitPrice')).toBe('16,5');
    expect(value('context', 'standardCosts', 'creditCost')).toBe('4,5');
    expect(value('context', 'rules', '[1]')).toBe('Revendedores devem respeitar o preço mínimo de venda, sob pena de banimento.');
    expect(value('providers', 'Provedor Teste', 'costs[1].unitCost')).toBe('12,35');
    expect(value('providers', 'Provedor Teste', 'costs[1].totalCost')).toBe('12350');
    expect(value('plans', 'Plano Teste', 'pricing.quarterly')).toBe('85,22');
    expect(value('plans', 'Plano Teste', 'features[1]')).toBe('Tela cheia');
    expect(value('plans', 'Plano Teste', 'isPopular')).toBe('Sim');
    expect(value('metrics', 'Mensal × 1.000', 'unitCost')).toBe('12,35');
  });
});
