import { useMutation } from '@tanstack/react-query';
import type { DownloadRedeemResponse } from '@vitrine/domain/catalog';
import { api } from '@/lib/api-client';

export function redeemDownloadCode({ appId, code }: { appId: string; code: string }) {
  return api.post<DownloadRedeemResponse>(`/api/apps/${encodeURIComponent(appId)}/downloads`, { code });
}

/** Redeeming a code never changes a cached list, so nothing is invalidated. */
export function useRedeemDownloadCode() {
  return useMutation({ mutationFn: redeemDownloadCode });
}
