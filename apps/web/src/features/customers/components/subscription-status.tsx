import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus, type SubscriptionView } from '@vitrine/domain/customers';
import { PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_VARIANT: Record<SubscriptionStatus, 'success' | 'warning' | 'destructive' | 'outline'> = {
  active: 'success',
  expiring: 'warning',
  expired: 'destructive',
  cancelled: 'outline',
};

/** Ativa, Vence em breve, Vencida or Cancelada. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status}>
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** 'Premium — Anual'. */
export const subscriptionPlanLabel = (subscription: Pick<SubscriptionView, 'planName' | 'period'>) =>
  `${subscription.planName} — ${PERIOD_LABELS[subscription.period]}`;

/** What the operator wrote for the customer: plain text, its line breaks kept, never read as markup. */
export function DeliveredText({ text, className }: { text: string; className?: string }) {
  return <p className={cn('text-sm whitespace-pre-wrap [overflow-wrap:anywhere]', className)}>{text}</p>;
}
