// Credit purchase orders: a new order (items, the webhook URL, a contact from the admin's list),
// sent by the server through the signed webhook queue, and the stored orders with their delivery
// status, attempts and re-send. Also the contacts list and the standard costs editor.
import { Plus, RotateCw, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { formatBRL, formatDateTime, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { STANDARD_COST_LIMITS, standardCostsSchema, type StandardCosts } from '@vitrine/domain/pricing/standard-costs';
import {
  contactLabel,
  CREDIT_ORDER_MESSAGES,
  creditOrderCreateSchema,
  creditOrderItemInputSchema,
  creditOrderTotals,
  DELIVERY_STATUS_LABELS,
  rechargeContactCreateSchema,
  type CreditOrder,
  type CreditOrderCreate,
  type CreditOrderItemInput,
} from '@vitrine/domain/recharge';
import { adminRechargeContactsContract } from '@vitrine/domain/recharge.contract';
import {
  Form,
  messageOf,
  readTexts,
  SaveFailure,
  SchemaField,
  textsOf,
  useSaveKeepingInput,
  useSchemaForm,
  type FieldSpec,
  type FormTexts,
} from '@/components/form/schema-form';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { attempt, guarded, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { pageCount } from '@/features/admin/api/use-paged-list';
import { ResourceSection } from '@/features/admin/components/resource-section';
import { RevealedSecret } from '@/features/admin/components/revealed-secret';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useCreditOrders, useFollowedCreditOrder, useRechargeContacts, useResendCreditOrder, useSendCreditOrder } from '../api/credit-orders';
import { useProvidersWithCosts } from '../api/providers';
import { useSaveStandardCosts, useStandardCosts } from '../api/standard-costs';

const WEBHOOK_URL_KEY = 'vitrine:webhook-pedidos';

const ITEM_FIELDS: FieldSpec[] = [
  // The active providers are offered as suggestions (the datalist); any name may still be typed.
  { key: 'provider', label: 'Provedor', kind: 'text', input: { list: 'item-provedores' } },
  { key: 'quantity', label: 'Quantidade', kind: 'number' },
  { key: 'unitCost', label: 'Custo unitário (R$)', kind: 'money' },
  { key: 'providerCode', label: 'Código do provedor', kind: 'text', optional: true },
  { key: 'userName', label: 'Usuário', kind: 'text', optional: true },
];
const NO_ITEM = {};

/** The order: its webhook, its contact and its items (added by the item form, listed in the table, never typed as text). */
const ORDER_FIELD = {
  webhookUrl: { key: 'webhookUrl', label: 'URL do webhook', kind: 'url', input: { placeholder: 'https://' } },
  contactId: { key: 'contactId', label: 'Contato', kind: 'select', options: [] },
  items: { key: 'items', label: 'Itens do pedido', kind: 'json' },
} satisfies Record<string, FieldSpec>;
const ORDER_FIELDS: FieldSpec[] = Object.values(ORDER_FIELD);

const readStoredUrl = () => {
  try {
    return window.localStorage.getItem(WEBHOOK_URL_KEY) ?? '';
  } catch {
    return '';
  }
};

/** What is missing, in the order's own words and in field order (the URL, the contact, the items), as a toast. */
const toastFirstError = (errors: FieldErrors) => {
  const message = ORDER_FIELDS.map((field) => messageOf(errors, field.key)).find(Boolean);
  if (message) notify.error(message);
};

export function NewRechargePanel() {
  const contacts = useRechargeContacts();
  const providers = useProvidersWithCosts();
  useLoadErrorToast(contacts.error, 'contatos');
  const itemForm = useSchemaForm({ fields: ITEM_FIELDS, schema: creditOrderItemInputSchema, initial: NO_ITEM });
  // The URL of the last order sent from this browser comes back filled in. What is missing is said when
  // the order is sent, not as a field is left.
  const orderForm = useSchemaForm({
    fields: ORDER_FIELDS,
    schema: creditOrderCreateSchema,
    initial: { webhookUrl: readStoredUrl(), items: [] },
    mode: 'onSubmit',
  });
  const orderTexts = useWatch({ control: orderForm.control }) as FormTexts;
  const items = (readTexts(ORDER_FIELDS, orderTexts).items ?? []) as CreditOrderItemInput[];
  const setItems = (next: CreditOrderItemInput[]) => orderForm.setValue('items', JSON.stringify(next), { shouldDirty: true });
  const sendOrder = useSendCreditOrder();
  const [following, setFollowing] = useState<string | null>(null);
  // The first order to a URL creates its endpoint: its signing secret is answered this once.
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  useFollowDelivery(following, () => setFollowing(null));
  const { totalCents } = creditOrderTotals(items);
  const activeContacts = (contacts.data ?? []).filter((contact) => contact.isActive);

  // An item added to the order empties the item's fields for the next one.
  const addItem = useSaveKeepingInput(
    itemForm,
    async (item): Promise<WriteOutcome> => {
      setItems([...items, item]);
      return { ok: true };
    },
    { onSaved: () => itemForm.reset(textsOf(ITEM_FIELDS, NO_ITEM)) },
  );

  const send = attempt(
    async (order: CreditOrderCreate) => {
      const sent = await sendOrder.mutateAsync(order);
      setFollowing(sent.id);
      if (sent.webhookSecret) setRevealed({ url: sent.webhookUrl, secret: sent.webhookSecret });
      try {
        window.localStorage.setItem(WEBHOOK_URL_KEY, order.webhookUrl);
      } catch {
        // The URL is only remembered for convenience.
      }
    },
    (error) => ({ title: CREDIT_ORDER_MESSAGES.sendFailed, description: error.message === CREDIT_ORDER_MESSAGES.sendFailed ? '' : error.message }),
  );
  // Sent, the items are emptied for the next order (the URL and the contact stay); a failed send keeps all.
  const { submit, failure, saving } = useSaveKeepingInput(orderForm, send, { onSaved: () => setItems([]), onInvalid: toastFirstError });

  return (
    <section className="space-y-4" aria-labelledby="nova-recarga-titulo">
      <div>
        <h2 id="nova-recarga-titulo" className="text-lg font-semibold">
          Nova recarga
        </h2>
        <p className="text-muted-foreground text-sm">Monte o pedido de créditos; o servidor envia ao webhook com assinatura e registra cada tentativa.</p>
      </div>
      <Form aria-label="Adicionar item" className="bg-card grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-5" onSubmit={addItem.submit}>
        {ITEM_FIELDS.map((field) => (
          <SchemaField key={field.key} form={itemForm} field={field} idPrefix="item" />
        ))}
        <datalist id="item-provedores">
          {(providers.data ?? [])
            .filter((provider) => provider.isActive)
            .map((provider) => (
              <option key={provider.id} value={provider.name} />
            ))}
        </datalist>
        <div className="sm:col-span-2 lg:col-span-5">
          <Button type="submit" variant="outline">
            <Plus className="size-4" aria-hidden /> Adicionar item
          </Button>
        </div>
      </Form>
      <Form className="space-y-4" onSubmit={submit}>
        {items.length > 0 && (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">Itens do pedido</caption>
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th className="p-2 font-medium">Provedor</th>
                  <th className="p-2 font-medium">Quantidade</th>
                  <th className="p-2 font-medium">Custo unitário</th>
                  <th className="p-2 font-medium">Total</th>
                  <th className="p-2 font-medium">Código</th>
                  <th className="p-2 font-medium">Usuário</th>
                  <th className="p-2">
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {creditOrderTotals(items).items.map((row, index) => (
                  <tr key={index} className="border-t">
                    <td className="p-2">{row.provider}</td>
                    <td className="p-2">{formatDecimal(row.quantity)}</td>
                    <td className="p-2">{formatBRL(row.unitCost)}</td>
                    <td className="p-2">{formatBRL(row.total)}</td>
                    <td className="p-2">{row.providerCode ?? '—'}</td>
                    <td className="p-2">{row.userName ?? '—'}</td>
                    <td className="p-2 text-right">
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => setItems(items.filter((_, at) => at !== index))}
                        aria-label={`Remover item ${row.provider}`}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t font-semibold">
                  <td className="p-2" colSpan={3}>
                    Total do pedido
                  </td>
                  <td className="p-2" colSpan={4} data-testid="total-pedido">
                    {formatBRL(fromCents(totalCents))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <SchemaField form={orderForm} field={ORDER_FIELD.webhookUrl} idPrefix="pedido" />
          <SchemaField
            form={orderForm}
            idPrefix="pedido"
            field={{
              ...ORDER_FIELD.contactId,
              options: activeContacts.map((contact) => ({ value: contact.id, label: contactLabel(contact) })),
              placeholder: contacts.isPending ? 'Carregando…' : 'Selecione um contato',
            }}
          />
        </div>
        <SaveFailure failure={failure} />
        <Button type="submit" disabled={saving}>
          <Send className="size-4" aria-hidden /> {saving ? 'Enviando…' : 'Enviar solicitação'}
        </Button>
      </Form>
      <ContactsSection />
      <RevealedSecret revealed={revealed} title="Segredo de assinatura do novo destino" onClose={() => setRevealed(null)} />
    </section>
  );
}

/**
 * Follows a just-sent order until its delivery settles: 'Falha ao enviar a solicitação…' when the
 * receiver never accepted it (every attempt failed), a confirmation when it arrived.
 */
function useFollowDelivery(orderId: string | null, done: () => void) {
  const order = useFollowedCreditOrder(orderId);
  const status = order.data?.delivery?.status;
  useEffect(() => {
    if (!orderId || !status) return;
    if (status === 'failed') {
      notify.error(CREDIT_ORDER_MESSAGES.sendFailed, order.data?.delivery?.lastError ?? undefined);
      done();
    } else if (status === 'delivered') {
      notify.success('Pedido entregue', 'O webhook confirmou o recebimento.');
      done();
    }
  }, [orderId, status]); // eslint-disable-line react-hooks/exhaustive-deps
}

function ContactsSection() {
  return (
    <ResourceSection
      id="contatos-recarga"
      title="Contatos"
      description="Para quem os pedidos de créditos são enviados."
      contract={adminRechargeContactsContract}
      table="recharge_contacts"
      label="contatos"
      newLabel="Novo contato"
      defaultSort="name"
      nameOf={(row) => String(row.name)}
      createSchema={rechargeContactCreateSchema}
      defaults={{ isActive: true }}
      columns={[
        { key: 'name', header: 'Nome', sort: 'name', cell: (row) => <span className="font-medium">{String(row.name)}</span> },
        { key: 'phone', header: 'Telefone', cell: (row) => String(row.phone ?? '—') },
        {
          key: 'isActive',
          header: 'Status',
          cell: (row) => <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>,
        },
      ]}
      fields={[
        { key: 'name', label: 'Nome', kind: 'text' },
        { key: 'phone', label: 'Telefone', kind: 'text', nullable: true },
        { key: 'isActive', label: 'Ativo', kind: 'boolean' },
        { key: 'notes', label: 'Observações', kind: 'textarea', nullable: true },
      ]}
    />
  );
}

const STATUS_VARIANT: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  delivered: 'default',
  failed: 'destructive',
  pending: 'secondary',
  delivering: 'secondary',
};

export function RechargeOrdersPanel() {
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const orders = useCreditOrders(page, pageSize);
  useLoadErrorToast(orders.error, 'pedidos');
  const resend = useResendCreditOrder();
  const resendGuarded = guarded((id: string) => resend.mutateAsync(id));
  const items = orders.data?.items ?? [];

  return (
    <section className="space-y-4" aria-labelledby="pedidos-recarga-titulo">
      <div>
        <h2 id="pedidos-recarga-titulo" className="text-lg font-semibold">
          Pedidos de recarga
        </h2>
        <p className="text-muted-foreground text-sm">Cada pedido com seus itens, total, contato e a situação da entrega ao webhook.</p>
      </div>
      {orders.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : orders.isError && items.length === 0 ? (
        <LoadFailed what="os pedidos" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum pedido enviado ainda.</p>
      ) : (
        <ul className="space-y-3" aria-label="Pedidos enviados">
          {items.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              onResend={() => void resendGuarded(order.id)}
              resending={resend.isPending && resend.variables === order.id}
            />
          ))}
        </ul>
      )}
      {pageCount(orders.data?.total, pageSize) > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span>
            Página {page} de {pageCount(orders.data?.total, pageSize)}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pageCount(orders.data?.total, pageSize)} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </div>
      )}
    </section>
  );
}

function OrderCard({ order, onResend, resending }: { order: CreditOrder; onResend: () => void; resending: boolean }) {
  const delivery = order.delivery;
  const finished = delivery && (delivery.status === 'delivered' || delivery.status === 'failed');
  return (
    <li className="bg-card space-y-2 rounded-lg border p-4" aria-label={`Pedido de ${formatDateTime(order.createdAt)}`} data-testid="pedido-recarga">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{order.contact}</p>
          <p className="text-muted-foreground text-xs break-all">
            {formatDateTime(order.createdAt)} · {order.webhookUrl}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {delivery && (
            <Badge variant={STATUS_VARIANT[delivery.status]} data-testid="situacao-entrega">
              {DELIVERY_STATUS_LABELS[delivery.status]}
            </Badge>
          )}
          <span className="font-bold">{formatBRL(order.total)}</span>
        </div>
      </div>
      <ul className="text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="break-words">
            {item.provider}: {formatDecimal(item.quantity)} × {formatBRL(item.unitCost)} = {formatBRL(item.total)}
            {item.providerCode ? ` · código ${item.providerCode}` : ''}
            {item.userName ? ` · usuário ${item.userName}` : ''}
          </li>
        ))}
      </ul>
      {delivery?.status === 'failed' && (
        <p role="alert" className="text-destructive text-sm">
          {CREDIT_ORDER_MESSAGES.sendFailed}
        </p>
      )}
      {delivery && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 text-xs">
          <span className="text-muted-foreground" data-testid="tentativas">
            {delivery.attempts === 1 ? '1 tentativa' : `${delivery.attempts} tentativas`}
            {delivery.lastStatusCode ? ` · última resposta HTTP ${delivery.lastStatusCode}` : ''}
            {delivery.lastError ? ` · ${delivery.lastError}` : ''}
          </span>
          <Button variant="outline" size="sm" disabled={!finished || resending} onClick={onResend}>
            <RotateCw className="size-4" aria-hidden /> Reenviar
          </Button>
        </div>
      )}
    </li>
  );
}

/** Standard costs (credit, supplier, provider), saved in the site configuration, clamped on the server. */
export function StandardCostsEditor() {
  const costs = useStandardCosts();
  useLoadErrorToast(costs.error ? new Error('Erro ao carregar custos padronizados') : null, 'custos padronizados');
  const save = useSaveStandardCosts();
  const saveGuarded = attempt(save.mutateAsync, (error) => ({ title: 'Erro ao salvar custos padronizados', description: error.message }));
  return (
    <section className="space-y-3" aria-labelledby="custos-padrao-titulo">
      <div>
        <h2 id="custos-padrao-titulo" className="text-lg font-semibold">
          Custos padronizados
        </h2>
        <p className="text-muted-foreground text-sm">
          Valores de {formatBRL(STANDARD_COST_LIMITS.min)} a {formatBRL(STANDARD_COST_LIMITS.max)}; fora disso são ajustados ao limite.
        </p>
      </div>
      {!costs.data ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        // Keyed by the stored values: a save shows them back as stored (clamped to the limits).
        <StandardCostsForm key={JSON.stringify(costs.data)} initial={costs.data} pending={save.isPending} onSave={saveGuarded} />
      )}
    </section>
  );
}

const STANDARD_COST_FIELDS: FieldSpec[] = [
  { key: 'creditCost', label: 'Custo do crédito (R$)', kind: 'money' },
  { key: 'supplierCost', label: 'Custo do fornecedor (R$)', kind: 'money' },
  { key: 'providerCost', label: 'Custo do provedor (R$)', kind: 'money' },
];

/** A field left empty is refused too: the saved schema would clamp it to zero. */
const standardCost = z.number({ error: 'Informe um valor numérico' });
const standardCostsInput = z
  .object({ creditCost: standardCost, supplierCost: standardCost, providerCost: standardCost })
  .transform((costs) => standardCostsSchema.parse(costs));

/** Text that is no number is said under its field, never saved as zero. */
function StandardCostsForm({ initial, pending, onSave }: { initial: StandardCosts; pending: boolean; onSave: (body: StandardCosts) => Promise<WriteOutcome> }) {
  const form = useSchemaForm({ fields: STANDARD_COST_FIELDS, schema: standardCostsInput, initial });
  const { submit, failure } = useSaveKeepingInput(form, onSave);
  return (
    <Form aria-label="Custos padronizados" className="flex flex-wrap items-start gap-3" onSubmit={submit}>
      {STANDARD_COST_FIELDS.map((field) => (
        <SchemaField key={field.key} form={form} field={field} idPrefix="custo" className="w-40" />
      ))}
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={pending}>
        Salvar custos
      </Button>
      <SaveFailure failure={failure} className="basis-full" />
    </Form>
  );
}
