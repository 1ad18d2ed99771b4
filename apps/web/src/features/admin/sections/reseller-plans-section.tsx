// Reseller plans edited where they are listed (the specification's pattern): the list, an add form
// behind a toggle, a row opened in place with Salvar or Cancelar, and removal with confirmation.
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { RESELLER_PLAN_TYPE_LABELS, RESELLER_PLAN_TYPES } from '@vitrine/domain/resellers';
import { BILLING_PERIODS_NEW, MODALIDADES_PLANO, resellerPlanCreateSchema, type AdminResellerPlan } from '@vitrine/domain/resellers-admin';
import { adminResellerPlansContract } from '@vitrine/domain/resellers-admin.contract';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useAdminTable } from '../api/use-admin-table';
import { ConfirmDelete } from '../components/confirm-delete';
import { InlineRowForm } from '../components/inline-row-form';
import { Pager } from '../components/pager';
import { changedOnly } from '../components/resource-section';
import type { FieldSpec } from '../components/schema-form';

const options = (values: readonly string[], labels: Record<string, string>) => values.map((value) => ({ value, label: labels[value] ?? value }));

const MODALIDADE_LABELS: Record<string, string> = {
  single: 'Single',
  soccer: 'Futebol',
  unitv_android: 'UniTV Android',
  unitv_tv: 'UniTV TV',
  premium: 'Premium',
  pre_pago: 'Pré-pago',
  pos_pago: 'Pós-pago',
};
const PERIOD_NEW_LABELS: Record<string, string> = { mensal: 'Mensal', trimestral: 'Trimestral', semestral: 'Semestral', anual: 'Anual' };

const FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Nome', kind: 'text' },
  { key: 'type', label: 'Tipo', kind: 'select', options: options(RESELLER_PLAN_TYPES, RESELLER_PLAN_TYPE_LABELS) },
  { key: 'modalidadePlano', label: 'Modalidade', kind: 'select', options: options(MODALIDADES_PLANO, MODALIDADE_LABELS) },
  { key: 'billingPeriodNew', label: 'Período de cobrança', kind: 'select', options: options(BILLING_PERIODS_NEW, PERIOD_NEW_LABELS), nullable: true },
  { key: 'credits', label: 'Créditos', kind: 'number' },
  { key: 'price', label: 'Preço (R$)', kind: 'money' },
  { key: 'qtdAcessosSimultaneos', label: 'Acessos simultâneos', kind: 'number' },
  { key: 'duracaoCreditos', label: 'Duração dos créditos (dias)', kind: 'number' },
  { key: 'custoPorRevenda', label: 'Custo por revenda (R$)', kind: 'money', nullable: true },
  { key: 'pricePerCredit', label: 'Preço por crédito (R$)', kind: 'money', nullable: true },
  { key: 'minimumMonthly', label: 'Mínimo mensal (R$)', kind: 'money', nullable: true },
  { key: 'isActive', label: 'Ativo', kind: 'boolean' },
  { key: 'description', label: 'Descrição', kind: 'textarea' },
  { key: 'features', label: 'Recursos (um por linha)', kind: 'lines' },
];
const NEW_PLAN = { name: '', description: '', type: 'prepaid', credits: 1, price: 0, features: [], modalidadePlano: null, billingPeriodNew: null, qtdAcessosSimultaneos: 1, duracaoCreditos: 30, isActive: true };
const GRID = 'sm:grid-cols-2 lg:grid-cols-4';

export function ResellerPlansSection() {
  const isMobile = useIsNarrow();
  const table = useAdminTable({
    contract: adminResellerPlansContract,
    table: 'reseller_plans',
    label: 'planos de revenda',
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    isMobile,
    loadErrorTitle: 'Falha ao carregar planos',
    messages: {
      create: { success: 'Plano adicionado com sucesso', error: 'Falha ao adicionar plano' },
      update: { success: 'Plano atualizado com sucesso', error: 'Falha ao atualizar plano' },
      delete: { success: 'Plano removido com sucesso', error: 'Falha ao remover plano' },
    },
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminResellerPlan | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const rows = table.items as AdminResellerPlan[];
  /** Closes the open row and gives the focus back to its 'Editar' button. */
  const close = (id: string) => {
    setEditing(null);
    requestAnimationFrame(() => editButtons.current.get(id)?.focus());
  };

  return (
    <section className="space-y-4" aria-labelledby="planos-revenda-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="planos-revenda-titulo" className="text-lg font-semibold">
            Planos de Revenda
          </h2>
          <p className="text-muted-foreground text-sm">Cada plano é editado na própria linha: Salvar grava, Cancelar (ou Esc) descarta.</p>
        </div>
        <Button onClick={() => setAdding((open) => !open)} aria-expanded={adding} variant={adding ? 'outline' : 'default'}>
          {adding ? <X className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />}
          {adding ? 'Fechar formulário' : 'Novo plano de revenda'}
        </Button>
      </div>
      {adding && (
        <InlineRowForm
          idPrefix="plano-revenda-novo"
          label="Novo plano de revenda"
          className="bg-card rounded-lg border p-4"
          gridClassName={GRID}
          fields={FIELDS}
          schema={resellerPlanCreateSchema}
          initial={NEW_PLAN}
          submitLabel="Adicionar"
          onCancel={() => setAdding(false)}
          onSubmit={(plan) => {
            setAdding(false);
            void table.create(plan as never);
          }}
        />
      )}
      <Input type="search" aria-label="Buscar planos de revenda" placeholder="Buscar planos de revenda" className="max-w-sm" onChange={(event) => table.setSearch(event.target.value)} />
      {table.isLoading ? (
        <Skeleton className="h-32 w-full" />
      ) : table.error && rows.length === 0 ? (
        <LoadFailed what="os planos de revenda" onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum plano de revenda cadastrado.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Planos de revenda cadastrados">
          {rows.map((row) => {
            if (editing === row.id) {
              return (
                <li key={row.id} className="bg-muted/30 p-4">
                  <InlineRowForm
                    idPrefix={`plano-revenda-${row.id}`}
                    label={`Editando ${row.name}`}
                    gridClassName={GRID}
                    fields={FIELDS}
                    schema={resellerPlanCreateSchema}
                    initial={row}
                    onCancel={() => close(row.id)}
                    onSubmit={(plan) => {
                      close(row.id);
                      const changes = changedOnly(row, plan as Record<string, unknown>);
                      if (Object.keys(changes).length > 0) void table.update(row.id, changes as never);
                    }}
                  />
                </li>
              );
            }
            const temporary = row.id.startsWith('temporario-');
            return (
              <li key={row.id} aria-label={row.name} className="grid min-w-0 items-center gap-x-4 gap-y-1 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
                <div className="min-w-0">
                  <p className="font-medium break-words">{row.name}</p>
                  <p className="text-muted-foreground text-xs break-words">
                    {RESELLER_PLAN_TYPE_LABELS[row.type]}
                    {row.modalidadePlano && ` · ${MODALIDADE_LABELS[row.modalidadePlano]}`}
                    {row.billingPeriodNew && ` · ${PERIOD_NEW_LABELS[row.billingPeriodNew]}`}
                  </p>
                </div>
                <p className="text-sm">{formatDecimal(row.credits)} créditos</p>
                <p className="text-sm font-semibold">{formatBRL(row.price)}</p>
                <div className="flex items-center gap-1">
                  <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
                  <Button
                    ref={(button) => {
                      if (button) editButtons.current.set(row.id, button);
                      else editButtons.current.delete(row.id);
                    }}
                    variant="ghost"
                    size="sm"
                    disabled={temporary}
                    onClick={() => setEditing(row.id)}
                    aria-label={`Editar ${row.name}`}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button variant="ghost" size="sm" disabled={temporary} onClick={() => setDeleting(row)} aria-label={`Excluir ${row.name}`}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={table.params.page} pageCount={table.pageCount} onPage={table.setPage} />
      <ConfirmDelete
        open={deleting !== null}
        name={deleting?.name ?? ''}
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
