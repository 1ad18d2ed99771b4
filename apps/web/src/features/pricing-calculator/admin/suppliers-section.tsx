// Supplier pricing rows in the specification's list pattern (an add form behind a toggle, a row edited
// in place with save or cancel, removal); and the same rows as server cards (total = credits × cost per credit).
import type { ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { SUPPLIER_TOASTS, SUPPLIER_VALIDATION_TITLE, supplierCreateSchema, type AdminSupplier, type SupplierCreate } from '@vitrine/domain/recharge';
import { adminSuppliersContract } from '@vitrine/domain/recharge.contract';
import { serverBadge, serverTotal } from '@vitrine/domain/resellers';
import { messageOf, type FieldSpec } from '@/components/form/schema-form';
import { ListLoading } from '@/components/list-loading';
import { LoadFailed } from '@/components/load-failed';
import { SERVER_BADGE_STYLES } from '@/components/server-badge-styles';
import { Badge } from '@/components/ui/badge';
import { useAdminTable } from '@/features/admin/api/use-admin-table';
import { InlineCrudList } from '@/features/admin/components/inline-crud-list';
import { notify } from '@/lib/toast';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { cn } from '@/lib/utils';
import { supplierTerms } from '../lib/supplier-terms';

const SUPPLIER_MESSAGES_BY_WRITE = {
  create: { success: SUPPLIER_TOASTS.created, error: SUPPLIER_TOASTS.createError },
  update: { success: SUPPLIER_TOASTS.updated, error: SUPPLIER_TOASTS.updateError },
  delete: { success: SUPPLIER_TOASTS.removed, error: SUPPLIER_TOASTS.removeError },
};

function useSuppliers(pageSize?: number) {
  const isMobile = useIsNarrow();
  return useAdminTable({
    contract: adminSuppliersContract,
    table: 'supplier_pricing',
    label: 'fornecedores',
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    isMobile,
    pageSize,
    messages: SUPPLIER_MESSAGES_BY_WRITE,
    loadErrorTitle: SUPPLIER_TOASTS.loadError,
  });
}

const SUPPLIER_FIELDS: FieldSpec[] = [
  { key: 'category', label: 'Categoria *', kind: 'text' },
  { key: 'supplier', label: 'Fornecedor *', kind: 'text' },
  { key: 'server', label: 'Servidor *', kind: 'text' },
  { key: 'username', label: 'Usuário *', kind: 'text' },
  { key: 'panel', label: 'Painel *', kind: 'url' },
  { key: 'clientPanel', label: 'Painel do cliente *', kind: 'url' },
  { key: 'minimumPurchase', label: 'Compra mínima (R$)', kind: 'money' },
  { key: 'costPerCredit', label: 'Custo por crédito (R$)', kind: 'money' },
  { key: 'qtdCreditos', label: 'Quantidade de créditos', kind: 'number' },
  // Optional: left empty, they stay unset.
  { key: 'custoMedioCreditos', label: 'Custo médio do crédito (R$)', kind: 'money', nullable: true },
  { key: 'pagamentoMinimo', label: 'Pagamento mínimo (R$)', kind: 'money', nullable: true },
  { key: 'prePago', label: 'Pré-pago', kind: 'boolean' },
  { key: 'posPago', label: 'Pós-pago', kind: 'boolean' },
  { key: 'clientesAtivos', label: 'Clientes Ativos', kind: 'boolean' },
  { key: 'mensalista', label: 'Mensalista', kind: 'boolean' },
  { key: 'isActive', label: 'Ativo', kind: 'boolean' },
];

const NEW_SUPPLIER = {
  minimumPurchase: 0,
  costPerCredit: 0,
  qtdCreditos: 0,
  custoMedioCreditos: null,
  pagamentoMinimo: null,
  prePago: false,
  posPago: false,
  clientesAtivos: false,
  mensalista: false,
  isActive: true,
};

/** The form's first message (in field order) also as the manager's 'Erro de Validação' toast. */
const toastFirstError = (errors: FieldErrors) => {
  const message = SUPPLIER_FIELDS.map((field) => messageOf(errors, field.key)).find(Boolean);
  if (message) notify.error(SUPPLIER_VALIDATION_TITLE, message);
};

function SectionHeader({ id, title, description, action }: { id: string; title: string; description: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {action}
    </div>
  );
}

export function SuppliersManager() {
  return (
    <InlineCrudList<AdminSupplier, SupplierCreate>
      id="fornecedores"
      title="Fornecedores"
      description="Preços de fornecedor por servidor. Usuário e painéis ficam só no painel administrativo."
      table={useSuppliers()}
      addLabel="Adicionar fornecedor"
      newLabel="Novo fornecedor"
      plural="fornecedores"
      emptyText="Nenhum fornecedor cadastrado."
      nameOf={(row) => row.supplier}
      removeVerb="Remover"
      fields={SUPPLIER_FIELDS}
      schema={supplierCreateSchema}
      newValues={NEW_SUPPLIER}
      onInvalid={toastFirstError}
      listClassName="space-y-3"
      rowClassName="bg-card flex flex-wrap items-start justify-between rounded-lg border"
      renderRow={(row) => {
        const badge = serverBadge(row);
        return (
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-words">{row.supplier}</span>
              <Badge className={cn(SERVER_BADGE_STYLES[badge])}>{badge}</Badge>
              {!row.isActive && <Badge variant="outline">Inativo</Badge>}
            </div>
            <p className="text-muted-foreground text-sm break-words">
              {row.server} · {row.category}
            </p>
            <p className="text-sm">{supplierTerms(row)}</p>
            <p className="text-muted-foreground text-xs break-all">
              Usuário {row.username} · Painel {row.panel} · Cliente {row.clientPanel}
            </p>
          </div>
        );
      }}
    />
  );
}

/** The supplier rows as server cards, in the badge order of the storefront. */
export function ServersPanel() {
  const table = useSuppliers(100);
  const rows = table.items as AdminSupplier[];
  return (
    <section className="space-y-4" aria-labelledby="servidores-admin-titulo">
      <SectionHeader
        id="servidores-admin-titulo"
        title="Servidores"
        description="Cada fornecedor como cartão: total = créditos × custo por crédito. Os de categoria 'Planos …' ativos aparecem na loja."
      />
      {table.isLoading ? (
        <ListLoading className="h-40" />
      ) : table.error && rows.length === 0 ? (
        <LoadFailed what="os servidores" onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum servidor cadastrado.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {rows.map((row) => {
            const badge = serverBadge(row);
            return (
              <article
                key={row.id}
                aria-label={row.server}
                data-testid="admin-server-card"
                className="bg-card flex min-w-0 flex-col gap-3 rounded-xl border p-4"
              >
                <div className="flex flex-wrap gap-2">
                  <Badge className={cn(SERVER_BADGE_STYLES[badge])}>{badge}</Badge>
                  <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
                </div>
                <div className="min-w-0">
                  <h3 className="font-semibold break-words">{row.server}</h3>
                  <p className="text-muted-foreground text-sm break-words">
                    {row.supplier} · {row.category}
                  </p>
                </div>
                <dl className="mt-auto space-y-1 border-t pt-3 text-sm">
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Custo por crédito</dt>
                    <dd>{formatBRL(row.costPerCredit)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Créditos</dt>
                    <dd>{formatDecimal(row.qtdCreditos)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Total</dt>
                    <dd className="font-bold">{formatBRL(serverTotal(row.qtdCreditos, row.costPerCredit))}</dd>
                  </div>
                </dl>
              </article>
            );
          })}
        </div>
      )}
    </section>
  );
}
