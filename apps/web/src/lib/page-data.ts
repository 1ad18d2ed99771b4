// Public answers the page server put in the page (a prerendered page it filled from its cache, as
// `<script type="application/json" id="page-data">`), so the app renders with them at once instead of
// showing a loading state and asking again.

interface PageData {
  /** When the server wrote them (ms since the epoch): they age from then. */
  at: number;
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

/** The page's answer for this endpoint URL, if the server sent one. */
export function pageAnswer<T>(url: string): { data: T; at: number } | undefined {
  // Read once: a page without answers is not searched again.
  if (pageData === undefined) pageData = readPageData();
  if (!pageData || !Object.hasOwn(pageData.answers, url)) return undefined;
  return { data: pageData.answers[url] as T, at: pageData.at };
}
