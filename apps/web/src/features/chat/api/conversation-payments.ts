// The payments of the conversation on screen: read from the server, read again whenever the server says
// one changed (a stream opened only while a PIX is waiting to be paid), and renewed when one expired.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { ConversationPayment } from '@vitrine/domain/payments';
import { paymentsContract } from '@vitrine/domain/payments.contract';
import { callEndpoint, endpointUrl } from '@/lib/api-client';

const key = (conversationId: string | null) => ['chat', 'payments', conversationId] as const;

/** The newest payment of each offered PIX (by its payment intent), and a way to renew an expired one. */
export function useConversationPayments(conversationId: string | null, hasOffers: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key(conversationId),
    queryFn: ({ signal }) => callEndpoint(paymentsContract.conversationPayments, { params: { id: conversationId! } }, { signal }),
    enabled: conversationId !== null && hasOffers,
    staleTime: 0,
  });
  const items = query.data?.items;
  const byIntent = useMemo(() => {
    const latest = new Map<string, ConversationPayment>();
    // Oldest first: a renewed charge replaces the expired one of the same offer.
    for (const payment of items ?? []) if (payment.paymentIntentId) latest.set(payment.paymentIntentId, payment);
    return latest;
  }, [items]);
  const waiting = (items ?? []).some((payment) => payment.status === 'created');

  // While a PIX waits, the server tells this page the moment it is paid (any instance, via the database).
  useEffect(() => {
    if (!conversationId || !waiting || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointUrl(paymentsContract.conversationPaymentEvents, { params: { id: conversationId } }), { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key(conversationId) });
    source.addEventListener('payment', refresh);
    // Reconnected after a drop: a change may have been missed meanwhile.
    source.addEventListener('open', refresh);
    return () => source.close();
  }, [conversationId, waiting, queryClient]);

  const renew = useCallback(
    async (payment: ConversationPayment) => {
      if (!conversationId) return null;
      const renewed = await callEndpoint(paymentsContract.renew, { params: { id: conversationId, paymentId: payment.id } });
      await queryClient.invalidateQueries({ queryKey: key(conversationId) });
      return renewed.payment;
    },
    [conversationId, queryClient],
  );

  return { byIntent, renew };
}
