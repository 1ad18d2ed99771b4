// Plans: every field, the four period prices proposed from the monthly one by the period discounts
// (and editable), features, popular and special flags, an icon picker and the display order.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { PLAN_ICONS, type PlanIcon as PlanIconName } from '@vitrine/domain/catalog';
import { planCreateSchema, type AdminPlan, type PlanCreate } from '@vitrine/domain/catalog-admin';
import { adminPlansContract } from '@vitrine/domain/catalog-admin.contract';
import { formatBRL } from '@vitrine/domain/money';
import { BILLING_PERIODS, derivePeriodPrice, PERIOD_LABELS, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { PlanIcon } from '@/components/plan-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { DecimalInput, decimalText, optionalDecimal, readDecimal, requiredDecimal } from '@/components/ui/decimal-input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useAdminTable } from '../api/use-admin-table';
import { AdminDataTable, type AdminColumn } from '../components/admin-data-table';
import { ConfirmDelete } from '../components/confirm-delete';
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
    { key: 'displayOrder', header: 'Ordem', sort: 'displayOrder', cell: (plan) => plan.displayOrder },
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
        rows={table.items as AdminPlan[]}
        total={table.total}
        page={table.params.page}
        pageCount={table.pageCount}
        sort={table.params.sort}
        order={table.params.order}
        isLoading={table.isLoading}
        isFetching={table.isFetching}
        loadError={table.error}
        onRetry={() => void table.refetch()}
        searchPlaceholder="Buscar planos"
        emptyText="Nenhum plano encontrado."
        onSearch={onSearch}
        onSort={table.setSort}
        onPage={table.setPage}
        actions={(plan) => (
          <span className="inline-flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => setEditing(plan)} aria-label={`Editar ${plan.name}`} disabled={plan.id.startsWith('temporario-')}>
              <Pencil className="size-4" aria-hidden />
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDeleting(plan)} aria-label={`Excluir ${plan.name}`} disabled={plan.id.startsWith('temporario-')}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </span>
        )}
      />
      {editing && (
        <PlanFormDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            // The dialog closes at once: the row shows the change while the server confirms it.
            setEditing(null);
            if (editing === 'new') await table.create(body);
            else await table.update(editing.id, changedFields(editing, body));
          }}
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

/** Only what the form changed goes to the server. */
function changedFields(plan: AdminPlan, body: PlanCreate): Partial<PlanCreate> {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => JSON.stringify(plan[key as keyof AdminPlan]) !== JSON.stringify(value)));
}

interface Draft {
  name: string;
  icon: PlanIconName | '';
  prices: Record<BillingPeriod, string>;
  /** Period prices the admin typed; the others follow the monthly price. */
  edited: Partial<Record<BillingPeriod, boolean>>;
  features: string;
  isPopular: boolean;
  isSpecial: boolean;
  active: boolean;
  displayOrder: string;
}

const money = (value: number | null | undefined) => decimalText(value, 2);

function draftOf(plan: AdminPlan | null): Draft {
  const monthly = plan?.priceMonthly ?? 0;
  const stored = (period: BillingPeriod) => (plan ? plan[PRICE_FIELDS[period]] : null);
  return {
    name: plan?.name ?? '',
    icon: plan?.icon ?? '',
    prices: Object.fromEntries(BILLING_PERIODS.map((period) => [period, period === 'monthly' ? money(plan?.priceMonthly) : money(stored(period) ?? (monthly ? derivePeriodPrice(monthly, period) : null))])) as Record<BillingPeriod, string>,
    edited: Object.fromEntries(BILLING_PERIODS.map((period) => [period, stored(period) !== null && stored(period) !== undefined])),
    features: plan?.features.join('\n') ?? '',
    isPopular: plan?.isPopular ?? false,
    isSpecial: plan?.isSpecial ?? false,
    active: plan?.active ?? true,
    displayOrder: String(plan?.displayOrder ?? 0),
  };
}

function PlanFormDialog({ plan, onClose, onSave }: { plan: AdminPlan | null; onClose: () => void; onSave: (body: PlanCreate) => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setMonthly = (text: string) =>
    setDraft((current) => {
      const monthly = requiredDecimal(text);
      const prices = { ...current.prices, monthly: text };
      for (const period of BILLING_PERIODS) {
        if (period === 'monthly' || current.edited[period]) continue;
        prices[period] = Number.isFinite(monthly) && monthly > 0 ? money(derivePeriodPrice(monthly, period)) : '';
      }
      return { ...current, prices };
    });

  const submit = async () => {
    const body = {
      name: draft.name,
      icon: draft.icon || null,
      priceMonthly: requiredDecimal(draft.prices.monthly),
      // An empty period price is derived from the monthly one.
      priceQuarterly: optionalDecimal(draft.prices.quarterly),
      priceSemiannual: optionalDecimal(draft.prices.semiannual),
      priceAnnual: optionalDecimal(draft.prices.annual),
      features: draft.features.split('\n').map((line) => line.trim()).filter(Boolean),
      isPopular: draft.isPopular,
      isSpecial: draft.isSpecial,
      active: draft.active,
      displayOrder: readDecimal(draft.displayOrder) ?? 0,
    };
    const parsed = planCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    await onSave(parsed.data);
  };

  const error = (field: string) =>
    errors[field] && (
      <p id={`plano-${field}-erro`} className="text-destructive text-xs">
        {errors[field]}
      </p>
    );
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `plano-${field}-erro` } : {});

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{plan ? 'Editar plano' : 'Novo plano'}</DialogTitle>
          <DialogDescription>Os preços por período são propostos a partir do mensal com os descontos de cada período; você pode alterá-los.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="plano-name">Nome</Label>
            <Input id="plano-name" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} {...invalid('name')} />
            {error('name')}
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            {BILLING_PERIODS.map((period) => {
              const field = PRICE_FIELDS[period];
              return (
                <div key={period} className="grid gap-2">
                  <Label htmlFor={`plano-${field}`}>Preço {PERIOD_LABELS[period].toLowerCase()} (R$)</Label>
                  <DecimalInput
                    id={`plano-${field}`}
                    fractionDigits={2}
                    value={draft.prices[period]}
                    onValueChange={(text) =>
                      period === 'monthly'
                        ? setMonthly(text)
                        : setDraft((current) => ({ ...current, prices: { ...current.prices, [period]: text }, edited: { ...current.edited, [period]: true } }))
                    }
                    {...invalid(field)}
                  />
                  {error(field)}
                </div>
              );
            })}
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="plano-icon">Ícone</Label>
              <Select value={draft.icon || 'nenhum'} onValueChange={(value) => setDraft({ ...draft, icon: value === 'nenhum' ? '' : (value as PlanIconName) })}>
                <SelectTrigger id="plano-icon" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="nenhum">Automático (pelo nome)</SelectItem>
                  {PLAN_ICONS.map((icon) => (
                    <SelectItem key={icon} value={icon}>
                      <PlanIcon name={icon} className="size-4" /> {icon}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="plano-displayOrder">Ordem de exibição</Label>
              <Input id="plano-displayOrder" inputMode="numeric" value={draft.displayOrder} onChange={(event) => setDraft({ ...draft, displayOrder: event.target.value })} {...invalid('displayOrder')} />
              {error('displayOrder')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="plano-features">Recursos (um por linha)</Label>
            <Textarea id="plano-features" rows={4} value={draft.features} onChange={(event) => setDraft({ ...draft, features: event.target.value })} {...invalid('features')} />
            {error('features')}
          </div>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">Opções</legend>
            {(
              [
                ['isPopular', 'Popular'],
                ['isSpecial', 'Especial'],
                ['active', 'Ativo'],
              ] as const
            ).map(([key, label]) => (
              <label key={key} className="inline-flex items-center gap-2">
                <input type="checkbox" className="size-4" checked={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })} />
                {label}
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit">Salvar</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
