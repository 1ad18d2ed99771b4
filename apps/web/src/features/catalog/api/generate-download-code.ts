import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';

/** A new download code for an app (admin only). */
export function generateDownloadCode(appId: string) {
  return callEndpoint(catalogContract.generateDownloadCode, { params: { appId } });
}

/** The codes are read again once the new one exists. */
export function useGenerateDownloadCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateDownloadCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['download_codes'] }) });
}
