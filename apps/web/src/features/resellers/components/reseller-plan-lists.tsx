import { CalendarCheck, Check, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { formatDecimal } from '@vitrine/domain/number-format';
import type { PublicResellerPlan } from '@vitrine/domain/resellers';
import { LoadError } from '@/components/errors/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBRL } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useResellerPlans } from '../api/get-reseller-plans';

function PlanFeatures({ features }: { features: string[] }) {
  return (
    <ul className="flex-1 space-y-2 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check className="text-success mt-0.5 size-4 shrink-0" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}

function MonthlyPlanCard({ plan, highlighted }: { plan: PublicResellerPlan; highlighted: boolean }) {
  return (
    <article
      aria-label={plan.name}
      className={`bg-card flex flex-col gap-4 rounded-2xl border p-6 shadow-sm ${highlighted ? 'border-primary ring-primary/30 ring-2' : ''}`}
    >
      <div className="flex min-h-6 flex-wrap gap-2">{highlighted && <Badge>Mais vendido</Badge>}</div>
      <div>
        <h3 className="text-lg font-semibold">{formatDecimal(plan.credits)} créditos/mês</h3>
        <p className="text-muted-foreground text-sm">{plan.description}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-extrabold">{formatBRL(plan.price)}</span>
        <span className="text-muted-foreground text-sm">/mês</span>
      </p>
      <PlanFeatures features={plan.features} />
      <Button asChild variant={highlighted ? 'gradient' : 'outline'}>
        <Link to={chatIntentHref({ kind: 'resell', planType: 'monthly', plan: plan.name })}>Começar Vendas</Link>
      </Button>
    </article>
  );
}

function ActiveUserPlanCard({ plan }: { plan: PublicResellerPlan }) {
  return (
    <article aria-label={plan.name} className="bg-card flex flex-col gap-4 rounded-2xl border p-6 shadow-sm">
      <div>
        <h3 className="text-lg font-semibold">{formatDecimal(plan.credits)} clientes ativos</h3>
        <p className="text-muted-foreground text-sm">{plan.description}</p>
      </div>
      {/* In an active-user plan one credit pays for one active client, so the price reads per client. */}
      <dl className="space-y-1">
        <div className="flex items-baseline gap-1">
          <dt className="sr-only">Preço por cliente ativo</dt>
          <dd className="text-3xl font-extrabold">{formatBRL(plan.pricePerCredit ?? plan.price / Math.max(1, plan.credits))}</dd>
          <span className="text-muted-foreground text-sm" aria-hidden>
            /cliente ativo
          </span>
        </div>
        <div className="text-muted-foreground flex gap-1 text-sm">
          <dt>Mínimo mensal:</dt>
          <dd className="text-foreground font-medium">{formatBRL(plan.minimumMonthly ?? plan.price)}</dd>
        </div>
      </dl>
      <PlanFeatures features={plan.features} />
      <Button asChild variant="outline">
        <Link to={chatIntentHref({ kind: 'resell', planType: 'active_users', plan: plan.name })}>Começar Vendas</Link>
      </Button>
    </article>
  );
}

function SectionHeading({ id, icon: Icon, title, text }: { id: string; icon: typeof Check; title: string; text: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="bg-accent text-primary flex size-11 shrink-0 items-center justify-center rounded-xl">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{text}</p>
      </div>
    </div>
  );
}

/** Monthly plans and active-user plans, from the active reseller plans. */
export function ResellerPlanLists() {
  const plans = useResellerPlans();
  useLoadErrorToast(plans.error, 'planos de revenda');
  const monthly = (plans.data ?? []).filter((plan) => plan.type === 'monthly').sort((a, b) => a.credits - b.credits);
  const activeUsers = (plans.data ?? []).filter((plan) => plan.type === 'active_users').sort((a, b) => a.credits - b.credits);
  // The second monthly plan is the one most resellers pick; it gets the highlight.
  const highlightedId = monthly[1]?.id;
  const skeletons = (count: number) => Array.from({ length: count }, (_, index) => <Skeleton key={index} className="h-72 rounded-2xl" />);
  const failed = plans.isError && plans.data === undefined;
  const loaded = plans.data !== undefined;

  return (
    <>
      <section aria-labelledby="mensal-titulo" className="space-y-6">
        <SectionHeading id="mensal-titulo" icon={CalendarCheck} title="Planos mensais" text="Créditos todo mês por um valor fixo." />
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {plans.isPending ? skeletons(4) : monthly.map((plan) => <MonthlyPlanCard key={plan.id} plan={plan} highlighted={plan.id === highlightedId} />)}
        </div>
        {failed && <LoadError title="Não foi possível carregar os planos mensais." query={plans} />}
        {loaded && monthly.length === 0 && <p className="text-muted-foreground text-sm">Nenhum plano mensal disponível no momento.</p>}
      </section>
      <section aria-labelledby="ativos-titulo" className="space-y-6">
        <SectionHeading
          id="ativos-titulo"
          icon={UserCheck}
          title="Planos por clientes ativos"
          text="Pague apenas pelos clientes que estão usando, com um mínimo mensal."
        />
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {plans.isPending ? skeletons(3) : activeUsers.map((plan) => <ActiveUserPlanCard key={plan.id} plan={plan} />)}
        </div>
        {failed && <LoadError title="Não foi possível carregar os planos por clientes ativos." query={plans} />}
        {loaded && activeUsers.length === 0 && <p className="text-muted-foreground text-sm">Nenhum plano por clientes ativos disponível no momento.</p>}
      </section>
    </>
  );
}
