// Pagamentos: every PIX a conversation offered, with its status, amount, what was bought, the
// conversation, the end-to-end id and its times; 'Marcar como recebido' by hand (audited) where the PSP
// did not confirm it. The list refreshes itself when a payment changes (the change events).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatBRL, formatDateTime } from '@vitrine/domain/money';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type AdminPayment, type PaymentStatus } from '@vitrine/domain/payments';
import { adminPaymentsContract } from '@vitrine/domain/payments.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { guarded } from '@/features/admin/api/use-admin-table';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { queryTableProps } from '@/features/admin/components/table-props';
import { callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';

const STATUS_VARIANT: Record<PaymentStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  paid: 'default',
  created: 'secondary',
  expired: 'outline',
  cancelled: 'destructive',
};

const ALL = 'todos';

export function PaymentsSection() {
  const list = usePagedList();
  const [status, setStatus] = useState<PaymentStatus | typeof ALL>(ALL);
  const [marking, setMarking] = useState<AdminPayment | null>(null);
  const [endToEndId, setEndToEndId] = useState('');
  const queryClient = useQueryClient();
  const filter = status === ALL ? undefined : status;
  const query = useQuery({
    queryKey: ['payments', 'admin', list.page, list.pageSize, list.search, filter],
    queryFn: ({ signal }) =>
      callEndpoint(
        adminPaymentsContract.list,
        { query: { page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: filter } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(query.error, 'pagamentos');
  const summary = useQuery({
    queryKey: ['payments', 'admin', 'summary'],
    queryFn: ({ signal }) => callEndpoint(adminPaymentsContract.summary, {}, { signal }),
  });

  const confirm = guarded(async () => {
    if (!marking) return;
    try {
      await callEndpoint(adminPaymentsContract.markReceived, { params: { id: marking.id }, body: { endToEndId: endToEndId.trim() || undefined } });
      notify.success('Pagamento recebido', `${marking.itemName}: ${formatBRL(marking.amount)} marcado como recebido.`);
      setMarking(null);
      setEndToEndId('');
    } catch (error) {
      notify.error('Não foi possível marcar', (error as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['payments'] });
  });

  const columns: AdminColumn<AdminPayment>[] = [
    { key: 'createdAt', header: 'Criado', cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'status',
      header: 'Situação',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={STATUS_VARIANT[row.status]}>{PAYMENT_STATUS_LABELS[row.status]}</Badge>
          {row.manual && <Badge variant="outline">Manual</Badge>}
        </span>
      ),
    },
    { key: 'amount', header: 'Valor', cell: (row) => <span className="whitespace-nowrap tabular-nums">{formatBRL(row.amount)}</span> },
    { key: 'itemName', header: 'Compra', cell: (row) => <span className="line-clamp-2 max-w-72">{row.itemName}</span> },
    {
      key: 'conversation',
      header: 'Conversa',
      cell: (row) =>
        row.conversationId ? (
          <Link className="text-primary underline-offset-4 hover:underline" to={`/admin/conversations?conversa=${row.conversationId}`}>
            Ver conversa
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'endToEndId', header: 'E2E', cell: (row) => <span className="font-mono text-xs break-all">{row.endToEndId ?? '—'}</span> },
    {
      key: 'times',
      header: 'Pago / expira',
      cell: (row) =>
        row.paidAt
          ? `Pago ${formatDateTime(row.paidAt)}`
          : row.expiresAt
            ? `Expira ${formatDateTime(row.expiresAt)}`
            : row.provider === 'static'
              ? 'Código estático'
              : '—',
    },
  ];

  return (
    <section className="space-y-4" aria-labelledby="pagamentos-titulo">
      <h2 id="pagamentos-titulo" className="text-lg font-semibold">
        Pagamentos
      </h2>
      <p className="text-muted-foreground text-sm">
        {summary.data
          ? `${formatBRL(summary.data.paidTotal)} recebidos em ${summary.data.paidCount.toLocaleString('pt-BR')} ${summary.data.paidCount === 1 ? 'pagamento' : 'pagamentos'} · ${summary.data.pendingCount.toLocaleString('pt-BR')} aguardando. ${
              summary.data.pspConfigured
                ? 'O PSP confirma os pagamentos sozinho; marque à mão só um PIX que ele não avisou.'
                : 'Sem PSP configurado: confira o extrato e marque cada pagamento recebido.'
            }`
          : '\u00a0'}
      </p>
      <AdminDataTable
        caption="Pagamentos"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Buscar pagamento"
        emptyText="Nenhum pagamento ainda."
        onSearch={list.setSearch}
        toolbar={
          <Select
            value={status}
            onValueChange={(value) => {
              setStatus(value as PaymentStatus | typeof ALL);
              list.setPage(1);
            }}
          >
            <SelectTrigger className="w-48" aria-label="Situação">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todas as situações</SelectItem>
              {PAYMENT_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {PAYMENT_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        }
        actions={(row) =>
          row.status === 'paid' || row.status === 'cancelled' ? null : (
            <Button variant="outline" size="sm" onClick={() => setMarking(row)}>
              <CheckCircle2 className="size-4" aria-hidden /> Marcar como recebido
            </Button>
          )
        }
      />
      <Dialog open={marking !== null} onOpenChange={(next) => !next && setMarking(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Marcar como recebido</DialogTitle>
            <DialogDescription>
              {marking &&
                `${marking.itemName}: ${formatBRL(marking.amount)}. Confira no extrato antes: a marcação fica registrada na auditoria e avisa o webhook de pagamentos.`}
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="pagamento-e2e">Identificador do PIX (E2E), opcional</Label>
            <Input id="pagamento-e2e" value={endToEndId} onChange={(event) => setEndToEndId(event.target.value)} maxLength={64} autoComplete="off" />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setMarking(null)}>
              Cancelar
            </Button>
            <Button onClick={() => void confirm()}>Marcar como recebido</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
