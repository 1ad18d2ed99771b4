// The assistant's conversations, read-only.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { queryTableProps } from '@/features/admin/components/table-props';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useAdminConversation } from '../api/get-admin-conversation';
import { useAdminConversations } from '../api/get-admin-conversations';

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
  const query = useAdminConversations({ page: list.page, pageSize: list.pageSize });
  useLoadErrorToast(query.error, 'conversas');
  const detail = useAdminConversation(open);
  type Summary = NonNullable<typeof query.data>['items'][number];
  const columns: AdminColumn<Summary>[] = [
    { key: 'updatedAt', header: 'Última atividade', cell: (row) => formatDateTime(row.updatedAt) },
    { key: 'lastMessage', header: 'Última mensagem', cell: (row) => <span className="line-clamp-2 max-w-96">{row.lastMessage ?? '—'}</span> },
    { key: 'messageCount', header: 'Mensagens', cell: (row) => formatDecimal(row.messageCount) },
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
