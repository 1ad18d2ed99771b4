import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('the file name of a Content-Disposition header', () => {
  it.each([
    ['attachment; filename=consolidado-2026-11-25.csv', 'consolidado-2026-11-25.csv'],
    ['attachment; filename="dados rag.json"', 'dados rag.json'],
    [`attachment; filename="planilha.csv"; filename*=UTF-8''planilha-pre%C3%A7os.csv`, 'planilha-preços.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
