// The metrics of a calculation and its health score, as the Calculadora and Métricas tabs show them.
import { formatBRL, fromCents } from '@vitrine/domain/money';
import type { PricingMetrics } from '@vitrine/domain/pricing/calculator';
import type { HealthColor } from '@vitrine/domain/pricing/health';
import { cn } from '@/lib/utils';

export const HEALTH_STYLES: Record<HealthColor, string> = {
  green: 'bg-emerald-600 text-white',
  'yellow-green': 'bg-lime-500 text-black',
  orange: 'bg-orange-500 text-black',
  red: 'bg-red-600 text-white',
};

const HEALTH_NAMES: Record<HealthColor, string> = { green: 'Saudável', 'yellow-green': 'Bom', orange: 'Atenção', red: 'Crítico' };

const percent = (value: number) => `${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
const money = (cents: number) => formatBRL(fromCents(cents));

export function HealthBadge({ score, color }: { score: number; color: HealthColor }) {
  return (
    <div className={cn('rounded-lg px-3 py-2 text-center', HEALTH_STYLES[color])} data-testid="saude" data-color={color}>
      <div className="text-2xl font-bold">{score}</div>
      <div className="text-xs font-medium">Saúde: {HEALTH_NAMES[color]}</div>
    </div>
  );
}

export function metricRows(metrics: PricingMetrics): [string, string][] {
  return [
    ['Custo unitário', money(metrics.unitCostCents)],
    ['Receita', money(metrics.revenueCents)],
    ['Custo', money(metrics.costCents)],
    ['Lucro bruto', money(metrics.grossProfitCents)],
    ['Margem bruta', percent(metrics.grossMarginPercent)],
    ['Markup', percent(metrics.markupPercent)],
    ['Custos fixos', money(metrics.fixedCostsCents)],
    ['EBITDA', money(metrics.ebitdaCents)],
    ['ROI', percent(metrics.roiPercent)],
    ['Lucro por unidade', money(metrics.unitProfitCents)],
    ['Ponto de equilíbrio', metrics.breakEvenUnits === null ? '—' : `${metrics.breakEvenUnits.toLocaleString('pt-BR')} unidades`],
  ];
}

export function MetricsGrid({ metrics }: { metrics: PricingMetrics }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {metricRows(metrics).map(([label, value]) => (
        <div key={label} className="bg-muted/40 min-w-0 rounded-md p-2">
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="font-semibold break-words" data-metric={label}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
