// A PIX offered in the conversation, as its payment stands now: the button that opens the code while
// it can be paid, 'Pagamento confirmado' with what was bought once it is paid (live), and a new PIX
// for an expired one.
import { CheckCircle2, Loader2, QrCode, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { PixOffer } from '@vitrine/domain/chat';
import { PAYMENT_CONFIRMED } from '@vitrine/domain/payment-status';
import type { ConversationPayment } from '@vitrine/domain/payments';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatBRL } from '@/lib/format';
import { notify } from '@/lib/toast';

export interface PixOfferProps {
  offer: PixOffer;
  /** The offer's newest payment, once read. */
  payment: ConversationPayment | undefined;
  onOpen: (offer: PixOffer) => void;
  onRenew?: (payment: ConversationPayment) => Promise<ConversationPayment | null>;
}

export function PixOfferBlock({ offer, payment, onOpen, onRenew }: PixOfferProps) {
  const [renewing, setRenewing] = useState(false);
  if (payment?.status === 'paid') {
    return (
      <div
        role="status"
        className="mt-2.5 flex items-start gap-2 rounded-lg border border-emerald-600/30 bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        data-testid="payment-confirmed"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">{PAYMENT_CONFIRMED}</p>
          <p className="break-words">
            {payment.itemName} · {formatBRL(payment.amount)}
          </p>
        </div>
      </div>
    );
  }
  if ((payment?.status === 'expired' || payment?.status === 'cancelled') && onRenew) {
    const renew = async () => {
      setRenewing(true);
      try {
        const renewed = await onRenew(payment);
        if (renewed) onOpen({ ...offer, brCode: renewed.brCode });
      } catch (error) {
        notify.error('Não foi possível gerar um novo PIX', error instanceof ApiError ? error.message : 'Tente novamente em instantes.');
      } finally {
        setRenewing(false);
      }
    };
    return (
      <div className="mt-2.5 space-y-2" data-testid="payment-expired">
        <p className="text-muted-foreground">{payment.status === 'expired' ? 'Este PIX expirou sem pagamento.' : 'Este PIX foi cancelado.'}</p>
        <Button type="button" variant="gradient" size="sm" className="h-auto w-full py-2 whitespace-normal" disabled={renewing} onClick={() => void renew()}>
          {renewing ? <Loader2 className="animate-spin" /> : <RefreshCw />}
          Gerar novo PIX de {formatBRL(payment.amount)}
        </Button>
      </div>
    );
  }
  return (
    <Button
      type="button"
      variant="gradient"
      size="sm"
      className="mt-2.5 h-auto w-full py-2 whitespace-normal"
      onClick={() => onOpen(payment ? { ...offer, brCode: payment.brCode } : offer)}
    >
      <QrCode />
      Pagar {formatBRL(offer.value)} com PIX
    </Button>
  );
}
