// Saved calculations: one saved (the server recalculates it with the tiers in force) and the last
// ten of a provider.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalculatorInput } from '@vitrine/domain/pricing/calculator';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';

const KEY = ['pricing_calculations'] as const;

export function useSaveCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalculatorInput) => callEndpoint(adminPricingContract.saveCalculation, { body: input }),
    onSuccess: () => notify.success('Cálculo salvo', 'O servidor recalculou com as faixas em vigor.'),
    onError: (error) => notify.error('Erro ao salvar cálculo', error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The last ten calculations saved for a provider (none asked for until the id is a whole one). */
export function useSavedCalculations(providerId: string) {
  return useQuery({
    queryKey: [...KEY, providerId],
    queryFn: ({ signal }) => callEndpoint(adminPricingContract.calculations, { query: { providerId, pageSize: 10 } }, { signal }),
    staleTime: CACHE_TTL.default,
    enabled: /^[0-9a-f-]{36}$/.test(providerId),
  });
}
