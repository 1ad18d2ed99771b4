// Clientes: the figures at the top, then every customer searched by name or contact and filtered (ativa,
// vence em 7 dias, vencida, sem contato), paged by the server; 'Exportar CSV' downloads the same search and
// filter. A customer opens in a dialog (also from /admin/customers?cliente=<id>, where A entregar links). The
// renewal reminders' texts are edited at the bottom.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CUSTOMER_FILTER_LABELS, CUSTOMER_FILTERS, formatIsoDate, type AdminCustomer, type CustomerFilter } from '@vitrine/domain/customers';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { SettingsCard } from '@/features/admin/components/settings-card';
import { queryTableProps } from '@/features/admin/components/table-props';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { customersCsvUrl } from '../api/customers-csv';
import { useCustomers } from '../api/get-customers';
import { ContactLines, customerLabel } from '../components/customer-contact';
import { subscriptionPlanLabel, SubscriptionStatusBadge } from '../components/subscription-status';
import { CustomerDetailDialog } from './customer-detail';
import { CustomerFigures } from './customer-figures';

const ALL = 'todos';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns: AdminColumn<AdminCustomer>[] = [
  { key: 'name', header: 'Nome', cell: (row) => <span className="break-words">{customerLabel(row)}</span> },
  { key: 'contact', header: 'Contato', cell: (row) => <ContactLines customer={row} /> },
  { key: 'plan', header: 'Plano', cell: (row) => (row.subscription ? subscriptionPlanLabel(row.subscription) : '—') },
  { key: 'status', header: 'Situação', cell: (row) => (row.subscription ? <SubscriptionStatusBadge status={row.subscription.status} /> : 'Sem assinatura') },
  {
    key: 'endsOn',
    header: 'Vencimento',
    cell: (row) => <span className="whitespace-nowrap tabular-nums">{row.subscription ? formatIsoDate(row.subscription.endsOn) : '—'}</span>,
  },
];

export function CustomersSection() {
  const list = usePagedList();
  const [filter, setFilter] = useState<CustomerFilter | undefined>(undefined);
  const query = useCustomers({ page: list.page, pageSize: list.pageSize, search: list.search, filter });
  useLoadErrorToast(query.error, 'clientes');
  const [params, setParams] = useSearchParams();
  const linked = params.get('cliente');
  const [open, setOpenState] = useState<string | null>(linked && UUID.test(linked) ? linked : null);
  const setOpen = (id: string | null) => {
    setOpenState(id);
    if (id === null && params.has('cliente')) setParams({}, { replace: true });
  };

  return (
    <section className="space-y-4" aria-labelledby="clientes-titulo">
      <h2 id="clientes-titulo" className="text-lg font-semibold">
        Clientes
      </h2>
      <CustomerFigures />
      <AdminDataTable
        caption="Clientes"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Nome, WhatsApp ou e-mail"
        searchLabel="Buscar clientes por nome, WhatsApp ou e-mail"
        emptyText={list.search || filter ? 'Nenhum cliente encontrado.' : 'Nenhum cliente ainda: eles aparecem aqui quando dão o contato no chat.'}
        onSearch={list.setSearch}
        toolbar={
          <>
            <ToggleGroup
              type="single"
              value={filter ?? ALL}
              onValueChange={(value) => {
                if (!value) return;
                setFilter(value === ALL ? undefined : (value as CustomerFilter));
                list.setPage(1);
              }}
              aria-label="Filtro"
              className="h-auto flex-wrap"
            >
              <ToggleGroupItem value={ALL}>Todos</ToggleGroupItem>
              {CUSTOMER_FILTERS.map((value) => (
                <ToggleGroupItem key={value} value={value}>
                  {CUSTOMER_FILTER_LABELS[value]}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
            <Button asChild variant="outline" size="sm">
              <a href={customersCsvUrl({ search: list.search, filter })} download>
                <Download className="size-4" aria-hidden /> Exportar CSV
              </a>
            </Button>
          </>
        }
        actions={(row) => (
          <Button variant="outline" size="sm" onClick={() => setOpen(row.id)} aria-label={`Ver ${customerLabel(row)}`}>
            Ver
          </Button>
        )}
      />
      <SettingsCard
        id="lembretes-de-renovacao"
        title="Lembretes de renovação"
        description="O que cada cliente recebe dias antes do vencimento e no dia em que vence: por e-mail e, se a loja tem WhatsApp e o cliente deu o número, pelo WhatsApp (o texto, dentro da janela de 24 horas; fora dela, o modelo aprovado dos lembretes, em Conversas). Use {nome}, {plano}, {vencimento}, {dias} e {link} (o endereço de Minha assinatura, obrigatório no texto)."
        keys={['renewal_reminder_subject', 'renewal_reminder_text', 'renewal_due_subject', 'renewal_due_text']}
      />
      {open && <CustomerDetailDialog id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
