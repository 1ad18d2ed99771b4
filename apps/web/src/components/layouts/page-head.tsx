import { useMatches } from 'react-router';

/** A route's own title and description (its `handle`), in Portuguese: the title without the site's name. */
export interface PageHandle {
  title: string;
  description?: string;
}

export const SITE_TITLE = 'Vitrine — Streaming com IA';
export const SITE_DESCRIPTION = 'Vitrine: streaming premium com assistente de IA, apps e planos para clientes e revendedores.';

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).title === 'string';

/**
 * The page's `<title>`, description and Open Graph tags, from the deepest matched route that names them
 * (the home page keeps the site's). React hoists them into the document's head: the build's prerender
 * writes them in each page's head, and the browser updates them on every navigation.
 */
export function PageHead() {
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isPageHandle)
    .at(-1);
  const title = handle ? `${handle.title} — Vitrine` : SITE_TITLE;
  const description = handle?.description ?? SITE_DESCRIPTION;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
    </>
  );
}
