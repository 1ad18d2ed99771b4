/**
 * Whether Markdown would render `text` as one paragraph of the same words: a single line with no space
 * to trim and nothing Markdown reads as syntax (emphasis, code, links, HTML, entities, escapes, or a
 * list's, quote's or heading's start). Such a text needs no Markdown renderer to be shown as it stays.
 */
export const isOnePlainParagraph = (text: string) => /^(?![-+*#>=]|\d+[.)](?:\s|$))[^\s*_`[\]<>&\\~|](?:[^\n*_`[\]<>&\\~|]*[^\s*_`[\]<>&\\~|])?$/.test(text);
