import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './recharge.exports.ts';

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
