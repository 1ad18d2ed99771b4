/**
 * A ref for an `<img>` of a hydrated page: calls `onBroken` when the image already failed before the
 * app hydrated it (its error event fired before React listened, so `onError` never runs).
 */
export const reportBrokenOnMount = (onBroken: () => void) => (image: HTMLImageElement | null) => {
  if (image?.complete && image.naturalWidth === 0) onBroken();
};
