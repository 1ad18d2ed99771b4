// Credit purchase orders: a new order (items, the webhook URL, a contact from the admin's list),
// sent by the server through the signed webhook queue, and the stored orders with their delivery
// status, attempts and re-send. Also the contacts list and the standard costs editor.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, RotateCw, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { formatBRL, formatDateTime, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { STANDARD_COST_LIMITS, standardCostsSchema, type StandardCosts } from '@vitrine/domain/pricing/standard-costs';
import {
  contactLabel,
  CREDIT_ORDER_MESSAGES,
  creditOrderItemInputSchema,
  creditOrderTotals,
  DELIVERY_STATUS_LABELS,
  rechargeContactCreateSchema,
  type CreditOrder,
  type CreditOrderItemInput,
  type RechargeContact,
} from '@vitrine/domain/recharge';
import { adminCreditOrdersContract, adminPricingContract, adminRechargeContactsContract } from '@vitrine/domain/recharge.contract';
import { SaveFailure, SchemaField, textsOf, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { attempt, guarded, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { pageCount } from '@/features/admin/api/use-paged-list';
import { ResourceSection } from '@/features/admin/components/resource-section';
import { RevealedSecret } from '@/features/admin/components/revealed-secret';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useProvidersWithCosts } from '@/lib/use-providers-with-costs';

const WEBHOOK_URL_KEY = 'vitrine:webhook-pedidos';

function useContacts() {
  return useQuery({
    queryKey: ['recharge_contacts', 'options'],
    queryFn: ({ signal }) =>
      callEndpoint(adminRechargeContactsContract.list, { query: { pageSize: 100, sort: 'name' } }, { signal }).then((page) => page.items as RechargeContact[]),
    staleTime: CACHE_TTL.default,
  });
}

const ITEM_FIELDS: FieldSpec[] = [
  // The active providers are offered as suggestions (the datalist); any name may still be typed.
  { key: 'provider', label: 'Provedor', kind: 'text', input: { list: 'item-provedores' } },
  { key: 'quantity', label: 'Quantidade', kind: 'number' },
  { key: 'unitCost', label: 'Custo unitário (R$)', kind: 'money' },
  { key: 'providerCode', label: 'Código do provedor', kind: 'text', optional: true },
  { key: 'userName', label: 'Usuário', kind: 'text', optional: true },
];
const NO_ITEM = {};

const readStoredUrl = () => {
  try {
    return window.localStorage.getItem(WEBHOOK_URL_KEY) ?? '';
  } catch {
    return '';
  }
};

export function NewRechargePanel() {
  const queryClient = useQueryClient();
  const contacts = useContacts();
  const providers = useProvidersWithCosts();
  useLoadErrorToast(contacts.error, 'contatos');
  const [items, setItems] = useState<CreditOrderItemInput[]>([]);
  const itemForm = useSchemaForm({ fields: ITEM_FIELDS, schema: creditOrderItemInputSchema, initial: NO_ITEM });
  const [webhookUrl, setWebhookUrl] = useState(readStoredUrl);
  const [contactId, setContactId] = useState('');
  const [sending, setSending] = useState(false);
  const [following, setFollowing] = useState<string | null>(null);
  // The first order to a URL creates its endpoint: its signing secret is answered this once.
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  useFollowDelivery(following, () => setFollowing(null));
  const { totalCents } = creditOrderTotals(items);
  const activeContacts = (contacts.data ?? []).filter((contact) => contact.isActive);

  const addItem = (item: CreditOrderItemInput) => {
    setItems((current) => [...current, item]);
    itemForm.reset(textsOf(ITEM_FIELDS, NO_ITEM));
  };

  const send = guarded(async () => {
    if (webhookUrl.trim() === '') return notify.error(CREDIT_ORDER_MESSAGES.webhookRequired);
    if (contactId === '') return notify.error(CREDIT_ORDER_MESSAGES.contactRequired);
    if (items.length === 0) return notify.error(CREDIT_ORDER_MESSAGES.itemsRequired);
    setSending(true);
    try {
      const order = await callEndpoint(adminCreditOrdersContract.create, { body: { webhookUrl: webhookUrl.trim(), contactId, items } });
      setFollowing(order.id);
      if (order.webhookSecret) setRevealed({ url: order.webhookUrl, secret: order.webhookSecret });
      notify.success(CREDIT_ORDER_MESSAGES.sent, 'O pedido está na fila de envio; acompanhe a entrega em Pedidos de recarga.');
      try {
        window.localStorage.setItem(WEBHOOK_URL_KEY, webhookUrl.trim());
      } catch {
        // The URL is only remembered for convenience.
      }
      setItems([]);
    } catch (error) {
      notify.error(CREDIT_ORDER_MESSAGES.sendFailed, (error as Error).message === CREDIT_ORDER_MESSAGES.sendFailed ? undefined : (error as Error).message);
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: ['credit_orders'] });
    }
  });

  return (
    <section className="space-y-4" aria-labelledby="nova-recarga-titulo">
      <div>
        <h2 id="nova-recarga-titulo" className="text-lg font-semibold">
          Nova recarga
        </h2>
        <p className="text-muted-foreground text-sm">Monte o pedido de créditos; o servidor envia ao webhook com assinatura e registra cada tentativa.</p>
      </div>
      <form
        noValidate
        aria-label="Adicionar item"
        className="bg-card grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={itemForm.handleSubmit(addItem)}
      >
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
      </form>
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
                      variant="ghost"
                      size="sm"
                      onClick={() => setItems((current) => current.filter((_, at) => at !== index))}
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
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="pedido-webhook">URL do webhook</Label>
          <Input id="pedido-webhook" type="url" placeholder="https://" value={webhookUrl} onChange={(event) => setWebhookUrl(event.target.value)} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="pedido-contato">Contato</Label>
          <Select value={contactId} onValueChange={setContactId}>
            <SelectTrigger id="pedido-contato" className="w-full">
              <SelectValue placeholder={contacts.isPending ? 'Carregando…' : 'Selecione um contato'} />
            </SelectTrigger>
            <SelectContent>
              {activeContacts.map((contact) => (
                <SelectItem key={contact.id} value={contact.id}>
                  {contactLabel(contact)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <Button onClick={() => void send()} disabled={sending}>
        <Send className="size-4" aria-hidden /> {sending ? 'Enviando…' : 'Enviar solicitação'}
      </Button>
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
  const order = useQuery({
    queryKey: ['credit_orders', 'following', orderId],
    queryFn: ({ signal }) =>
      callEndpoint(adminCreditOrdersContract.list, { query: { page: 1, pageSize: 20 } }, { signal }).then(
        (page) => page.items.find((item) => item.id === orderId) ?? null,
      ),
    enabled: orderId !== null,
    refetchInterval: 2_000,
  });
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
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const orders = useQuery({
    queryKey: ['credit_orders', 'admin', page],
    queryFn: ({ signal }) => callEndpoint(adminCreditOrdersContract.list, { query: { page, pageSize } }, { signal }),
    staleTime: CACHE_TTL.short,
    placeholderData: keepPreviousData,
    // A delivery still being tried is followed until it settles.
    refetchInterval: (query) =>
      query.state.data?.items.some((order) => order.delivery && ['pending', 'delivering'].includes(order.delivery.status)) ? 2_000 : false,
  });
  useLoadErrorToast(orders.error, 'pedidos');
  const resend = useMutation({
    mutationFn: (id: string) => callEndpoint(adminCreditOrdersContract.resend, { params: { id } }),
    onSuccess: () => notify.success('Pedido reenviado', 'Novas tentativas de entrega foram agendadas.'),
    onError: (error) => notify.error('Não foi possível reenviar', error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['credit_orders'] }),
  });
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
  const queryClient = useQueryClient();
  const costs = useQuery({
    queryKey: ['site_configurations', 'standard-costs'],
    queryFn: ({ signal }) => callEndpoint(adminPricingContract.standardCosts, {}, { signal }),
    staleTime: CACHE_TTL.default,
  });
  useLoadErrorToast(costs.error ? new Error('Erro ao carregar custos padronizados') : null, 'custos padronizados');
  const save = useMutation({
    mutationFn: (body: StandardCosts) => callEndpoint(adminPricingContract.saveStandardCosts, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['site_configurations', 'standard-costs'], saved);
      notify.success('Custos padronizados salvos');
    },
    onError: () => notify.error('Erro ao salvar custos padronizados'),
  });
  const saveGuarded = attempt(
    (body: StandardCosts) => save.mutateAsync(body),
    (error) => ({ title: 'Erro ao salvar custos padronizados', description: error.message }),
  );
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
    <form noValidate aria-label="Custos padronizados" className="flex flex-wrap items-start gap-3" onSubmit={submit}>
      {STANDARD_COST_FIELDS.map((field) => (
        <SchemaField key={field.key} form={form} field={field} idPrefix="custo" className="w-40" />
      ))}
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={pending}>
        Salvar custos
      </Button>
      <SaveFailure failure={failure} className="basis-full" />
    </form>
  );
}
