// Webhooks: the delivery log with filters and re-send, and the endpoints with their secret shown once when
// created or rotated.
import { RefreshCw, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryLog } from '@vitrine/domain/admin';
import { formatDateTime } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { guarded } from '@/features/admin/api/use-admin-table';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { RevealedSecret } from '@/features/admin/components/revealed-secret';
import { queryTableProps } from '@/features/admin/components/table-props';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

const STATUS_LABELS: Record<WebhookDeliveryLog['status'], string> = { pending: 'Na fila', delivering: 'Enviando', delivered: 'Entregue', failed: 'Falhou' };
const SOURCE_LABELS: Record<string, string> = { shortcut: 'Atalho', credit_order: 'Pedido de créditos', test: 'Teste', payment: 'Pagamento' };

export function WebhooksSection() {
  return (
    <section className="space-y-4" aria-labelledby="webhooks-titulo">
      <h2 id="webhooks-titulo" className="text-lg font-semibold">
        Webhooks
      </h2>
      <Tabs defaultValue="entregas">
        <TabsList>
          <TabsTrigger value="entregas">Entregas</TabsTrigger>
          <TabsTrigger value="destinos">Destinos e segredos</TabsTrigger>
        </TabsList>
        <TabsContent value="entregas">
          <Deliveries />
        </TabsContent>
        <TabsContent value="destinos">
          <Endpoints />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function Deliveries() {
  const list = usePagedList();
  const [status, setStatus] = useState<WebhookDeliveryLog['status'] | 'todos'>('todos');
  const query = useWebhookDeliveries({ page: list.page, pageSize: list.pageSize, search: list.search, status: status === 'todos' ? undefined : status });
  useLoadErrorToast(query.error, 'webhooks');
  const resendDelivery = useResendWebhookDelivery();
  const resend = guarded(async (delivery: WebhookDeliveryLog) => {
    try {
      await resendDelivery.mutateAsync(delivery.id);
      notify.success('Reenvio na fila', `A entrega para ${delivery.url} será enviada de novo.`);
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    }
  });
  const columns: AdminColumn<WebhookDeliveryLog>[] = [
    { key: 'createdAt', header: 'Data', cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'endpoint',
      header: 'Destino e evento',
      cell: (row) => (
        <span className="grid">
          <span className="max-w-72 truncate" title={row.url}>
            {row.url}
          </span>
          <span className="text-muted-foreground text-xs">
            {row.event} · {SOURCE_LABELS[row.source] ?? row.source}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <Badge variant={row.status === 'failed' ? 'destructive' : row.status === 'delivered' ? 'default' : 'secondary'}>{STATUS_LABELS[row.status]}</Badge>
      ),
    },
    {
      key: 'attempts',
      header: 'Tentativas',
      cell: (row) => (
        <span title={row.attempts.map((attempt) => `#${attempt.attempt}: ${attempt.statusCode ?? attempt.error ?? '—'}`).join('\n')}>
          {row.attempts.length}
        </span>
      ),
    },
    {
      key: 'code',
      header: 'Resposta',
      cell: (row) => row.lastStatusCode ?? (row.lastError ? <span className="text-destructive text-xs">{row.lastError}</span> : '—'),
    },
    { key: 'duration', header: 'Duração', cell: (row) => (row.durationMs === null ? '—' : `${row.durationMs} ms`) },
  ];
  return (
    <div className="pt-2">
      <AdminDataTable
        caption="Entregas de webhooks"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Buscar por destino, evento ou id"
        emptyText="Nenhuma entrega."
        onSearch={list.setSearch}
        toolbar={
          <Select
            value={status}
            onValueChange={(value) => {
              setStatus(value as typeof status);
              list.setPage(1);
            }}
          >
            <SelectTrigger className="w-40" aria-label="Filtrar por status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="todos">Todos os status</SelectItem>
              {WEBHOOK_DELIVERY_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        }
        actions={(row) =>
          row.status === 'failed' || row.status === 'delivered' ? (
            <Button variant="outline" size="sm" onClick={() => void resend(row)} aria-label={`Reenviar entrega para ${row.url}`}>
              <RefreshCw className="size-4" aria-hidden /> Reenviar
            </Button>
          ) : null
        }
      />
    </div>
  );
}

function Endpoints() {
  const list = usePagedList();
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  const query = useWebhookEndpoints({ page: list.page, pageSize: list.pageSize });
  const rotateSecret = useRotateWebhookSecret();
  const rotate = guarded(async (id: string) => {
    try {
      const result = await rotateSecret.mutateAsync(id);
      setRevealed({ url: result.url, secret: result.secret });
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    }
  });
  type Endpoint = NonNullable<typeof query.data>['items'][number];
  const columns: AdminColumn<Endpoint>[] = [
    { key: 'url', header: 'Destino', cell: (row) => <span className="break-all">{row.url}</span> },
    { key: 'secret', header: 'Segredo', cell: (row) => <code className="text-xs">{row.secretHint}</code> },
    { key: 'deliveries', header: 'Entregas', cell: (row) => formatDecimal(row.deliveries) },
  ];
  return (
    <div className="pt-2">
      <AdminDataTable
        caption="Destinos de webhooks"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Filtrar"
        emptyText="Nenhum destino ainda: eles surgem na primeira entrega."
        onSearch={() => undefined}
        actions={(row) => (
          <Button variant="outline" size="sm" onClick={() => void rotate(row.id)} aria-label={`Gerar novo segredo para ${row.url}`}>
            <RotateCw className="size-4" aria-hidden /> Novo segredo
          </Button>
        )}
      />
      <RevealedSecret revealed={revealed} title="Novo segredo de assinatura" onClose={() => setRevealed(null)} />
    </div>
  );
}
