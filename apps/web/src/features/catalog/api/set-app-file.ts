import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppFileInput, AppPlatform } from '@vitrine/domain/catalog';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';

/** Gives one platform of an app its download: an installer already uploaded, or an https link. */
export function setAppFile({ appId, platform, file }: { appId: string; platform: AppPlatform; file: AppFileInput }) {
  return callEndpoint(catalogContract.setAppFile, { params: { appId, platform }, body: file });
}

/** The apps' downloads are read again once the save ends. */
export function useSetAppFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAppFile, onSettled: () => queryClient.invalidateQueries({ queryKey: ['app_files'] }) });
}
