// Métricas: the metrics of the last calculation, its health score with each component's points, the
// insights and a chart (recharts, loaded only when this tab opens).
import { lazy, Suspense } from 'react';
import { HEALTH_SCORE_TABLE, POSITIVE_EBITDA_POINTS } from '@vitrine/domain/pricing/health';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLastCalculation } from '../lib/last-calculation';
import { HealthBadge, MetricsGrid } from './metrics-view';

const MetricsChart = lazy(() => import('./metrics-chart'));

const COMPONENT_NAMES = { grossMarginPercent: 'Margem bruta', roiPercent: 'ROI', markupPercent: 'Markup' } as const;

export function MetricsTab({ onGoToCalculator }: { onGoToCalculator: () => void }) {
  const { last } = useLastCalculation();
  if (!last?.result) {
    return (
      <div className="bg-card space-y-3 rounded-lg border p-4 text-sm">
        <p>Faça um cálculo na aba Calculadora para ver as métricas.</p>
        <Button variant="outline" onClick={onGoToCalculator}>
          Ir para a Calculadora
        </Button>
      </div>
    );
  }
  const { result, providerName } = last;
  const { metrics } = result;
  const components = [
    ...HEALTH_SCORE_TABLE.map(({ metric, steps }) => ({
      name: COMPONENT_NAMES[metric],
      rule: steps.map((step) => `> ${step.above}%: ${step.points}`).join(' · '),
      points: steps.find((step) => metrics[metric] > step.above)?.points ?? 0,
    })),
    { name: 'EBITDA', rule: `> 0: ${POSITIVE_EBITDA_POINTS}`, points: metrics.ebitdaCents > 0 ? POSITIVE_EBITDA_POINTS : 0 },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Métricas de {providerName}</h2>
          <p className="text-muted-foreground text-sm">Do último cálculo feito na aba Calculadora.</p>
        </div>
        <HealthBadge score={result.health.score} color={result.health.color} />
      </div>
      <MetricsGrid metrics={metrics} />
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Pontos da saúde financeira</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="p-2 font-medium">Componente</th>
              <th className="p-2 font-medium">Regra</th>
              <th className="p-2 font-medium">Pontos</th>
            </tr>
          </thead>
          <tbody>
            {components.map((component) => (
              <tr key={component.name} className="border-t">
                <td className="p-2">{component.name}</td>
                <td className="text-muted-foreground p-2">{component.rule}</td>
                <td className="p-2 font-semibold">{component.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.insights.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {result.insights.map((insight) => (
            <li key={insight.text} className={insight.kind === 'warning' ? 'text-amber-600 dark:text-amber-400' : 'text-emerald-600 dark:text-emerald-400'}>
              {insight.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">Nenhum alerta para este cálculo.</p>
      )}
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <MetricsChart metrics={metrics} />
      </Suspense>
    </div>
  );
}
