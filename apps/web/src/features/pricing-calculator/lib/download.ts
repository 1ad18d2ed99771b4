// Downloads an export the server builds: the file name comes from its Content-Disposition.

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? name.split(/[\\/]/).pop() || null : null;
}

/** Fetches `url` with the session and saves the answer under the server's name (or `fallback`). */
export async function downloadExport(url: string, fallback: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: '*/*' } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback;
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
  return name;
}
