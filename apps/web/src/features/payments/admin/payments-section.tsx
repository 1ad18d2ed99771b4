// Pagamentos: every PIX a conversation offered, with its status, amount, what was bought, the
// conversation, the end-to-end id and its times; 'Marcar como recebido' by hand (audited) where the PSP
// did not confirm it. The list refreshes itself when a payment changes (the change events).
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatBRL, formatDateTime } from '@vitrine/domain/money';
import { markReceivedSchema, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type AdminPayment, type PaymentStatus } from '@vitrine/domain/payments';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { attempt } from '@/features/admin/api/use-admin-table';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { queryTableProps } from '@/features/admin/components/table-props';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePayments } from '../api/get-payments';
import { usePaymentsSummary } from '../api/get-payments-summary';
import { useMarkPaymentReceived } from '../api/mark-payment-received';

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
  const query = usePayments({ page: list.page, pageSize: list.pageSize, search: list.search, status: status === ALL ? undefined : status });
  useLoadErrorToast(query.error, 'pagamentos');
  const summary = usePaymentsSummary();

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
      {marking && <MarkReceivedDialog payment={marking} onClose={() => setMarking(null)} />}
    </section>
  );
}

const END_TO_END_FIELD: FieldSpec = {
  key: 'endToEndId',
  label: 'Identificador do PIX (E2E), opcional',
  kind: 'text',
  optional: true,
  input: { maxLength: 64, autoComplete: 'off' },
};
const END_TO_END_FIELDS = [END_TO_END_FIELD];

/** 'Marcar como recebido' for one payment, with its end-to-end id when the admin has it; closed once marked. */
function MarkReceivedDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const form = useSchemaForm({ fields: END_TO_END_FIELDS, schema: markReceivedSchema, initial: { endToEndId: '' } });
  const markReceived = useMarkPaymentReceived();
  const mark = attempt(async ({ endToEndId }: { endToEndId?: string }) => {
    try {
      await markReceived.mutateAsync({ id: payment.id, endToEndId });
      notify.success('Pagamento recebido', `${payment.itemName}: ${formatBRL(payment.amount)} marcado como recebido.`);
    } catch (error) {
      notify.error('Não foi possível marcar', (error as Error).message);
      throw error;
    }
  });
  // Closed once marked: a refused mark keeps the id typed and says why.
  const { submit, failure, saving } = useSaveKeepingInput(form, mark, { onSaved: onClose });
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Marcar como recebido</DialogTitle>
          <DialogDescription>
            {`${payment.itemName}: ${formatBRL(payment.amount)}. Confira no extrato antes: a marcação fica registrada na auditoria e avisa o webhook de pagamentos.`}
          </DialogDescription>
        </DialogHeader>
        <Form className="grid gap-4" onSubmit={submit}>
          <SchemaField form={form} field={END_TO_END_FIELD} idPrefix="pagamento" />
          <SaveFailure failure={failure} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <SaveButton saving={saving} label="Marcar como recebido" />
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
