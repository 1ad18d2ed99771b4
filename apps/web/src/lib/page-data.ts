// Public answers the page server put in the page (`<script type="application/json" id="page-data">`),
// the same answers it rendered the page's HTML with. The app's queries start from them, so the page
// hydrates with the data it shows instead of showing a loading state and asking again.
import type { EndpointDefinition, EndpointResponse } from '@vitrine/domain/contracts';
import { endpointUrl } from '@vitrine/domain/endpoint-url';

export interface PageData {
  /** When the server read them (ms since the epoch): they age from then. */
  at: number;
  /** Endpoint URL → its JSON answer. */
  answers: Record<string, unknown>;
}

let pageData: PageData | null | undefined;

function readPageData(): PageData | null {
  const text = typeof document === 'undefined' ? null : document.getElementById('page-data')?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<PageData>;
    return typeof parsed.at === 'number' && parsed.answers && typeof parsed.answers === 'object' ? (parsed as PageData) : null;
  } catch {
    return null;
  }
}

/** The page's answers, read once (a page without answers is not searched again). */
export function currentPageData(): PageData | null {
  if (pageData === undefined) pageData = readPageData();
  return pageData;
}

/** The page's answer for this endpoint URL, if the server sent one. */
export function pageAnswer<T>(url: string): { data: T; at: number } | undefined {
  const data = currentPageData();
  if (!data || !Object.hasOwn(data.answers, url)) return undefined;
  return { data: data.answers[url] as T, at: data.at };
}

/**
 * Query options that start from the page's answer for this endpoint call when there is one, dated
 * when the server read it.
 */
export function startFromPage<E extends EndpointDefinition>(endpoint: E, input: { params?: unknown; query?: unknown } = {}) {
  const url = endpointUrl(endpoint, input);
  return {
    initialData: () => pageAnswer<EndpointResponse<E>>(url)?.data,
    initialDataUpdatedAt: () => pageAnswer(url)?.at,
  };
}

/**
 * Runs a server render (synchronous: `renderToString`) with these answers as the page's, so the HTML
 * shows what the browser's first render will show with the same answers.
 */
export function renderWithPageData<T>(data: PageData | null, render: () => T): T {
  const previous = pageData;
  pageData = data;
  try {
    return render();
  } finally {
    pageData = previous;
  }
}
