/**
 * Whether Markdown would render `text` as one paragraph of the same words: a single line with no space
 * to trim and nothing Markdown reads as syntax (emphasis, code, links, HTML, entities, escapes, or a
 * list's, quote's or heading's start). Such a text needs no Markdown renderer to be shown as it stays.
 */
export const isOnePlainParagraph = (text: string) => /^(?![-+*#>=]|\d+[.)](?:\s|$))[^\s*_`[\]<>&\\~|](?:[^\n*_`[\]<>&\\~|]*[^\s*_`[\]<>&\\~|])?$/.test(text);

/** An assistant's paragraph, the same whether the Markdown renderer made it or not (so nothing moves when it arrives). */
export const PARAGRAPH_CLASS = 'my-1.5 leading-relaxed first:mt-0 last:mb-0';
