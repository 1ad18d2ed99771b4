// The pricing exports, computed on the server with the same pricing rules the browser previews with:
// the consolidated view, the RAG data (context, providers, plans, metrics) and the spreadsheet.
import type { PublicPlan } from '@vitrine/domain/catalog';
import { fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { BUSINESS_RULES } from '@vitrine/domain/pricing/business-rules';
import { consolidatedView, SUGGESTED_PRICE_MARKUP, type ConsolidatedGroup } from '@vitrine/domain/pricing/consolidated';
import { MINIMUM_SELL_PRICES } from '@vitrine/domain/pricing/minimum-prices';
import { PERIOD_DISCOUNTS, PERIOD_LABELS, PERIOD_MONTHS, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { REFERENCE_PRICE_TABLES } from '@vitrine/domain/pricing/reference-tables';
import type { StandardCosts } from '@vitrine/domain/pricing/standard-costs';
import type { ProviderWithCosts } from '@vitrine/domain/recharge';
import { toCsv, type Cell } from '../../shared/csv.ts';

const planLabel = (planType: BillingPeriod) => PERIOD_LABELS[planType];

function activePricing(providers: readonly ProviderWithCosts[]) {
  return providers
    .filter((provider) => provider.isActive)
    .map((provider) => ({
      id: provider.id,
      name: provider.name,
      isActive: provider.isActive,
      tiers: provider.costs.map(({ planType, quantity, unitCost }) => ({ planType, quantity, unitCost })),
    }));
}

export const consolidatedGroups = (providers: readonly ProviderWithCosts[]): ConsolidatedGroup[] => consolidatedView(activePricing(providers));

const CONSOLIDATED_HEADER = ['Tipo de plano', 'Quantidade', 'Provedor', 'Custo unitário (R$)', 'Preço sugerido (R$)', 'Margem (%)', 'Melhor opção', 'Avisos'];

function consolidatedRows(groups: readonly ConsolidatedGroup[]): Cell[][] {
  return groups.flatMap((group) =>
    group.options.map((option) => [
      planLabel(group.planType),
      group.quantity,
      option.providerName,
      fromCents(option.unitCostCents),
      fromCents(option.suggestedPriceCents),
      option.marginPercent,
      option === group.best ? 'Sim' : 'Não',
      option.warnings.join(' | '),
    ]),
  );
}

export const consolidatedCsv = (providers: readonly ProviderWithCosts[]) => toCsv(CONSOLIDATED_HEADER, consolidatedRows(consolidatedGroups(providers)));

export interface RagSources {
  providers: readonly ProviderWithCosts[];
  plans: readonly PublicPlan[];
  standardCosts: StandardCosts;
  generatedAt: Date;
}

/** The four sections an assistant or a report reads: context, providers, plans and metrics. */
export function ragData({ providers, plans, standardCosts, generatedAt }: RagSources) {
  const active = providers.filter((provider) => provider.isActive);
  return {
    context: {
      generatedAt: generatedAt.toISOString(),
      currency: 'BRL',
      minimumSellPrices: MINIMUM_SELL_PRICES,
      periodDiscounts: PERIOD_DISCOUNTS,
      periodMonths: PERIOD_MONTHS,
      referencePriceTables: REFERENCE_PRICE_TABLES,
      suggestedPriceMarkup: SUGGESTED_PRICE_MARKUP,
      standardCosts,
      rules: [...BUSINESS_RULES],
    },
    providers: active.map((provider) => ({
      id: provider.id,
      name: provider.name,
      supplierName: provider.supplierName,
      description: provider.description,
      defaultUnitCost: provider.defaultUnitCost,
      costs: provider.costs.map(({ planType, quantity, unitCost, totalCost }) => ({ planType, quantity, unitCost, totalCost })),
    })),
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      features: plan.features.map((feature) => feature.text),
      pricing: plan.pricing,
      isPopular: plan.isPopular,
      active: true,
    })),
    metrics: consolidatedGroups(providers).map((group) => ({
      planType: group.planType,
      quantity: group.quantity,
      bestProvider: group.best.providerName,
      unitCost: fromCents(group.best.unitCostCents),
      suggestedPrice: fromCents(group.best.suggestedPriceCents),
      marginPercent: group.best.marginPercent,
      options: group.options.length,
    })),
  };
}

/**
 * A value as plain cells: each number, text or yes/no at its path (`monthly[1].unitPrice`), so a
 * spreadsheet reads every number as one (no JSON in a cell, no '.' decimals).
 */
function leaves(value: unknown, path: string): [string, Cell][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index + 1}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  if (typeof value === 'boolean') return [[path, value ? 'Sim' : 'Não']];
  return [[path, (value ?? null) as Cell]];
}

/**
 * The RAG data flattened into one CSV for a pt-BR spreadsheet: section, item, field, value, one plain
 * value per row (nested data as one row per leaf, its path in the field).
 */
export function ragCsv(data: ReturnType<typeof ragData>): string {
  const rows: Cell[][] = [];
  const add = (section: string, item: string, value: unknown, field = '') => {
    for (const [path, cell] of leaves(value, field)) rows.push([section, item, path, cell]);
  };
  for (const [key, value] of Object.entries(data.context)) add('context', key, value);
  for (const provider of data.providers) {
    for (const [key, value] of Object.entries(provider)) add('providers', provider.name, value, key);
  }
  for (const plan of data.plans) {
    for (const [key, value] of Object.entries(plan)) add('plans', plan.name, value, key);
  }
  for (const metric of data.metrics) {
    const item = `${planLabel(metric.planType)} × ${formatDecimal(metric.quantity)}`;
    for (const [key, value] of Object.entries(metric)) add('metrics', item, value, key);
  }
  return toCsv(['secao', 'item', 'campo', 'valor'], rows);
}

const SPREADSHEET_HEADER = [
  'Provedor',
  'Status',
  'Tipo de plano',
  'Quantidade',
  'Custo unitário (R$)',
  'Custo total (R$)',
  'Preço mínimo (R$)',
  'Preço sugerido (R$)',
  'Margem sugerida (%)',
];

/** One row per provider tier, for a spreadsheet service. */
export function spreadsheetCsv(providers: readonly ProviderWithCosts[]): string {
  const suggested = new Map(
    consolidatedGroups(providers).flatMap((group) =>
      group.options.map((option) => [`${option.providerId}:${group.planType}:${group.quantity}`, option] as const),
    ),
  );
  const rows = providers.flatMap((provider) =>
    provider.costs.map((cost) => {
      const option = suggested.get(`${provider.id}:${cost.planType}:${cost.quantity}`);
      return [
        provider.name,
        provider.isActive ? 'Ativo' : 'Inativo',
        planLabel(cost.planType),
        cost.quantity,
        cost.unitCost,
        cost.totalCost,
        MINIMUM_SELL_PRICES[cost.planType],
        option ? fromCents(option.suggestedPriceCents) : null,
        option ? option.marginPercent : null,
      ] satisfies Cell[];
    }),
  );
  return toCsv(SPREADSHEET_HEADER, rows);
}
