// Minha assinatura: what a customer opens from the link the shop sends (no password). The plan, its status
// and end date, what was delivered, the payments, and 'Renovar com PIX'. A link that is unknown or revoked
// (404) and one that expired (410) each say what to do; no search engine indexes the page, and its address
// (the link's token) is never sent on as a referrer.
import { CalendarClock, Loader2, QrCode, RotateCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { accessTokenSchema, formatIsoDate, type MySubscription, type RenewalCharge, type SubscriptionView } from '@vitrine/domain/customers';
import { PAYMENT_STATUS_LABELS } from '@vitrine/domain/payment-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatBRL, formatDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useMySubscription } from '../api/get-my-subscription';
import { useRenewSubscription } from '../api/renew-subscription';
import { renewalPix, type RenewalPix } from '../lib/renewal-pix';
import { DeliveredText, subscriptionPlanLabel, SubscriptionStatusBadge } from './subscription-status';

/** While a renewal PIX is open, the page asks this often whether it was paid. */
const RENEWAL_POLL_MS = 5_000;

export interface MySubscriptionPageProps {
  /** The shop's contact channels, for a customer whose link no longer opens. */
  shopChannels?: ReactNode;
  /** The PIX dialog (the chat's), composed by the route. */
  renderPix: (pix: RenewalPix | null, onClose: () => void) => ReactNode;
}

export function MySubscriptionPage({ shopChannels, renderPix }: MySubscriptionPageProps) {
  const [params] = useSearchParams();
  const typed = params.get('t');
  const token = typed !== null && accessTokenSchema.safeParse(typed).success ? typed : null;
  const [charge, setCharge] = useState<RenewalCharge | null>(null);
  const [pixOpen, setPixOpen] = useState(false);
  const query = useMySubscription(token, { pollMs: charge && pixOpen ? RENEWAL_POLL_MS : undefined });
  const data = query.data;

  // The renewal paid (the PSP confirmed it): the dialog closes and the new end date is already on the page.
  const renewalPaid = charge !== null && data?.payments.some((payment) => payment.id === charge.paymentId && payment.status === 'paid');
  useEffect(() => {
    if (!renewalPaid || !data) return;
    setPixOpen(false);
    setCharge(null);
    notify.success('Pagamento confirmado', `Sua assinatura vai até ${formatIsoDate(data.subscription.endsOn)}.`);
  }, [renewalPaid, data]);

  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Minha assinatura</h1>
      {token === null ? (
        <LinkProblem kind="invalid" shopChannels={shopChannels} />
      ) : query.isPending ? (
        <Loading />
      ) : query.error ? (
        query.error instanceof ApiError && query.error.status === 410 ? (
          <LinkProblem kind="expired" shopChannels={shopChannels} />
        ) : query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
          <LinkProblem kind="invalid" shopChannels={shopChannels} />
        ) : (
          <div role="alert" className="border-destructive/40 space-y-3 rounded-lg border p-4 text-sm">
            <p className="font-medium">Não foi possível carregar sua assinatura.</p>
            <p className="text-muted-foreground">{query.error.message}</p>
            <Button type="button" variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
              <RotateCw aria-hidden /> Tentar novamente
            </Button>
          </div>
        )
      ) : (
        <SubscriptionDetails
          data={data!}
          token={token}
          charge={charge}
          shopChannels={shopChannels}
          onCharge={(created) => {
            setCharge(created);
            setPixOpen(true);
          }}
          onOpenPix={() => setPixOpen(true)}
        />
      )}
      {renderPix(charge && pixOpen ? renewalPix(charge) : null, () => setPixOpen(false))}
    </main>
  );
}

function Loading() {
  return (
    <div className="space-y-4" role="status" aria-label="Carregando sua assinatura">
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
      <span className="sr-only">Carregando sua assinatura…</span>
    </div>
  );
}

const PROBLEM_TEXTS = {
  invalid: {
    title: 'Link inválido',
    text: 'Este link de Minha assinatura não existe ou foi revogado pela loja. Confira se ele foi copiado inteiro ou peça um novo link à loja.',
  },
  expired: {
    title: 'Link expirado',
    text: 'Este link de Minha assinatura expirou. Peça à loja um novo link pelos canais abaixo.',
  },
} as const;

function LinkProblem({ kind, shopChannels }: { kind: keyof typeof PROBLEM_TEXTS; shopChannels?: ReactNode }) {
  const texts = PROBLEM_TEXTS[kind];
  return (
    <div role="alert" className="bg-card space-y-3 rounded-xl border p-4 sm:p-6" data-testid={`link-${kind}`}>
      <p className="text-lg font-semibold">{texts.title}</p>
      <p className="text-muted-foreground text-sm">{texts.text}</p>
      {shopChannels && (
        <div className="space-y-2 text-sm">
          <p className="font-medium">Fale com a loja:</p>
          {shopChannels}
        </div>
      )}
    </div>
  );
}

const STATUS_SENTENCES: Record<SubscriptionView['status'], (endsOn: string) => string> = {
  active: (endsOn) => `Sua assinatura está ativa até ${endsOn}.`,
  expiring: (endsOn) => `Sua assinatura vence em ${endsOn}. Renove para não perder o acesso.`,
  expired: (endsOn) => `Sua assinatura venceu em ${endsOn}. Renove para voltar a usar.`,
  cancelled: () => 'Esta assinatura foi cancelada. Fale com a loja se quiser voltar.',
};

function SubscriptionDetails({
  data,
  token,
  charge,
  shopChannels,
  onCharge,
  onOpenPix,
}: {
  data: MySubscription;
  token: string;
  charge: RenewalCharge | null;
  shopChannels?: ReactNode;
  onCharge: (charge: RenewalCharge) => void;
  onOpenPix: () => void;
}) {
  const { subscription, renewal } = data;
  const renew = useRenewSubscription();
  const endsOn = formatIsoDate(subscription.endsOn);
  const renewError = renew.error ? (renew.error instanceof ApiError ? renew.error.message : 'Erro inesperado. Tente novamente.') : null;

  return (
    <>
      <p className="text-muted-foreground">Olá, {data.customerName}.</p>
      <Card className="gap-4" aria-labelledby="assinatura-plano">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle id="assinatura-plano" className="flex flex-wrap items-center gap-2 text-lg">
            <span className="break-words" data-testid="subscription-plan">
              {subscriptionPlanLabel(subscription)}
            </span>
            <SubscriptionStatusBadge status={subscription.status} />
          </CardTitle>
          <CardDescription>{STATUS_SENTENCES[subscription.status](endsOn)}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 px-4 sm:px-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Vencimento</dt>
            <dd className="font-semibold tabular-nums" data-testid="subscription-ends-on">
              {endsOn}
            </dd>
            <dt className="text-muted-foreground">Período atual</dt>
            <dd className="tabular-nums">
              {formatIsoDate(subscription.startsOn)} a {endsOn}
            </dd>
            <dt className="text-muted-foreground">Valor do período</dt>
            <dd className="tabular-nums">{formatBRL(subscription.price)}</dd>
          </dl>
          {renewal ? (
            <div className="bg-muted/50 space-y-3 rounded-lg p-3 text-sm">
              <p>
                Renovação: <strong className="break-words">{renewal.title}</strong> por{' '}
                <strong className="whitespace-nowrap">{formatBRL(renewal.amount)}</strong>.{' '}
                {subscription.status === 'expired' ? 'O novo período começa hoje.' : `O novo período começa em ${endsOn}, sem perder nenhum dia.`}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="gradient"
                  className="h-auto min-h-9 whitespace-normal"
                  disabled={renew.isPending}
                  onClick={() => renew.mutate(token, { onSuccess: onCharge })}
                >
                  {renew.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <QrCode aria-hidden />}
                  Renovar com PIX
                </Button>
                {charge && (
                  <Button type="button" variant="outline" onClick={onOpenPix}>
                    Ver o PIX gerado
                  </Button>
                )}
              </div>
              {charge && (
                <p className="text-muted-foreground" role="status">
                  {charge.provider === 'psp'
                    ? `PIX de ${formatBRL(charge.amount)} gerado. Assim que o pagamento for confirmado, o vencimento avança sozinho.`
                    : `PIX de ${formatBRL(charge.amount)} gerado. Depois de pagar, a loja confirma o pagamento e o vencimento avança.`}
                </p>
              )}
              {renewError && (
                <p role="alert" className="text-destructive">
                  Não foi possível gerar o PIX: {renewError}
                </p>
              )}
            </div>
          ) : (
            <div className="bg-muted/50 space-y-2 rounded-lg p-3 text-sm">
              <p>Este plano não está mais à venda pelo site: fale com a loja para renovar.</p>
              {shopChannels}
            </div>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="assinatura-entregas" className="space-y-3">
        <h2 id="assinatura-entregas" className="text-lg font-semibold">
          O que você recebeu
        </h2>
        {data.deliveries.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nada entregue ainda: a loja envia seu acesso assim que o pagamento é confirmado.</p>
        ) : (
          <ul className="space-y-3">
            {data.deliveries.map((delivery) => (
              <li key={delivery.id} className="bg-card min-w-0 space-y-2 rounded-xl border p-4" data-testid="delivery">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="font-medium break-words">{delivery.itemName}</span>
                  <span className="text-muted-foreground text-xs">Entregue em {formatDate(delivery.deliveredAt)}</span>
                </p>
                <DeliveredText text={delivery.text} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="assinatura-pagamentos" className="space-y-3">
        <h2 id="assinatura-pagamentos" className="text-lg font-semibold">
          Pagamentos
        </h2>
        {data.payments.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum pagamento ainda.</p>
        ) : (
          <ul className="divide-y rounded-xl border">
            {data.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-4 py-3 text-sm" data-testid="payment">
                <span className="min-w-0 break-words">
                  <span className="block font-medium">{payment.itemName}</span>
                  <span className="text-muted-foreground text-xs">
                    {formatDate(payment.paidAt ?? payment.createdAt)} · {PAYMENT_STATUS_LABELS[payment.status]}
                  </span>
                </span>
                <span className="font-semibold whitespace-nowrap tabular-nums">{formatBRL(payment.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="text-muted-foreground flex items-start gap-2 text-xs">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
        Este link é pessoal e vale até {formatDateTime(data.linkExpiresAt)}. Não o compartilhe.
      </p>
    </>
  );
}
