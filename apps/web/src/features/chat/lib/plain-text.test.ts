import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@vitrine/domain/chat-text';
import { isOnePlainParagraph } from './plain-text';

const asMarkdown = (text: string) => renderToStaticMarkup(createElement(ReactMarkdown, null, text));
const asParagraph = (text: string) => renderToStaticMarkup(createElement('p', null, text));

describe('a text shown without the Markdown renderer', () => {
  it('is one the renderer would show as the same paragraph', () => {
    const characters = [...'ab Z9é .,:;!?()/-+*_`[]<>&\\#~|=\n\t'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...characters), { maxLength: 16 }), (chars) => {
        const text = chars.join('');
        if (isOnePlainParagraph(text)) expect(asMarkdown(text)).toBe(asParagraph(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the greeting and everyday sentences, and leaves Markdown to the renderer', () => {
    expect(isOnePlainParagraph(CHAT_TEXTS.greeting)).toBe(true);
    expect(isOnePlainParagraph('Respondemos em até 24 horas. Quer falar com um humano?')).toBe(true);
    for (const text of ['O plano **Premium** custa R$ 40,00/mês.', '- Básico', '1. Um', '9.', '3)', 'Veja [aqui](/apps)', 'a\nb', ' a', '']) {
      expect(isOnePlainParagraph(text), text).toBe(false);
    }
  });
});
