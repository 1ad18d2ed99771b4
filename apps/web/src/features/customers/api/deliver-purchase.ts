import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDelivery, DeliverBody } from '@vitrine/domain/customers';
import { adminDeliveriesContract } from '@vitrine/domain/customers.contract';
import type { ListEnvelope } from '@vitrine/domain/lists';
import type { WriteFailure } from '@/components/form/write-outcome';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';
import { deliveriesKey } from './get-deliveries';

/**
 * 'Marcar como entregue': the text goes to the customer's conversation, Minha assinatura and e-mail. A
 * delivered purchase leaves the pending pages at once; the lists and the figures are then read again.
 */
export function useDeliverPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['deliveries', 'deliver'],
    mutationFn: ({ id, body }: { id: string; body: DeliverBody }) => callEndpoint(adminDeliveriesContract.deliver, { params: { id }, body }),
    onSuccess: async (delivered) => {
      queryClient.setQueriesData<ListEnvelope<AdminDelivery>>({ queryKey: [...deliveriesKey, 'pending'] }, (page) =>
        page ? { ...page, items: page.items.filter((item) => item.id !== delivered.id), total: Math.max(0, page.total - 1) } : page,
      );
      await Promise.all([queryClient.invalidateQueries({ queryKey: deliveriesKey }), queryClient.invalidateQueries({ queryKey: customersKey })]);
    },
  });
}

/** How a refused delivery is said, in its toast and in the form that keeps the text. */
export const deliverPurchaseFailure = (error: Error): WriteFailure => ({ title: 'Não foi possível marcar como entregue', description: error.message });
