import { useState } from 'react';
import { BILLING_PERIODS, DEFAULT_BILLING_PERIOD, PERIOD_OPTION_LABELS, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { LoadError } from '@/components/errors/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';

const isPeriod = (value: string): value is BillingPeriod => (BILLING_PERIODS as readonly string[]).includes(value);

export function PlansSection() {
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  const plans = usePlans();
  useLoadErrorToast(plans.error, 'planos');
  const failed = plans.isError && plans.data === undefined;

  return (
    <section id="planos" aria-labelledby="planos-titulo" className="scroll-mt-20 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="planos-titulo" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Escolha seu plano
          </h2>
          <p className="text-muted-foreground mt-3">Sem fidelidade. Quanto maior o período, maior a economia.</p>
        </div>
        <div className="mt-8 flex justify-center">
          <ToggleGroup
            type="single"
            value={period}
            onValueChange={(value) => isPeriod(value) && setPeriod(value)}
            aria-label="Período de cobrança"
            className="grid w-full max-w-sm grid-cols-2 gap-1 sm:flex sm:w-fit sm:max-w-none"
          >
            {BILLING_PERIODS.map((option) => (
              <ToggleGroupItem key={option} value={option} className="px-2.5 sm:px-3">
                {PERIOD_OPTION_LABELS[option]}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {plans.isPending && Array.from({ length: 3 }, (_, index) => <Skeleton key={index} data-testid="plans-loading" className="h-[30rem] rounded-2xl" />)}
          {/* In the order the server decides (cheapest first unless the admin sets one). */}
          {plans.data?.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </div>
        {failed && <LoadError title="Não foi possível carregar os planos." query={plans} />}
        {plans.data?.length === 0 && <p className="text-muted-foreground mt-6 text-center">Nenhum plano disponível no momento.</p>}
      </div>
    </section>
  );
}
