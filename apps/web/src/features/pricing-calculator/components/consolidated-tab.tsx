// Consolidado: every active provider's tiers per plan type and quantity, with the suggested price,
// margin colours, warnings, the best option marked, and the CSV the server builds from the same rules.
import { Download } from 'lucide-react';
import { formatBRL, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { consolidatedView, type MarginColor } from '@vitrine/domain/pricing/consolidated';
import { BILLING_PERIODS, PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useDownloadExport } from '../api/exports';
import { useGlobalDiscount } from '../api/global-discount';
import { useProvidersWithCosts } from '../api/providers';
import { BusinessRules } from './business-rules';

const MARGIN_STYLES: Record<MarginColor, string> = {
  green: 'text-emerald-600 dark:text-emerald-400',
  yellow: 'text-amber-600 dark:text-amber-400',
  red: 'text-red-600 dark:text-red-400',
};

export function ConsolidatedTab() {
  const providers = useProvidersWithCosts();
  const globalDiscount = useGlobalDiscount();
  const download = useDownloadExport();
  if (providers.isError && !providers.data) return <LoadFailed what="os provedores" onRetry={() => void providers.refetch()} retrying={providers.isFetching} />;
  if (providers.isPending) return <Skeleton className="h-64 w-full" />;
  const groups = consolidatedView(
    (providers.data ?? [])
      .filter((provider) => provider.isActive)
      .map((provider) => ({
        id: provider.id,
        name: provider.name,
        isActive: true,
        tiers: provider.costs.map(({ planType, quantity, unitCost }) => ({ planType, quantity, unitCost })),
      })),
  );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground min-w-0 flex-1 text-sm">
          Preço sugerido = o maior entre o preço mínimo do plano e 2,5 × o custo unitário. Margem: verde acima de 50%, amarela acima de 30%.{' '}
          <span data-testid="consolidado-desconto">
            Custos das faixas sem desconto: o desconto global{globalDiscount.data ? ` (${globalDiscount.data.toLocaleString('pt-BR')}%)` : ''} vale nas Tabelas
            de Preço e como desconto inicial da Calculadora.
          </span>
        </p>
        <Button onClick={() => download.mutate('consolidated')} disabled={download.isPending}>
          <Download className="size-4" aria-hidden /> Exportar CSV
        </Button>
      </div>
      <BusinessRules />
      {groups.length === 0 && <p className="text-muted-foreground text-sm">Nenhum provedor ativo com faixas de custo.</p>}
      {BILLING_PERIODS.map((planType) => {
        const ofPlan = groups.filter((group) => group.planType === planType);
        if (ofPlan.length === 0) return null;
        return (
          <section key={planType} aria-labelledby={`consolidado-${planType}`} className="space-y-2">
            <h3 id={`consolidado-${planType}`} className="font-semibold">
              {PERIOD_LABELS[planType]}
            </h3>
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm">
                <thead className="bg-muted/50 text-left">
                  <tr>
                    <th className="p-2 font-medium">Quantidade</th>
                    <th className="p-2 font-medium">Provedor</th>
                    <th className="p-2 font-medium">Custo unitário</th>
                    <th className="p-2 font-medium">Preço sugerido</th>
                    <th className="p-2 font-medium">Margem</th>
                    <th className="p-2 font-medium">Avisos</th>
                  </tr>
                </thead>
                <tbody>
                  {ofPlan.flatMap((group) =>
                    group.options.map((option) => (
                      <tr key={`${group.quantity}-${option.providerId}`} className="border-t">
                        <td className="p-2">{formatDecimal(group.quantity)}</td>
                        <td className="p-2">
                          <span className="break-words">{option.providerName}</span>
                          {option === group.best && <Badge className="ml-2">Melhor opção</Badge>}
                        </td>
                        <td className="p-2 whitespace-nowrap">{formatBRL(fromCents(option.unitCostCents))}</td>
                        <td className="p-2 whitespace-nowrap">{formatBRL(fromCents(option.suggestedPriceCents))}</td>
                        <td className={cn('p-2 font-semibold whitespace-nowrap', MARGIN_STYLES[option.marginColor])} data-margin-color={option.marginColor}>
                          {option.marginPercent.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%
                        </td>
                        <td className="p-2 text-xs">{option.warnings.join(' ') || '—'}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </div>
  );
}
