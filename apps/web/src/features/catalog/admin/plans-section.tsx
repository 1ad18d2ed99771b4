// Plans: every field, the four period prices proposed from the monthly one by the period discounts
// (and editable), features, popular and special flags, an icon picker and the display order.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PLAN_ICONS } from '@vitrine/domain/catalog';
import { planCreateSchema, type AdminPlan, type PlanCreate } from '@vitrine/domain/catalog-admin';
import { adminPlansContract } from '@vitrine/domain/catalog-admin.contract';
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { BILLING_PERIODS, derivePeriodPrice, PERIOD_LABELS, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { PlanIcon } from '@/components/plan-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAdminTable, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { ConfirmDelete } from '@/features/admin/components/confirm-delete';
import { changedOnly } from '@/features/admin/components/resource-section';
import { adminTableProps } from '@/features/admin/components/table-props';
import { useIsNarrow } from '@/lib/use-is-narrow';

const PRICE_FIELDS: Record<BillingPeriod, 'priceMonthly' | 'priceQuarterly' | 'priceSemiannual' | 'priceAnnual'> = {
  monthly: 'priceMonthly',
  quarterly: 'priceQuarterly',
  semiannual: 'priceSemiannual',
  annual: 'priceAnnual',
};

export function PlansSection() {
  const isMobile = useIsNarrow();
  const table = useAdminTable({ contract: adminPlansContract, table: 'plans', label: 'planos', defaultSort: 'displayOrder', isMobile });
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  const onSearch = useCallback((search: string) => table.setSearch(search), [table.setSearch]); // eslint-disable-line react-hooks/exhaustive-deps

  const columns: AdminColumn<AdminPlan>[] = [
    {
      key: 'name',
      header: 'Nome',
      sort: 'name',
      cell: (plan) => (
        <span className="flex items-center gap-2 font-medium">
          {plan.icon && <PlanIcon name={plan.icon} className="size-4 shrink-0" />}
          {plan.name}
        </span>
      ),
    },
    { key: 'priceMonthly', header: 'Mensal', sort: 'priceMonthly', cell: (plan) => formatBRL(plan.priceMonthly) },
    {
      key: 'flags',
      header: 'Destaques',
      cell: (plan) => (
        <span className="flex flex-wrap gap-1">
          {plan.isPopular && <Badge>Popular</Badge>}
          {plan.isSpecial && <Badge variant="secondary">Especial</Badge>}
        </span>
      ),
    },
    { key: 'active', header: 'Status', cell: (plan) => <Badge variant={plan.active ? 'default' : 'outline'}>{plan.active ? 'Ativo' : 'Inativo'}</Badge> },
    { key: 'displayOrder', header: 'Ordem', sort: 'displayOrder', cell: (plan) => formatDecimal(plan.displayOrder) },
  ];

  return (
    <section className="space-y-4" aria-labelledby="planos-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="planos-titulo" className="text-lg font-semibold">
          Planos
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden /> Novo plano
        </Button>
      </div>
      <AdminDataTable
        caption="Planos"
        columns={columns}
        {...adminTableProps<AdminPlan>(table)}
        searchPlaceholder="Buscar planos"
        emptyText="Nenhum plano encontrado."
        onSearch={onSearch}
        actions={(plan) => (
          <span className="inline-flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => setEditing(plan)} aria-label={`Editar ${plan.name}`} disabled={plan.id.startsWith('temporario-')}>
              <Pencil className="size-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDeleting(plan)}
              aria-label={`Excluir ${plan.name}`}
              disabled={plan.id.startsWith('temporario-')}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </span>
        )}
      />
      {editing && (
        <PlanFormDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          // The dialog closes once the server has the change: a failed save keeps what was typed and says why.
          onSave={(body) => (editing === 'new' ? table.create(body) : table.update(editing, changedOnly(editing, body)))}
        />
      )}
      <ConfirmDelete
        open={deleting !== null}
        name={deleting?.name ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const plan = deleting!;
          setDeleting(null);
          void table.remove(plan.id);
        }}
      />
    </section>
  );
}

const PLAN_FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Nome', kind: 'text' },
  ...BILLING_PERIODS.map((period): FieldSpec => ({
    key: PRICE_FIELDS[period],
    label: `Preço ${PERIOD_LABELS[period].toLowerCase()} (R$)`,
    kind: 'money',
    nullable: period !== 'monthly',
  })),
  {
    key: 'icon',
    label: 'Ícone',
    kind: 'select',
    nullable: true,
    noneLabel: 'Automático (pelo nome)',
    options: PLAN_ICONS.map((icon) => ({ value: icon, label: icon, icon: <PlanIcon name={icon} className="size-4" /> })),
  },
  { key: 'displayOrder', label: 'Ordem de exibição', kind: 'number' },
  { key: 'features', label: 'Recursos (um por linha)', kind: 'lines' },
  { key: 'isPopular', label: 'Popular', kind: 'boolean' },
  { key: 'isSpecial', label: 'Especial', kind: 'boolean' },
  { key: 'active', label: 'Ativo', kind: 'boolean' },
];
const field = (key: string) => PLAN_FIELDS.find((spec) => spec.key === key)!;
const NEW_PLAN = { priceMonthly: null, displayOrder: 0, features: [], isPopular: false, isSpecial: false, active: true };

/** A plan's values with each period price it leaves empty proposed from the monthly one. */
function withProposedPrices(plan: AdminPlan | null): Record<string, unknown> {
  const values: Record<string, unknown> = { ...(plan ?? NEW_PLAN) };
  for (const period of BILLING_PERIODS) {
    if (period !== 'monthly' && plan && (plan[PRICE_FIELDS[period]] ?? null) === null && plan.priceMonthly)
      values[PRICE_FIELDS[period]] = derivePeriodPrice(plan.priceMonthly, period);
  }
  return values;
}

function PlanFormDialog({ plan, onClose, onSave }: { plan: AdminPlan | null; onClose: () => void; onSave: (body: PlanCreate) => Promise<WriteOutcome> }) {
  const form = useSchemaForm({ fields: PLAN_FIELDS, schema: planCreateSchema, initial: withProposedPrices(plan) });
  const { submit, failure, saving } = useSaveKeepingInput(form, onSave, { onSaved: onClose });
  // Period prices the admin typed (or that were stored) stay; the others follow the monthly price.
  const typed = useRef(new Set(BILLING_PERIODS.filter((period) => period !== 'monthly' && plan && (plan[PRICE_FIELDS[period]] ?? null) !== null)));
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const period = BILLING_PERIODS.find((candidate) => PRICE_FIELDS[candidate] === name);
      if (period && period !== 'monthly') typed.current.add(period);
      if (period !== 'monthly') return;
      const monthly = requiredDecimal(String(values.priceMonthly ?? ''));
      for (const other of BILLING_PERIODS) {
        if (other === 'monthly' || typed.current.has(other)) continue;
        form.setValue(PRICE_FIELDS[other], Number.isFinite(monthly) && monthly > 0 ? decimalText(derivePeriodPrice(monthly, other), 2) : '');
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{plan ? 'Editar plano' : 'Novo plano'}</DialogTitle>
          <DialogDescription>Os preços por período são propostos a partir do mensal com os descontos de cada período; você pode alterá-los.</DialogDescription>
        </DialogHeader>
        <Form className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          <SchemaField form={form} field={field('name')} idPrefix="plano" className="sm:col-span-2" />
          {BILLING_PERIODS.map((period) => (
            <SchemaField key={period} form={form} field={field(PRICE_FIELDS[period])} idPrefix="plano" />
          ))}
          <SchemaField form={form} field={field('icon')} idPrefix="plano" />
          <SchemaField form={form} field={field('displayOrder')} idPrefix="plano" />
          <SchemaField form={form} field={field('features')} idPrefix="plano" />
          <fieldset className="flex flex-wrap gap-4 text-sm sm:col-span-2">
            <legend className="sr-only">Opções</legend>
            {(['isPopular', 'isSpecial', 'active'] as const).map((key) => (
              <SchemaField key={key} form={form} field={field(key)} idPrefix="plano" />
            ))}
          </fieldset>
          <SaveFailure failure={failure} className="sm:col-span-2" />
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <SaveButton saving={saving} />
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
