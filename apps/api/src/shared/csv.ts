// CSV as a Brazilian spreadsheet opens it: the one writer of every export (pricing, Clientes).
import Papa from 'papaparse';

export type Cell = string | number | boolean | null;

/** A number the way a pt-BR spreadsheet reads one: a decimal comma and no thousands dots (32,5; 4039,2). */
const spreadsheetNumber = (value: number) => String(value).replace('.', ',');

/** Text a spreadsheet would run as a formula; a plain negative number ('-12,5') is a number, not a formula. */
const FORMULA_TEXT = /^(?!-\d+(?:,\d+)?$)[=+\-@\t\r]/;

/**
 * CSV as a Brazilian spreadsheet (Excel or Google Sheets in pt-BR) opens it: UTF-8 with a byte-order
 * mark (so accents read right), cells separated by ';', numbers with a decimal comma, quoted where
 * needed, and a text cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab
 * or carriage return) prefixed with an apostrophe.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const data = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? spreadsheetNumber(cell) : cell)));
  return `\uFEFF${Papa.unparse({ fields: [...header], data }, { delimiter: ';', escapeFormulae: FORMULA_TEXT, newline: '\r\n' })}\r\n`;
}
