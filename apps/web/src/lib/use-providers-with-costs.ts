// Every provider with its cost tiers (admin only): the providers manager and the pricing calculator
// read the same cached list, refreshed when providers or their tiers change.
import { useQuery } from '@tanstack/react-query';
import type { ProviderWithCosts } from '@vitrine/domain/recharge';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import { callEndpoint } from './api-client';
import { CACHE_TTL } from './query-client';

export const PROVIDERS_WITH_COSTS_KEY = ['providers', 'pricing'] as const;

export function useProvidersWithCosts() {
  return useQuery({
    queryKey: PROVIDERS_WITH_COSTS_KEY,
    queryFn: ({ signal }) => callEndpoint(adminPricingContract.providers, {}, { signal }).then((answer) => answer.items as ProviderWithCosts[]),
    staleTime: CACHE_TTL.default,
  });
}
