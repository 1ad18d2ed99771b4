// Credit purchase orders: the contacts they go to, an order sent (the server queues it for the signed
// webhook), one order followed until its delivery settles, the orders page by page (followed while a
// delivery is still being tried) and an order sent again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDIT_ORDER_MESSAGES, type CreditOrderCreate, type RechargeContact } from '@vitrine/domain/recharge';
import { adminCreditOrdersContract, adminRechargeContactsContract } from '@vitrine/domain/recharge.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';

const KEY = ['credit_orders'] as const;

export function useRechargeContacts() {
  return useQuery({
    queryKey: ['recharge_contacts', 'options'],
    queryFn: ({ signal }) =>
      callEndpoint(adminRechargeContactsContract.list, { query: { pageSize: 100, sort: 'name' } }, { signal }).then((page) => page.items as RechargeContact[]),
    staleTime: CACHE_TTL.default,
  });
}

export function useSendCreditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: CreditOrderCreate) => callEndpoint(adminCreditOrdersContract.create, { body: order }),
    onSuccess: () => notify.success(CREDIT_ORDER_MESSAGES.sent, 'O pedido está na fila de envio; acompanhe a entrega em Pedidos de recarga.'),
    onError: (error) => notify.error(CREDIT_ORDER_MESSAGES.sendFailed, error.message === CREDIT_ORDER_MESSAGES.sendFailed ? undefined : error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** A just-sent order, read every 2 s while `orderId` is set (null: none followed). */
export function useFollowedCreditOrder(orderId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'following', orderId],
    queryFn: ({ signal }) =>
      callEndpoint(adminCreditOrdersContract.list, { query: { page: 1, pageSize: 20 } }, { signal }).then(
        (page) => page.items.find((item) => item.id === orderId) ?? null,
      ),
    enabled: orderId !== null,
    refetchInterval: 2_000,
  });
}

export function useCreditOrders(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEY, 'admin', page],
    queryFn: ({ signal }) => callEndpoint(adminCreditOrdersContract.list, { query: { page, pageSize } }, { signal }),
    staleTime: CACHE_TTL.short,
    placeholderData: keepPreviousData,
    // A delivery still being tried is followed until it settles.
    refetchInterval: (query) =>
      query.state.data?.items.some((order) => order.delivery && ['pending', 'delivering'].includes(order.delivery.status)) ? 2_000 : false,
  });
}

export function useResendCreditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(adminCreditOrdersContract.resend, { params: { id } }),
    onSuccess: () => notify.success('Pedido reenviado', 'Novas tentativas de entrega foram agendadas.'),
    onError: (error) => notify.error('Não foi possível reenviar', error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
