// /pricing-calculator: nine tabs, the open one kept in the address ('?aba=consolidado').
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LastCalculationProvider } from '../lib/last-calculation';
import { CalculatorTab } from './calculator-tab';
import { ConsolidatedTab } from './consolidated-tab';
import { MetricsTab } from './metrics-tab';
import { RagTab } from './rag-tab';
import { ReferenceTablesTab } from './reference-tables-tab';

export const PRICING_TABS = [
  { id: 'calculadora', label: 'Calculadora' },
  { id: 'tabelas', label: 'Tabelas de Preço' },
  { id: 'provedores', label: 'Provedores' },
  { id: 'fornecedores', label: 'Fornecedores Completo' },
  { id: 'planos', label: 'Planos para Clientes' },
  { id: 'metricas', label: 'Métricas' },
  { id: 'consolidado', label: 'Consolidado' },
  { id: 'dados-rag', label: 'Dados RAG' },
  { id: 'creditos', label: 'Créditos' },
] as const;
export type PricingTabId = (typeof PRICING_TABS)[number]['id'];

/** The tabs whose content the admin's recharge and catalogue sections provide. */
export type ManagedTabs = Record<'provedores' | 'fornecedores' | 'planos' | 'creditos', ReactNode>;

/** `account`: the account's controls ('Sair'), composed by the route. */
export function PricingCalculatorPage({ managedTabs, account }: { managedTabs: ManagedTabs; account?: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('aba');
  const tab: PricingTabId = PRICING_TABS.some((candidate) => candidate.id === requested) ? (requested as PricingTabId) : 'calculadora';
  const open = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('aba', next);
        return params;
      },
      { replace: false },
    );

  // On a narrow screen the tab list scrolls: the open tab is brought into view (a link to '?aba=creditos').
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabList.current?.querySelector<HTMLElement>('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  // When some tabs are out of view, a hint says so and a fade marks the side they are on.
  const [hidden, setHidden] = useState({ before: false, after: false });
  useEffect(() => {
    const list = tabList.current;
    if (!list) return;
    const measure = () => setHidden({ before: list.scrollLeft > 1, after: list.scrollLeft + list.clientWidth < list.scrollWidth - 1 });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    list.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', measure);
    };
  }, []);

  const content: Record<PricingTabId, ReactNode> = {
    calculadora: <CalculatorTab />,
    tabelas: <ReferenceTablesTab />,
    metricas: <MetricsTab onGoToCalculator={() => open('calculadora')} />,
    consolidado: <ConsolidatedTab />,
    'dados-rag': <RagTab />,
    ...managedTabs,
  };

  return (
    <LastCalculationProvider>
      <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">Calculadora de Preços</h1>
            <p className="text-muted-foreground text-sm">Preços, margens e rentabilidade para a revenda de créditos de streaming.</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" asChild>
              <Link to="/admin">
                <ArrowLeft className="size-4" aria-hidden /> Painel admin
              </Link>
            </Button>
            {account}
          </div>
        </div>
        <Tabs value={tab} onValueChange={open} className="min-w-0">
          <div className="relative -mx-4 sm:mx-0">
            <div ref={tabList} className="overflow-x-auto px-4 sm:px-0">
              <TabsList className="w-max">
                {PRICING_TABS.map((candidate) => (
                  <TabsTrigger key={candidate.id} value={candidate.id}>
                    {candidate.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            {hidden.before && <div aria-hidden className="from-background pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r" />}
            {hidden.after && <div aria-hidden className="from-background pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l" />}
          </div>
          {(hidden.before || hidden.after) && (
            <p className="text-muted-foreground mt-1 text-xs" data-testid="dica-abas">
              Deslize para ver as {PRICING_TABS.length} abas.
            </p>
          )}
          {PRICING_TABS.map((candidate) => (
            <TabsContent key={candidate.id} value={candidate.id} className="min-w-0 pt-4">
              {content[candidate.id]}
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </LastCalculationProvider>
  );
}
