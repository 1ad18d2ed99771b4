/** 'Começar Vendas' opens the chat with the reseller intent filled in (decisions.md, no-ops). */
export function salesChatHref(details: Record<string, string | number> = {}) {
  const params = new URLSearchParams({ intent: 'revenda' });
  for (const [key, value] of Object.entries(details)) params.set(key, String(value));
  return `/chat?${params.toString()}`;
}
