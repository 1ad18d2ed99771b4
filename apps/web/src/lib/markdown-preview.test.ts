import { describe, expect, it } from 'vitest';
import { markdownPreview } from './markdown-preview';

describe('markdownPreview', () => {
  it("shows an answer's words without its Markdown: bold, italics, links, code, headings, lists and quotes", () => {
    expect(markdownPreview('O plano **Premium** custa R$ 40,00/mês.\n\n- 4 telas\n- 4K\n\nVeja [os planos](https://vitrine.example/#planos).')).toBe(
      'O plano Premium custa R$ 40,00/mês. · 4 telas · 4K · Veja os planos.',
    );
    expect(markdownPreview('## Planos\n1. *Básico*\n2. __Premium__ `anual`\n> obrigado')).toBe('Planos · Básico · Premium anual · obrigado');
    expect(markdownPreview('![foto](https://x.example/p.png) legenda')).toBe('foto legenda');
  });

  it('leaves plain text as typed, arithmetic and prices included', () => {
    expect(markdownPreview('quanto custa 2*3 telas? R$ 1.500,00')).toBe('quanto custa 2*3 telas? R$ 1.500,00');
    expect(markdownPreview('  oi  ')).toBe('oi');
  });
});
