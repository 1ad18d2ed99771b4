// Text search in SQL: a LIKE/ILIKE pattern that finds the text anywhere, its wildcards taken literally.

/** `%text%`, with `\`, `%` and `_` in the text escaped so they match themselves. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
