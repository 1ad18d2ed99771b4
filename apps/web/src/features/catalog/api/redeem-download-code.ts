import { useMutation } from '@tanstack/react-query';
import type { AppPlatform, DownloadRedeemResponse } from '@vitrine/domain/catalog';
import { api } from '@/lib/api-client';

export function redeemDownloadCode({ appId, code, platform }: { appId: string; code: string; platform?: AppPlatform }) {
  return api.post<DownloadRedeemResponse>(`/api/apps/${encodeURIComponent(appId)}/downloads`, { code, platform });
}

/** Redeeming a code never changes a cached list, so nothing is invalidated. */
export function useRedeemDownloadCode() {
  return useMutation({ mutationFn: redeemDownloadCode });
}
