import type { PublicStreamingApp } from '@vitrine/domain/catalog';

export type PriceMode = 'cliente' | 'revendedor';

export const streamingPrice = (app: Pick<PublicStreamingApp, 'resellerPrice' | 'clientPrice'>, mode: PriceMode) =>
  mode === 'revendedor' ? app.resellerPrice : app.clientPrice;
