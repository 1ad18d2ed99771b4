import { Link } from 'react-router';
import type { PublicPlan } from '@vitrine/domain/catalog';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { PERIOD_SUFFIXES, savingsFor, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { PlanIcon } from '@/components/plan-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatBRL } from '@/lib/format';
import { cn } from '@/lib/utils';

const PERIOD_NOUNS: Record<Exclude<BillingPeriod, 'monthly'>, string> = {
  quarterly: 'trimestre',
  semiannual: 'semestre',
  annual: 'ano',
};

export function PlanCard({ plan, period }: { plan: PublicPlan; period: BillingPeriod }) {
  const price = plan.pricing[period];
  const savings = period === 'monthly' ? null : savingsFor(plan.pricing, period);
  const highlighted = plan.isPopular || plan.isSpecial;
  return (
    <article
      aria-label={`Plano ${plan.name}`}
      data-testid="plan-card"
      className={cn(
        'bg-card relative flex flex-col gap-5 rounded-2xl border p-6 shadow-sm transition-shadow hover:shadow-md',
        plan.isPopular && 'border-primary ring-primary/30 ring-2',
        plan.isSpecial && !plan.isPopular && 'border-fuchsia-400/70',
      )}
    >
      <div className={cn('flex flex-wrap gap-2', !plan.isSpecial && !plan.isPopular && !savings?.percentage ? 'hidden md:block md:h-6' : 'min-h-6')}>
        {plan.isSpecial && <Badge className="bg-fuchsia-600 text-white">Destaque</Badge>}
        {plan.isPopular && <Badge>Mais Popular</Badge>}
        {savings && savings.percentage > 0 && <Badge variant="success">Economize {savings.percentage}%</Badge>}
      </div>
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-12 items-center justify-center rounded-xl',
            highlighted ? 'bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white' : 'bg-accent text-primary',
          )}
        >
          <PlanIcon name={plan.icon} className="size-6" />
        </span>
        <h3 className="text-xl font-bold">{plan.name}</h3>
      </div>
      <div>
        <p className="flex flex-wrap items-baseline gap-1">
          <span className="text-3xl font-extrabold tracking-tight sm:text-4xl" data-testid="plan-price">
            {formatBRL(price)}
          </span>
          <span className="text-muted-foreground text-sm">{PERIOD_SUFFIXES[period]}</span>
        </p>
        {savings && period !== 'monthly' && (
          <dl className="bg-success/10 mt-3 space-y-1 rounded-lg p-3 text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Economia por {PERIOD_NOUNS[period]}</dt>
              <dd className="text-success font-semibold">{formatBRL(savings.amount)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Equivale a</dt>
              <dd className="font-semibold">{formatBRL(savings.equivalentMonthly)}/mês</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Economia mensal</dt>
              <dd className="text-success font-semibold">{formatBRL(savings.monthlySavings)}</dd>
            </div>
          </dl>
        )}
      </div>
      <ul className="flex-1 space-y-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.text} className="flex items-start gap-2.5">
            <PlanIcon name={feature.icon} className="text-primary mt-0.5 size-4 shrink-0" />
            <span>{feature.text}</span>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={highlighted ? 'gradient' : 'outline'} className="w-full">
        <Link to={chatIntentHref({ kind: 'plan', plan: plan.name, period })}>Escolher Plano</Link>
      </Button>
    </article>
  );
}
