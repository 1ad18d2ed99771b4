// One customer, in a dialog: contact, subscriptions ('Cancelar assinatura'), the Minha assinatura links still
// open (a new one's address shown once, to copy; 'Revogar'), the timeline of conversations, payments,
// deliveries, subscriptions and reminders, and the LGPD actions: 'Exportar dados (LGPD)' downloads everything
// held as JSON, 'Apagar dados pessoais' (asked first) removes the personal data and keeps the payments anonymous.
import { Copy, Download, Link2, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import {
  DELIVERY_STATUS_LABELS,
  formatIsoDate,
  SUBSCRIPTION_STATUS_LABELS,
  type AccessLink,
  type DeliveryStatus,
  type SubscriptionStatus,
  type SubscriptionView,
  type TimelineEntry,
  type TimelineType,
} from '@vitrine/domain/customers';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@vitrine/domain/payment-status';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { guarded } from '@/features/admin/api/use-admin-table';
import { pageCount } from '@/features/admin/api/use-paged-list';
import { Pager } from '@/features/admin/components/pager';
import { formatBRL, formatDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCreateAccessLink } from '../api/create-access-link';
import { useEraseCustomer } from '../api/erase-customer';
import { useExportCustomerData } from '../api/export-customer-data';
import { useCustomer } from '../api/get-customer';
import { TIMELINE_PAGE_SIZE, useCustomerTimeline } from '../api/get-customer-timeline';
import { useRevokeAccessLink } from '../api/revoke-access-link';
import { ContactLines, customerLabel } from '../components/customer-contact';
import { subscriptionPlanLabel, SubscriptionStatusBadge } from '../components/subscription-status';

const TIMELINE_LABELS: Record<TimelineType, string> = {
  conversation: 'Conversa',
  payment: 'Pagamento',
  delivery: 'Entrega',
  subscription: 'Assinatura',
  reminder: 'Lembrete',
};

/** A timeline entry's status in the words each kind uses. */
function statusLabel(entry: TimelineEntry): string | null {
  if (entry.status === null) return null;
  const labels: Partial<Record<TimelineType, Record<string, string>>> = {
    payment: PAYMENT_STATUS_LABELS as Record<PaymentStatus, string>,
    subscription: SUBSCRIPTION_STATUS_LABELS as Record<SubscriptionStatus, string>,
    delivery: DELIVERY_STATUS_LABELS as Record<DeliveryStatus, string>,
  };
  return labels[entry.type]?.[entry.status] ?? entry.status;
}

const LINK_ORIGINS: Record<string, string> = { admin: 'criado no painel', reminder: 'enviado por lembrete' };

function downloadJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A write of this dialog: sent only when the server answers, its toast either way. */
const write = <A extends unknown[]>(action: (...args: A) => Promise<unknown>, success: string, failure: string) =>
  guarded(async (...args: A) => {
    try {
      await action(...args);
      notify.success(success);
    } catch (error) {
      notify.error(failure, messageOf(error));
      throw error;
    }
  });

type Confirming = { kind: 'cancel'; subscription: SubscriptionView } | { kind: 'erase' } | null;

export function CustomerDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useCustomer(id);
  const [timelinePage, setTimelinePage] = useState(1);
  const timeline = useCustomerTimeline(id, timelinePage);
  const createLink = useCreateAccessLink(id);
  const revokeLink = useRevokeAccessLink(id);
  const cancelSubscription = useCancelSubscription();
  const exportData = useExportCustomerData();
  const erase = useEraseCustomer();
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const customer = detail.data;
  const erased = Boolean(customer?.erasedAt);
  const planOf = (subscriptionId: string) => {
    const subscription = customer?.subscriptions.find((candidate) => candidate.id === subscriptionId);
    return subscription ? subscriptionPlanLabel(subscription) : 'Assinatura';
  };

  const create = write(
    async (subscriptionId: string) => {
      const created = await createLink.mutateAsync(subscriptionId);
      setCreatedUrl(created.url);
    },
    'Link criado',
    'Não foi possível criar o link',
  );
  const revoke = write((link: AccessLink) => revokeLink.mutateAsync(link.id), 'Link revogado', 'Não foi possível revogar o link');
  const cancel = write(
    async (subscription: SubscriptionView) => {
      await cancelSubscription.mutateAsync(subscription.id);
      setConfirming(null);
    },
    'Assinatura cancelada',
    'Não foi possível cancelar a assinatura',
  );
  const exportJson = write(
    async () => downloadJson(await exportData.mutateAsync(id), `cliente-${id}.json`),
    'Dados exportados',
    'Não foi possível exportar os dados',
  );
  const eraseData = write(
    async () => {
      await erase.mutateAsync(id);
      setConfirming(null);
      onClose();
    },
    'Dados pessoais apagados',
    'Não foi possível apagar os dados',
  );
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copiado');
    } catch {
      notify.error('Erro ao Copiar', 'Selecione o link e copie-o à mão.');
    }
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle className="break-words">{customer ? customerLabel(customer) : 'Cliente'}</DialogTitle>
            <DialogDescription>Contato, assinaturas, links de Minha assinatura e o histórico do cliente.</DialogDescription>
          </DialogHeader>
          {detail.error && !customer ? (
            <LoadFailed what="o cliente" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
          ) : !customer ? (
            <Skeleton className="h-48 w-full" />
          ) : (
            <div className="min-w-0 space-y-5 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
                <dt className="text-muted-foreground">Contato</dt>
                <dd className="min-w-0">
                  <ContactLines customer={customer} />
                </dd>
                <dt className="text-muted-foreground">Cliente desde</dt>
                <dd>{formatDate(customer.createdAt)}</dd>
                <dt className="text-muted-foreground">Total pago</dt>
                <dd className="tabular-nums">
                  {formatBRL(customer.paidTotal)}
                  {customer.lastPaidAt && <span className="text-muted-foreground"> · último em {formatDate(customer.lastPaidAt)}</span>}
                </dd>
                {customer.erasedAt && (
                  <>
                    <dt className="text-muted-foreground">Dados apagados</dt>
                    <dd>{formatDateTime(customer.erasedAt)}</dd>
                  </>
                )}
              </dl>

              <section aria-labelledby="cliente-assinaturas" className="space-y-2">
                <h3 id="cliente-assinaturas" className="font-semibold">
                  Assinaturas
                </h3>
                {customer.subscriptions.length === 0 ? (
                  <p className="text-muted-foreground">Nenhuma assinatura.</p>
                ) : (
                  <ul className="space-y-2">
                    {customer.subscriptions.map((subscription) => (
                      <li key={subscription.id} className="space-y-2 rounded-lg border p-3" data-subscription-id={subscription.id}>
                        <p className="flex flex-wrap items-center gap-2">
                          <span className="font-medium break-words">{subscriptionPlanLabel(subscription)}</span>
                          <SubscriptionStatusBadge status={subscription.status} />
                        </p>
                        <p className="text-muted-foreground tabular-nums">
                          {formatIsoDate(subscription.startsOn)} a {formatIsoDate(subscription.endsOn)} · {formatBRL(subscription.price)}
                        </p>
                        {!erased && (
                          <div className="flex flex-wrap gap-2">
                            <Button type="button" variant="outline" size="sm" disabled={createLink.isPending} onClick={() => void create(subscription.id)}>
                              <Link2 className="size-4" aria-hidden /> Criar link de Minha assinatura
                            </Button>
                            {subscription.status !== 'cancelled' && (
                              <Button type="button" variant="outline" size="sm" onClick={() => setConfirming({ kind: 'cancel', subscription })}>
                                <XCircle className="size-4" aria-hidden /> Cancelar assinatura
                              </Button>
                            )}
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {createdUrl && (
                  <div className="bg-muted/50 space-y-2 rounded-lg border p-3" role="status" data-testid="link-criado">
                    <p className="font-medium">Link criado: copie agora, ele não será mostrado de novo.</p>
                    <code className="bg-background block rounded p-2 text-xs break-all">{createdUrl}</code>
                    <div className="flex flex-wrap gap-2">
                      <Button type="button" size="sm" onClick={() => void copy(createdUrl)}>
                        <Copy className="size-4" aria-hidden /> Copiar link
                      </Button>
                      <Button type="button" variant="outline" size="sm" onClick={() => setCreatedUrl(null)}>
                        Fechar
                      </Button>
                    </div>
                  </div>
                )}
              </section>

              <section aria-labelledby="cliente-links" className="space-y-2">
                <h3 id="cliente-links" className="font-semibold">
                  Links de Minha assinatura em aberto
                </h3>
                {customer.accessLinks.length === 0 ? (
                  <p className="text-muted-foreground">Nenhum link em aberto.</p>
                ) : (
                  <ul className="divide-y rounded-lg border">
                    {customer.accessLinks.map((link) => (
                      <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                        <span className="min-w-0">
                          <span className="block break-words">{planOf(link.subscriptionId)}</span>
                          <span className="text-muted-foreground text-xs">
                            {LINK_ORIGINS[link.createdBy] ?? link.createdBy} em {formatDateTime(link.createdAt)} · vale até {formatDateTime(link.expiresAt)}
                          </span>
                        </span>
                        <Button type="button" variant="outline" size="sm" disabled={revokeLink.isPending} onClick={() => void revoke(link)}>
                          Revogar
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>

              <section aria-labelledby="cliente-historico" className="space-y-2">
                <h3 id="cliente-historico" className="font-semibold">
                  Histórico
                </h3>
                {timeline.error && !timeline.data ? (
                  <LoadFailed what="o histórico" onRetry={() => void timeline.refetch()} retrying={timeline.isFetching} />
                ) : !timeline.data ? (
                  <Skeleton className="h-24 w-full" />
                ) : timeline.data.items.length === 0 ? (
                  <p className="text-muted-foreground">Nada registrado ainda.</p>
                ) : (
                  <ol className="space-y-2" aria-label="Histórico do cliente">
                    {timeline.data.items.map((entry) => {
                      const status = statusLabel(entry);
                      return (
                        <li key={`${entry.type}-${entry.id}`} className="grid gap-0.5 border-l-2 pl-3">
                          <span className="text-muted-foreground text-xs">
                            {formatDateTime(entry.at)} · {TIMELINE_LABELS[entry.type]}
                          </span>
                          <span className="break-words">{entry.title}</span>
                          {(entry.amount !== null || status || entry.date) && (
                            <span className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
                              {entry.amount !== null && <span className="tabular-nums">{formatBRL(entry.amount)}</span>}
                              {status && <span>{status}</span>}
                              {entry.date && <span>até {formatIsoDate(entry.date)}</span>}
                            </span>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                )}
                <Pager page={timelinePage} pageCount={pageCount(timeline.data?.total, TIMELINE_PAGE_SIZE)} onPage={setTimelinePage} />
              </section>

              <div className="flex flex-wrap gap-2 border-t pt-4">
                <Button type="button" variant="outline" size="sm" disabled={exportData.isPending} onClick={() => void exportJson()}>
                  <Download className="size-4" aria-hidden /> Exportar dados (LGPD)
                </Button>
                {!erased && (
                  <Button type="button" variant="destructive" size="sm" onClick={() => setConfirming({ kind: 'erase' })}>
                    <Trash2 className="size-4" aria-hidden /> Apagar dados pessoais
                  </Button>
                )}
              </div>
            </div>
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent className="sm:max-w-md">
          {confirming?.kind === 'cancel' ? (
            <>
              <DialogHeader>
                <DialogTitle>Cancelar assinatura</DialogTitle>
                <DialogDescription>
                  Cancelar {subscriptionPlanLabel(confirming.subscription)}, que vai até {formatIsoDate(confirming.subscription.endsOn)}? Ela fica como
                  cancelada e o cliente não recebe mais lembretes de renovação.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
                  Voltar
                </Button>
                <Button type="button" variant="destructive" disabled={cancelSubscription.isPending} onClick={() => void cancel(confirming.subscription)}>
                  Cancelar assinatura
                </Button>
              </DialogFooter>
            </>
          ) : confirming?.kind === 'erase' ? (
            <>
              <DialogHeader>
                <DialogTitle>Apagar dados pessoais</DialogTitle>
                <DialogDescription>
                  Apagar os dados pessoais de {customer ? customerLabel(customer) : 'este cliente'}? O nome, o contato, as conversas e os textos entregues são
                  removidos; os pagamentos ficam, sem identificação, para a contabilidade. Esta ação não pode ser desfeita.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
                  Voltar
                </Button>
                <Button type="button" variant="destructive" disabled={erase.isPending} onClick={() => void eraseData()}>
                  Apagar dados pessoais
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
