// How the build marks the fields of a prerendered page's slot template, and how the page server finds
// them: `\uE000name\uE001` (private-use characters, which no real text contains).

export const slotField = (name: string) => `\uE000${name}\uE001`;

/** Every marked field of a template; the first group is its name. */
export const SLOT_FIELD_PATTERN = /\uE000(\w+)\uE001/g;
