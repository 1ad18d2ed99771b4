import { useMutation } from '@tanstack/react-query';
import type { AppPlatform } from '@vitrine/domain/catalog';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';

export function redeemDownloadCode({ appId, code, platform }: { appId: string; code: string; platform?: AppPlatform }) {
  return callEndpoint(catalogContract.redeemDownloadCode, { params: { appId }, body: { code, platform } });
}

/** Redeeming a code never changes a cached list, so nothing is invalidated. */
export function useRedeemDownloadCode() {
  return useMutation({ mutationFn: redeemDownloadCode });
}
