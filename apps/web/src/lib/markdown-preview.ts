// A message's Markdown as one line of plain text, for a list's preview (the assistant's answers are
// Markdown; a preview shows what they say, not their asterisks and link addresses).

/** `**Premium** custa [R$ 40](https://…)\n- 4 telas` → `Premium custa R$ 40 · 4 telas`. */
export function markdownPreview(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)([^*_\n]*?\S)[*_](?=$|[\s).,!?:;])/gm, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/gm, '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' · ');
}
