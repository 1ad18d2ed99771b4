// Supplier pricing rows: the list, an add form behind a toggle, inline editing of one row with save
// or cancel, removal; and the same rows as server cards (total = credits × cost per credit).
import { ChevronLeft, ChevronRight, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatBRL } from '@vitrine/domain/money';
import { SUPPLIER_TOASTS, SUPPLIER_VALIDATION_TITLE, supplierCreateSchema, supplierValidationMessage, type AdminSupplier, type SupplierCreate } from '@vitrine/domain/recharge';
import { adminSuppliersContract } from '@vitrine/domain/recharge.contract';
import { serverBadge, serverTotal } from '@vitrine/domain/resellers';
import { Badge } from '@/components/ui/badge';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/toast';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { cn } from '@/lib/utils';
import { SERVER_BADGE_STYLES } from '@/components/server-badge-styles';
import { useAdminTable } from '../api/use-admin-table';
import { ConfirmDelete } from '../components/confirm-delete';

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

type Draft = { [K in 'category' | 'supplier' | 'server' | 'username' | 'panel' | 'clientPanel' | 'minimumPurchase' | 'costPerCredit' | 'qtdCreditos' | 'custoMedioCreditos' | 'pagamentoMinimo']: string } & {
  prePago: boolean;
  posPago: boolean;
  clientesAtivos: boolean;
  mensalista: boolean;
  isActive: boolean;
};

const EMPTY_DRAFT: Draft = {
  category: '',
  supplier: '',
  server: '',
  username: '',
  panel: '',
  clientPanel: '',
  minimumPurchase: '0',
  costPerCredit: '0',
  qtdCreditos: '0',
  custoMedioCreditos: '',
  pagamentoMinimo: '',
  prePago: false,
  posPago: false,
  clientesAtivos: false,
  mensalista: false,
  isActive: true,
};

const toDraft = (row: AdminSupplier): Draft => ({
  category: row.category,
  supplier: row.supplier,
  server: row.server,
  username: row.username,
  panel: row.panel,
  clientPanel: row.clientPanel,
  prePago: row.prePago,
  posPago: row.posPago,
  clientesAtivos: row.clientesAtivos,
  mensalista: row.mensalista,
  isActive: row.isActive,
  minimumPurchase: decimalText(row.minimumPurchase),
  costPerCredit: decimalText(row.costPerCredit, 2),
  qtdCreditos: decimalText(row.qtdCreditos),
  custoMedioCreditos: row.custoMedioCreditos === null ? '' : decimalText(row.custoMedioCreditos, 2),
  pagamentoMinimo: row.pagamentoMinimo === null ? '' : decimalText(row.pagamentoMinimo, 2),
});


/** The row to send, or null after telling the user why not ('Erro de Validação' and the message). */
function validDraft(draft: Draft): SupplierCreate | null {
  const numbers = {
    minimumPurchase: requiredDecimal(draft.minimumPurchase),
    costPerCredit: requiredDecimal(draft.costPerCredit),
    qtdCreditos: requiredDecimal(draft.qtdCreditos),
    // Optional: left empty, they stay unset.
    custoMedioCreditos: draft.custoMedioCreditos.trim() === '' ? null : requiredDecimal(draft.custoMedioCreditos),
    pagamentoMinimo: draft.pagamentoMinimo.trim() === '' ? null : requiredDecimal(draft.pagamentoMinimo),
  };
  const message = supplierValidationMessage({ ...draft, ...numbers });
  if (message) {
    notify.error(SUPPLIER_VALIDATION_TITLE, message);
    return null;
  }
  const parsed = supplierCreateSchema.safeParse({ ...draft, ...numbers });
  if (!parsed.success) {
    notify.error(SUPPLIER_VALIDATION_TITLE, parsed.error.issues[0]!.message);
    return null;
  }
  return parsed.data;
}

const TEXT_FIELDS: { key: keyof Draft; label: string; type?: string; inputMode?: 'decimal' | 'numeric' }[] = [
  { key: 'category', label: 'Categoria *' },
  { key: 'supplier', label: 'Fornecedor *' },
  { key: 'server', label: 'Servidor *' },
  { key: 'username', label: 'Usuário *' },
  { key: 'panel', label: 'Painel *', type: 'url' },
  { key: 'clientPanel', label: 'Painel do cliente *', type: 'url' },
  { key: 'minimumPurchase', label: 'Compra mínima (R$)', inputMode: 'decimal' },
  { key: 'costPerCredit', label: 'Custo por crédito (R$)', inputMode: 'decimal' },
  { key: 'qtdCreditos', label: 'Quantidade de créditos', inputMode: 'numeric' },
  { key: 'custoMedioCreditos', label: 'Custo médio do crédito (R$)', inputMode: 'decimal' },
  { key: 'pagamentoMinimo', label: 'Pagamento mínimo (R$)', inputMode: 'decimal' },
];
const FLAG_FIELDS: { key: 'prePago' | 'posPago' | 'clientesAtivos' | 'mensalista' | 'isActive'; label: string }[] = [
  { key: 'prePago', label: 'Pré-pago' },
  { key: 'posPago', label: 'Pós-pago' },
  { key: 'clientesAtivos', label: 'Clientes Ativos' },
  { key: 'mensalista', label: 'Mensalista' },
  { key: 'isActive', label: 'Ativo' },
];

function SupplierForm({ idPrefix, initial, submitLabel, onSubmit, onCancel }: { idPrefix: string; initial: Draft; submitLabel: string; onSubmit: (row: SupplierCreate) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        const row = validDraft(draft);
        if (row) onSubmit(row);
      }}
    >
      {TEXT_FIELDS.map((field) => (
        <div key={field.key} className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${idPrefix}-${field.key}`}>{field.label}</Label>
          <Input
            id={`${idPrefix}-${field.key}`}
            type={field.type ?? 'text'}
            inputMode={field.inputMode}
            value={draft[field.key] as string}
            onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
          />
        </div>
      ))}
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2 sm:col-span-2 lg:col-span-3">
        <legend className="sr-only">Modalidades</legend>
        {FLAG_FIELDS.map((flag) => (
          <label key={flag.key} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={draft[flag.key]} onChange={(event) => setDraft({ ...draft, [flag.key]: event.target.checked })} />
            {flag.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{submitLabel}</Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Páginas" className="flex items-center justify-end gap-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Página anterior">
        <ChevronLeft className="size-4" aria-hidden />
      </Button>
      <span>
        Página {page} de {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)} aria-label="Próxima página">
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}

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
  const table = useSuppliers();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminSupplier | null>(null);
  const rows = table.items as AdminSupplier[];

  return (
    <section className="space-y-4" aria-labelledby="fornecedores-titulo">
      <SectionHeader
        id="fornecedores-titulo"
        title="Fornecedores"
        description="Preços de fornecedor por servidor. Usuário e painéis ficam só no painel administrativo."
        action={
          <Button onClick={() => setAdding((open) => !open)} aria-expanded={adding} variant={adding ? 'outline' : 'default'}>
            {adding ? <X className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />}
            {adding ? 'Fechar formulário' : 'Adicionar fornecedor'}
          </Button>
        }
      />
      {adding && (
        <div className="bg-card rounded-lg border p-4" aria-label="Novo fornecedor" role="group">
          <SupplierForm
            idPrefix="fornecedor-novo"
            initial={EMPTY_DRAFT}
            submitLabel="Adicionar"
            onCancel={() => setAdding(false)}
            onSubmit={(row) => {
              setAdding(false);
              void table.create(row as never);
            }}
          />
        </div>
      )}
      <Input type="search" aria-label="Buscar fornecedores" placeholder="Buscar fornecedores" className="max-w-sm" onChange={(event) => table.setSearch(event.target.value)} />
      {table.isLoading ? (
        <Skeleton className="h-32 w-full" />
      ) : table.error && rows.length === 0 ? (
        <LoadFailed what="os fornecedores" onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum fornecedor cadastrado.</p>
      ) : (
        <ul className="space-y-3" aria-label="Fornecedores cadastrados">
          {rows.map((row) => {
            const temporary = row.id.startsWith('temporario-');
            if (editing === row.id) {
              return (
                <li key={row.id} className="bg-card rounded-lg border p-4" aria-label={`Editando ${row.supplier}`}>
                  <SupplierForm
                    idPrefix={`fornecedor-${row.id}`}
                    initial={toDraft(row)}
                    submitLabel="Salvar"
                    onCancel={() => setEditing(null)}
                    onSubmit={(next) => {
                      setEditing(null);
                      void table.update(row.id, next as never);
                    }}
                  />
                </li>
              );
            }
            const badge = serverBadge(row);
            return (
              <li key={row.id} className="bg-card flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4" aria-label={row.supplier}>
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words">{row.supplier}</span>
                    <Badge className={cn(SERVER_BADGE_STYLES[badge])}>{badge}</Badge>
                    {!row.isActive && <Badge variant="outline">Inativo</Badge>}
                  </div>
                  <p className="text-muted-foreground text-sm break-words">
                    {row.server} · {row.category}
                  </p>
                  <p className="text-sm">
                    {formatBRL(row.costPerCredit)} por crédito · compra mínima {formatBRL(row.minimumPurchase)} · {row.qtdCreditos} créditos
                    {row.custoMedioCreditos !== null && ` · custo médio ${formatBRL(row.custoMedioCreditos)}`}
                    {row.pagamentoMinimo !== null && ` · pagamento mínimo ${formatBRL(row.pagamentoMinimo)}`}
                  </p>
                  <p className="text-muted-foreground text-xs break-all">
                    Usuário {row.username} · Painel {row.panel} · Cliente {row.clientPanel}
                  </p>
                </div>
                <span className="inline-flex gap-1">
                  <Button variant="ghost" size="sm" disabled={temporary} onClick={() => setEditing(row.id)} aria-label={`Editar ${row.supplier}`}>
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button variant="ghost" size="sm" disabled={temporary} onClick={() => setDeleting(row)} aria-label={`Remover ${row.supplier}`}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={table.params.page} pageCount={table.pageCount} onPage={table.setPage} />
      <ConfirmDelete
        open={deleting !== null}
        name={deleting?.supplier ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting!;
          setDeleting(null);
          void table.remove(row.id);
        }}
      />
    </section>
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
        <Skeleton className="h-40 w-full" />
      ) : table.error && rows.length === 0 ? (
        <LoadFailed what="os servidores" onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum servidor cadastrado.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {rows.map((row) => {
            const badge = serverBadge(row);
            return (
              <article key={row.id} aria-label={row.server} data-testid="admin-server-card" className="bg-card flex min-w-0 flex-col gap-3 rounded-xl border p-4">
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
                    <dd>{row.qtdCreditos}</dd>
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
