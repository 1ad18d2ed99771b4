// Webhooks (the delivery log with filters and re-send; endpoints with their secret shown once when
// rotated), the contact inbox with read/unread, and the chat's conversations (read-only).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, MailOpen, RefreshCw, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryLog } from '@vitrine/domain/admin';
import { adminContract } from '@vitrine/domain/admin.contract';
import { chatContract } from '@vitrine/domain/chat.contract';
import type { AdminContactMessage } from '@vitrine/domain/content-admin';
import { adminContentContract } from '@vitrine/domain/content-admin.contract';
import { formatDateTime } from '@vitrine/domain/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { guarded } from '@/features/admin/api/use-admin-table';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { RevealedSecret } from '@/features/admin/components/revealed-secret';
import { queryTableProps } from '@/features/admin/components/table-props';
import { callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';

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
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['webhook_deliveries', 'admin', list.page, list.pageSize, list.search, status],
    queryFn: ({ signal }) =>
      callEndpoint(
        adminContract.webhookDeliveries,
        { query: { page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: status === 'todos' ? undefined : status } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(query.error, 'webhooks');
  const resend = guarded(async (delivery: WebhookDeliveryLog) => {
    try {
      await callEndpoint(adminContract.resendWebhookDelivery, { params: { id: delivery.id } });
      notify.success('Reenvio na fila', `A entrega para ${delivery.url} será enviada de novo.`);
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['webhook_deliveries'] });
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
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  const query = useQuery({
    queryKey: ['webhook_endpoints', 'admin', list.page, list.pageSize],
    queryFn: ({ signal }) => callEndpoint(adminContract.webhookEndpoints, { query: { page: list.page, pageSize: list.pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const rotate = guarded(async (id: string) => {
    try {
      const result = await callEndpoint(adminContract.rotateWebhookSecret, { params: { id } });
      setRevealed({ url: result.url, secret: result.secret });
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['webhook_endpoints'] });
  });
  type Endpoint = NonNullable<typeof query.data>['items'][number];
  const columns: AdminColumn<Endpoint>[] = [
    { key: 'url', header: 'Destino', cell: (row) => <span className="break-all">{row.url}</span> },
    { key: 'secret', header: 'Segredo', cell: (row) => <code className="text-xs">{row.secretHint}</code> },
    { key: 'deliveries', header: 'Entregas', cell: (row) => row.deliveries },
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

export function ContactMessagesSection() {
  const list = usePagedList();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [open, setOpen] = useState<AdminContactMessage | null>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['contact_messages', 'admin', list.page, list.pageSize, list.search, unreadOnly],
    queryFn: ({ signal }) =>
      callEndpoint(
        adminContentContract.listContactMessages,
        { query: { page: list.page, pageSize: list.pageSize, search: list.search || undefined, unread: unreadOnly ? 'true' : undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(query.error, 'mensagens de contato');
  const mark = guarded(async (message: AdminContactMessage, read: boolean) => {
    try {
      await callEndpoint(adminContentContract.markContactMessage, { params: { id: message.id }, body: { read } });
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['contact_messages'] });
  });
  const columns: AdminColumn<AdminContactMessage>[] = [
    { key: 'createdAt', header: 'Recebida', cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'from',
      header: 'De',
      cell: (row) => (
        <span className="grid">
          <span className={row.readAt ? '' : 'font-semibold'}>{row.name}</span>
          <span className="text-muted-foreground text-xs break-all">{row.email}</span>
        </span>
      ),
    },
    { key: 'subject', header: 'Assunto', cell: (row) => <span className={row.readAt ? '' : 'font-semibold'}>{row.subject}</span> },
    { key: 'state', header: 'Status', cell: (row) => <Badge variant={row.readAt ? 'outline' : 'default'}>{row.readAt ? 'Lida' : 'Não lida'}</Badge> },
  ];
  return (
    <section className="space-y-4" aria-labelledby="contato-titulo">
      <h2 id="contato-titulo" className="text-lg font-semibold">
        Mensagens de Contato
      </h2>
      <AdminDataTable
        caption="Mensagens de contato"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Buscar por nome, e-mail ou texto"
        emptyText="Nenhuma mensagem."
        onSearch={list.setSearch}
        toolbar={
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={unreadOnly}
              onChange={(event) => {
                setUnreadOnly(event.target.checked);
                list.setPage(1);
              }}
            />
            Só não lidas
          </label>
        }
        actions={(row) => (
          <span className="inline-flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setOpen(row);
                if (!row.readAt) void mark(row, true);
              }}
              aria-label={`Abrir mensagem de ${row.name}`}
            >
              <MailOpen className="size-4" aria-hidden />
            </Button>
            {row.readAt && (
              <Button variant="ghost" size="sm" onClick={() => void mark(row, false)} aria-label={`Marcar mensagem de ${row.name} como não lida`}>
                <Mail className="size-4" aria-hidden />
              </Button>
            )}
          </span>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{open?.subject}</DialogTitle>
            <DialogDescription>
              {open?.name} &lt;{open?.email}&gt; · {open ? formatDateTime(open.createdAt) : ''}
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm whitespace-pre-wrap">{open?.message}</p>
          <DialogFooter>
            <Button asChild variant="outline">
              <a href={`mailto:${open?.email ?? ''}?subject=${encodeURIComponent(`Re: ${open?.subject ?? ''}`)}`}>Responder por e-mail</a>
            </Button>
            <Button onClick={() => setOpen(null)}>Fechar</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

export function ConversationsSection() {
  const list = usePagedList();
  // ?conversa=<id> opens that conversation (Pagamentos links to it).
  const [params, setParams] = useSearchParams();
  const linked = params.get('conversa');
  const [open, setOpenState] = useState<string | null>(linked && /^[0-9a-f-]{36}$/i.test(linked) ? linked : null);
  const setOpen = (id: string | null) => {
    setOpenState(id);
    if (id === null && params.has('conversa')) setParams({}, { replace: true });
  };
  const query = useQuery({
    queryKey: ['chat_conversations', 'admin', list.page, list.pageSize],
    queryFn: ({ signal }) => callEndpoint(chatContract.listConversations, { query: { page: list.page, pageSize: list.pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(query.error, 'conversas');
  const detail = useQuery({
    queryKey: ['chat_messages', 'admin', open],
    queryFn: ({ signal }) => callEndpoint(chatContract.getAdminConversation, { params: { id: open! } }, { signal }),
    enabled: open !== null,
  });
  type Summary = NonNullable<typeof query.data>['items'][number];
  const columns: AdminColumn<Summary>[] = [
    { key: 'updatedAt', header: 'Última atividade', cell: (row) => formatDateTime(row.updatedAt) },
    { key: 'lastMessage', header: 'Última mensagem', cell: (row) => <span className="line-clamp-2 max-w-96">{row.lastMessage ?? '—'}</span> },
    { key: 'messageCount', header: 'Mensagens', cell: (row) => row.messageCount },
    {
      key: 'flags',
      header: 'Pedidos',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.openHandoffs > 0 && <Badge variant="destructive">Atendente ({row.openHandoffs})</Badge>}
          {row.paymentIntents > 0 && <Badge variant="secondary">PIX ({row.paymentIntents})</Badge>}
        </span>
      ),
    },
  ];
  return (
    <section className="space-y-4" aria-labelledby="conversas-titulo">
      <h2 id="conversas-titulo" className="text-lg font-semibold">
        Conversas do Chat
      </h2>
      <AdminDataTable
        caption="Conversas do assistente"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Filtrar"
        emptyText="Nenhuma conversa ainda."
        onSearch={() => undefined}
        actions={(row) => (
          <Button variant="outline" size="sm" onClick={() => setOpen(row.id)}>
            Ver
          </Button>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Conversa</DialogTitle>
            <DialogDescription>Somente leitura: mensagens, avaliações, pedidos de atendente e PIX oferecidos.</DialogDescription>
          </DialogHeader>
          {detail.data ? (
            <div className="space-y-3 text-sm">
              <ol className="space-y-2">
                {detail.data.messages.map((message) => (
                  <li key={message.id} className={`rounded-lg p-2 ${message.type === 'user' ? 'bg-primary/10 ml-8' : 'bg-muted mr-8'}`}>
                    <p className="whitespace-pre-wrap">{message.content}</p>
                    <p className="text-muted-foreground mt-1 text-xs">
                      {formatDateTime(message.createdAt)}
                      {message.feedback && ` · ${message.feedback === 'positive' ? '👍 útil' : '👎 não útil'}`}
                    </p>
                  </li>
                ))}
              </ol>
              {detail.data.handoffs.length > 0 && (
                <p>
                  <strong>Pedidos de atendente:</strong> {detail.data.handoffs.map((handoff) => handoff.request).join(' · ')}
                </p>
              )}
              {detail.data.paymentIntents.length > 0 && (
                <p>
                  <strong>PIX oferecidos:</strong>{' '}
                  {detail.data.paymentIntents.map((intent) => `${intent.itemName} (${intent.amount.toFixed(2).replace('.', ',')})`).join(' · ')}
                </p>
              )}
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">Carregando...</p>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
