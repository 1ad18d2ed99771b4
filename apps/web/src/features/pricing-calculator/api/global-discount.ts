// The global discount of Tabelas de Preço, kept on the server (site configuration 'pricing' /
// 'global_discount'): the same for every admin and every reload, and the calculator's starting discount.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContentContract, adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { discountPercentSchema, GLOBAL_DISCOUNT_CONFIG } from '@vitrine/domain/pricing/discounts';
import { callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';

const KEY = ['site_configurations', 'admin', 'global-discount'] as const;

/** The stored global discount in percent (0 when none was saved). */
export function useGlobalDiscount() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => {
      const { section, key } = GLOBAL_DISCOUNT_CONFIG;
      const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: key, pageSize: 100 } }, { signal });
      const entry = page.items.find((item) => item.section === section && item.configKey === key);
      const parsed = discountPercentSchema.safeParse(entry?.configValue);
      return parsed.success ? parsed.data : 0;
    },
  });
}

export function useSaveGlobalDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (percent: number) =>
      callEndpoint(adminContentContract.upsertConfig, {
        params: { section: GLOBAL_DISCOUNT_CONFIG.section, key: GLOBAL_DISCOUNT_CONFIG.key },
        body: { value: percent },
      }),
    onSuccess: (_, percent) =>
      notify.success('Desconto global salvo', `${percent.toLocaleString('pt-BR')}% nas Tabelas de Preço e como desconto inicial da Calculadora.`),
    onError: (error) => notify.error('Erro ao salvar o desconto global', error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['site_configurations'] }),
  });
}
