// Catalogue text rules without schemas (folding, slugs, category names), for the storefront's first
// load; catalog.ts re-exports them with the schemas.

/** Lower case without accents, for matching Portuguese text. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** 'Loja de Apps e códigos' → 'loja-de-apps-e-codigos': for anchors and file names. */
export function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const APP_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  streaming: 'Streaming',
  esportes: 'Esportes',
  musica: 'Música',
  infantil: 'Infantil',
  documentarios: 'Documentários',
  utilitarios: 'Utilitários',
};

/** The pt-BR name of an app category; unknown ids are title-cased ('meu-app' → 'Meu App'). */
export function appCategoryName(id: string): string {
  return (
    APP_CATEGORY_NAMES[id] ??
    id
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** The categories of the streaming apps on /apps/ativacao, in the order the page shows them. */
export const STREAMING_APP_CATEGORIES = [
  { id: 'filmes-series', name: 'Filmes e Séries' },
  { id: 'esportes', name: 'Esportes' },
  { id: 'musica', name: 'Música' },
  { id: 'infantil', name: 'Infantil' },
  { id: 'documentarios', name: 'Documentários' },
] as const satisfies readonly { id: string; name: string }[];

export function streamingCategoryName(id: string): string {
  return STREAMING_APP_CATEGORIES.find((category) => category.id === id)?.name ?? appCategoryName(id);
}
