// A entregar: every paid purchase waits here, oldest first, until the operator writes what the customer
// receives (access data, instructions) and presses 'Marcar como entregue'. The text then goes to the
// customer's conversation, to Minha assinatura and, when the customer gave one, to their e-mail; the row
// leaves the list. A save that fails keeps what was written. 'Entregues' shows the delivered ones.
import { Mail, MessagesSquare, Phone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  deliverBodySchema,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  formatBrazilianPhone,
  type AdminDelivery,
  type DeliverBody,
  type DeliveryStatus,
} from '@vitrine/domain/customers';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { attempt } from '@/features/admin/api/use-admin-table';
import { DESKTOP_PAGE_SIZE, MOBILE_PAGE_SIZE, pageCount } from '@/features/admin/api/use-paged-list';
import { Pager } from '@/features/admin/components/pager';
import { formatBRL, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { deliverPurchaseFailure, useDeliverPurchase } from '../api/deliver-purchase';
import { useDeliveries } from '../api/get-deliveries';
import { DeliveredText } from '../components/subscription-status';

const FILTER_LABELS: Record<DeliveryStatus, string> = { pending: 'A entregar', delivered: 'Entregues' };

const TEXT_FIELD: FieldSpec = {
  key: 'text',
  label: 'O que o cliente recebe',
  kind: 'textarea',
  rows: 4,
  hint: 'Dados de acesso, instruções… Vai para a conversa do cliente e para Minha assinatura (e por e-mail, se ele deu um).',
};
const FIELDS = [TEXT_FIELD] as const;

export const customerName = (delivery: Pick<AdminDelivery, 'customerName' | 'customerId'>) =>
  delivery.customerName ?? (delivery.customerId ? 'Cliente sem nome' : 'Cliente apagado (LGPD)');

export function DeliveriesSection() {
  const [status, setStatus] = useState<DeliveryStatus>('pending');
  const [page, setPage] = useState(1);
  const pageSize = useIsNarrow() ? MOBILE_PAGE_SIZE : DESKTOP_PAGE_SIZE;
  const query = useDeliveries({ status, page, pageSize });
  useLoadErrorToast(query.error, 'entregas');
  const items = query.data?.items ?? [];
  const failed = Boolean(query.error) && items.length === 0;

  return (
    <section className="space-y-4" aria-labelledby="entregas-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="entregas-titulo" className="text-lg font-semibold">
          A entregar
        </h2>
        <ToggleGroup
          type="single"
          value={status}
          onValueChange={(value) => {
            if (!value) return;
            setStatus(value as DeliveryStatus);
            setPage(1);
          }}
          aria-label="Situação da entrega"
        >
          {DELIVERY_STATUSES.map((value) => (
            <ToggleGroupItem key={value} value={value}>
              {FILTER_LABELS[value]}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      <p className="text-muted-foreground text-sm">
        {status === 'pending'
          ? 'Compras pagas esperando a entrega, das mais antigas para as mais novas. Escreva o que o cliente recebe e marque como entregue.'
          : 'Compras já entregues, das mais recentes para as mais antigas, com o que cada cliente recebeu.'}
      </p>
      {failed && <LoadFailed what="as entregas" onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      {query.isPending ? (
        <div className="space-y-3" role="status" aria-label="Carregando entregas">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        !failed &&
        (items.length === 0 ? (
          <p className="text-muted-foreground rounded-lg border px-3 py-6 text-center text-sm">
            {status === 'pending' ? 'Nada a entregar: todas as compras pagas já foram entregues.' : 'Nenhuma entrega ainda.'}
          </p>
        ) : (
          <ul className="space-y-3" aria-label={FILTER_LABELS[status]}>
            {items.map((delivery) => (
              <li key={delivery.id} className="bg-card min-w-0 space-y-3 rounded-lg border p-3 sm:p-4" data-row-id={delivery.id}>
                <DeliverySummary delivery={delivery} />
                {delivery.status === 'pending' ? (
                  <DeliverForm delivery={delivery} />
                ) : (
                  <div className="space-y-1">
                    <p className="text-muted-foreground text-xs">
                      Entregue {delivery.deliveredAt ? `em ${formatDateTime(delivery.deliveredAt)}` : ''}
                      {delivery.deliveredBy ? ` por ${delivery.deliveredBy}` : ''}
                    </p>
                    {delivery.text !== null && <DeliveredText text={delivery.text} className="bg-muted/50 rounded-md p-2" />}
                  </div>
                )}
              </li>
            ))}
          </ul>
        ))
      )}
      <Pager page={page} pageCount={pageCount(query.data?.total, pageSize)} onPage={setPage} />
    </section>
  );
}

function DeliverySummary({ delivery }: { delivery: AdminDelivery }) {
  return (
    <div className="grid gap-2 text-sm sm:grid-cols-[1fr_auto]">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words">{delivery.itemName}</p>
        <p className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="inline-flex min-w-0 items-center gap-1">
            <UserRound className="size-4 shrink-0" aria-hidden />
            {delivery.customerId ? (
              <Link className="text-primary break-words underline-offset-4 hover:underline" to={`/admin/customers?cliente=${delivery.customerId}`}>
                {customerName(delivery)}
              </Link>
            ) : (
              <span className="break-words">{customerName(delivery)}</span>
            )}
          </span>
          {delivery.customerWhatsapp && (
            <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
              <Phone className="size-4 shrink-0" aria-hidden />
              <span className="sr-only">WhatsApp: </span>
              {formatBrazilianPhone(delivery.customerWhatsapp)}
            </span>
          )}
          {delivery.customerEmail && (
            <span className="inline-flex min-w-0 items-start gap-1">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {delivery.customerEmail} <span className="whitespace-nowrap">(recebe também por e-mail)</span>
              </span>
            </span>
          )}
          {delivery.customerId && !delivery.customerWhatsapp && !delivery.customerEmail && <span>Sem contato</span>}
          {delivery.conversationId && (
            <Link
              className="text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline"
              to={`/admin/conversations?conversa=${delivery.conversationId}`}
            >
              <MessagesSquare className="size-4" aria-hidden /> Ver conversa
            </Link>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1 sm:flex-col sm:items-end">
        <span className="font-semibold whitespace-nowrap tabular-nums">{formatBRL(delivery.amount)}</span>
        <span className="text-muted-foreground text-xs">{delivery.paidAt ? `Pago em ${formatDateTime(delivery.paidAt)}` : 'Pagamento sem data'}</span>
        <Badge variant={delivery.status === 'pending' ? 'warning' : 'success'}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
      </div>
    </div>
  );
}

/** The text the customer receives and 'Marcar como entregue'; a refused save keeps the text and says why. */
function DeliverForm({ delivery }: { delivery: AdminDelivery }) {
  const form = useSchemaForm({ fields: FIELDS, schema: deliverBodySchema, initial: { text: '' } });
  const deliver = useDeliverPurchase();
  const save = attempt(async (body: DeliverBody) => {
    try {
      await deliver.mutateAsync({ id: delivery.id, body });
    } catch (error) {
      const failure = deliverPurchaseFailure(error as Error);
      notify.error(failure.title, failure.description);
      throw error;
    }
    notify.success('Entrega registrada', `${delivery.itemName} para ${customerName(delivery)}: o cliente já pode ver o que recebeu.`);
  }, deliverPurchaseFailure);
  const { submit, failure, saving } = useSaveKeepingInput(form, save);
  return (
    <Form onSubmit={submit} className="grid gap-2" aria-label={`Entregar ${delivery.itemName}`}>
      <SchemaField form={form} field={TEXT_FIELD} idPrefix={`entrega-${delivery.id}`} />
      <SaveFailure failure={failure} />
      <SaveButton saving={saving} label="Marcar como entregue" className="justify-self-start" />
    </Form>
  );
}
