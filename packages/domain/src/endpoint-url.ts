// An endpoint's URL from its contract's path: params filled and encoded, then the query string.
// Free of schemas, so the browser's first load can call the API without loading the validator.

/**
 * Fills `:name` segments with URI-encoded values. A missing value, '.' or '..' throws: a path with
 * a hole in it, or one that URL parsing shortens, would reach another route.
 */
export function buildPath(path: string, params: Record<string, string | number> | undefined = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Parâmetro de rota ausente: ${name}`);
    if (value === '.' || value === '..') throw new Error(`Parâmetro de rota inválido: ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from a flat object; undefined and null values are left out, arrays repeat the key. */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The URL of a call: path with its params filled, then the query string. */
export function endpointUrl(endpoint: { path: string }, input: { params?: unknown; query?: unknown } = {}): string {
  return buildPath(endpoint.path, input.params as Record<string, string | number> | undefined) + buildQuery(input.query as Record<string, unknown> | undefined);
}
