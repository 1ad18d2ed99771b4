// The standard costs (credit, supplier, provider), kept in the site configuration and clamped to their
// limits by the server: a save answers the values as stored.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StandardCosts } from '@vitrine/domain/pricing/standard-costs';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';

const KEY = ['site_configurations', 'standard-costs'] as const;

export function useStandardCosts() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => callEndpoint(adminPricingContract.standardCosts, {}, { signal }),
    staleTime: CACHE_TTL.default,
  });
}

export function useSaveStandardCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StandardCosts) => callEndpoint(adminPricingContract.saveStandardCosts, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      notify.success('Custos padronizados salvos');
    },
    onError: () => notify.error('Erro ao salvar custos padronizados'),
  });
}
