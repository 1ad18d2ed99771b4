// Providers as the pricing screens read and write them: every provider with its cost tiers (admin only;
// the providers manager, the calculator, the consolidated view and the credit orders read the same
// cached list, refreshed when providers or their tiers change), a tier saved or removed, and a stored
// file of a provider removed. The providers' own list and writes are the admin's table (useAdminTable).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lastPathSegment, UPLOAD_TOASTS, type ProviderCostInput, type ProviderWithCosts } from '@vitrine/domain/recharge';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import type { UploadBucket } from '@vitrine/domain/uploads';
import { uploadsContract } from '@vitrine/domain/uploads.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';

export const PROVIDERS_WITH_COSTS_KEY = ['providers', 'pricing'] as const;

export function useProvidersWithCosts() {
  return useQuery({
    queryKey: PROVIDERS_WITH_COSTS_KEY,
    queryFn: ({ signal }) => callEndpoint(adminPricingContract.providers, {}, { signal }).then((answer) => answer.items as ProviderWithCosts[]),
    staleTime: CACHE_TTL.default,
  });
}

/** Every read of providers (the list with tiers, the admin table) is fresh again once it settles. */
const useRefreshProviders = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['providers'] });
};

/** Saves a cost tier of `providerId` (the tier of the same plan type and quantity is replaced). */
export function useSaveCostTier(providerId: string) {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: (tier: ProviderCostInput) => callEndpoint(adminPricingContract.putCost, { params: { id: providerId }, body: tier }),
    onSuccess: () => notify.success('Faixa de custo salva'),
    onError: (error) => notify.error('Erro ao salvar faixa de custo', error.message),
    onSettled: refresh,
  });
}

export function useRemoveCostTier(providerId: string) {
  const refresh = useRefreshProviders();
  return useMutation({
    mutationFn: (costId: string) => callEndpoint(adminPricingContract.removeCost, { params: { id: providerId, costId } }),
    onSuccess: () => notify.success('Faixa de custo removida'),
    onError: (error) => notify.error('Erro ao remover faixa de custo', error.message),
    onSettled: refresh,
  });
}

/** Removes a stored file of a bucket by the last segment of its address; resolves to whether it was removed. */
export function useRemoveStoredFile() {
  const { mutateAsync } = useMutation({
    mutationFn: ({ bucket, url }: { bucket: UploadBucket; url: string }) =>
      callEndpoint(uploadsContract.deleteFile, { params: { bucket, name: lastPathSegment(url) } }),
    onSuccess: () => notify.success(UPLOAD_TOASTS.removed),
    onError: (error) => notify.error(UPLOAD_TOASTS.removeError, error.message),
  });
  return (bucket: UploadBucket, url: string) =>
    mutateAsync({ bucket, url }).then(
      () => true,
      () => false,
    );
}
