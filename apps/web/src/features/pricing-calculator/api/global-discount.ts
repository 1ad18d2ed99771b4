// The global discount of Tabelas de Preço, kept on the server (site configuration 'pricing' /
// 'global_discount'): the same for every admin and every reload, and the calculator's starting discount.
// A save names the version it started from, so one made after another admin's is refused, not written over it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContentContract, adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { discountPercentSchema, GLOBAL_DISCOUNT_CONFIG } from '@vitrine/domain/pricing/discounts';
import { callEndpoint } from '@/lib/api-client';
import { staleEditCurrent } from '@/lib/stale-edit';
import { notify } from '@/lib/toast';

const KEY = ['site_configurations', 'admin', 'global-discount'] as const;

/** The stored discount in percent (0 when none was saved) and its version (null when none was saved). */
export interface StoredDiscount {
  percent: number;
  updatedAt: string | null;
}

/** A stored entry (or none) as the discount it holds. */
export function toStoredDiscount(entry: { configValue?: unknown; updatedAt?: unknown } | null | undefined): StoredDiscount {
  const parsed = discountPercentSchema.safeParse(entry?.configValue);
  return { percent: parsed.success ? parsed.data : 0, updatedAt: typeof entry?.updatedAt === 'string' ? entry.updatedAt : null };
}

const storedDiscountQuery = {
  queryKey: KEY,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<StoredDiscount> => {
    const { section, key } = GLOBAL_DISCOUNT_CONFIG;
    const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: key, pageSize: 100 } }, { signal });
    return toStoredDiscount(page.items.find((item) => item.section === section && item.configKey === key));
  },
};

/** The stored discount with its version, for the screen that edits it. */
export function useStoredGlobalDiscount() {
  return useQuery(storedDiscountQuery);
}

/** The stored global discount in percent (0 when none was saved). */
export function useGlobalDiscount() {
  return useQuery({ ...storedDiscountQuery, select: (stored) => stored.percent });
}

export function useSaveGlobalDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    // The table's name first: a change event arriving while this save is in flight waits for it to settle.
    mutationKey: ['site_configurations', 'global-discount'],
    mutationFn: async ({ percent, expectedUpdatedAt }: { percent: number; expectedUpdatedAt: string | null }) =>
      toStoredDiscount(
        await callEndpoint(adminContentContract.upsertConfig, {
          params: { section: GLOBAL_DISCOUNT_CONFIG.section, key: GLOBAL_DISCOUNT_CONFIG.key },
          body: { value: percent, expectedUpdatedAt },
        }),
      ),
    onSuccess: (_, { percent }) =>
      notify.success('Desconto global salvo', `${percent.toLocaleString('pt-BR')}% nas Tabelas de Preço e como desconto inicial da Calculadora.`),
    onError: (error) => {
      const current = staleEditCurrent(error);
      const now = current === undefined ? '' : ` Valor salvo agora: ${toStoredDiscount(current).percent.toLocaleString('pt-BR')}%.`;
      notify.error('Erro ao salvar o desconto global', `${error.message}${now}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['site_configurations'] }),
  });
}
