import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppPlatform } from '@vitrine/domain/catalog';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';

/** Takes one platform's download away from an app. */
export function removeAppFile({ appId, platform }: { appId: string; platform: AppPlatform }) {
  return callEndpoint(catalogContract.removeAppFile, { params: { appId, platform } });
}

export function useRemoveAppFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAppFile, onSettled: () => queryClient.invalidateQueries({ queryKey: ['app_files'] }) });
}
