import type { PublicStreamingApp } from '@vitrine/domain/catalog';

export type PriceMode = 'cliente' | 'revendedor';

/** 'Ativar' opens the chat with the intent filled in (decisions.md, no-ops): /chat?intent=ativar&app=UniTV&modo=revendedor. */
export function activationChatHref(app: Pick<PublicStreamingApp, 'name'>, mode: PriceMode) {
  return `/chat?${new URLSearchParams({ intent: 'ativar', app: app.name, modo: mode }).toString()}`;
}

export const streamingPrice = (app: Pick<PublicStreamingApp, 'resellerPrice' | 'clientPrice'>, mode: PriceMode) =>
  mode === 'revendedor' ? app.resellerPrice : app.clientPrice;
