// The payments of the conversation on screen: read from the server, read again whenever the server says
// one changed, and renewed when one expired. The stream is open while a PIX waits to be paid or a paid one
// may still be delivered: it also says when the operator wrote in the conversation (the delivery).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ConversationPayment } from '@vitrine/domain/payments';
import { paymentsContract } from '@vitrine/domain/payments.contract';
import { callEndpoint, endpointUrl } from '@/lib/api-client';

const key = (conversationId: string | null) => ['chat', 'payments', conversationId] as const;

/** The newest payment of each offered PIX (by its payment intent), and a way to renew an expired one. */
export function useConversationPayments(conversationId: string | null, hasOffers: boolean, onMessage?: () => void) {
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
  const listening = (items ?? []).some((payment) => payment.status === 'created' || payment.status === 'paid');
  const messageHandler = useRef(onMessage);
  useEffect(() => {
    messageHandler.current = onMessage;
  });

  // The server tells this page the moment a PIX is paid and when the operator delivers (any instance, via the database).
  useEffect(() => {
    if (!conversationId || !listening || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointUrl(paymentsContract.conversationPaymentEvents, { params: { id: conversationId } }), { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key(conversationId) });
    const message = () => messageHandler.current?.();
    source.addEventListener('payment', refresh);
    source.addEventListener('message', message);
    // Reconnected after a drop: a change may have been missed meanwhile.
    source.addEventListener('open', () => {
      refresh();
      message();
    });
    return () => source.close();
  }, [conversationId, listening, queryClient]);

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
