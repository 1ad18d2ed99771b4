import { Coins, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { formatDecimal } from '@vitrine/domain/number-format';
import { CREDIT_SLIDER, PREPAID_PRICE_TIERS, prepaidPricePerCredit, prepaidTotal } from '@vitrine/domain/reseller-prices';
import { Button } from '@/components/ui/button';
import { Slider } from '@/components/ui/slider';
import { formatBRL } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Prepaid credits: 10 to 300 in steps of 10, 100 by default, priced by tier. */
export function CreditSlider() {
  const [credits, setCredits] = useState<number>(CREDIT_SLIDER.defaultValue);
  const pricePerCredit = prepaidPricePerCredit(credits);
  const total = prepaidTotal(credits);
  const tiers = [...PREPAID_PRICE_TIERS].reverse();

  return (
    <section aria-labelledby="prepago-titulo" className="bg-card rounded-2xl border p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-3">
        <span className="bg-accent text-primary flex size-11 shrink-0 items-center justify-center rounded-xl">
          <Coins className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="prepago-titulo" className="text-2xl font-bold">
            Créditos pré-pagos
          </h2>
          <p className="text-muted-foreground text-sm">Quanto mais créditos, menor o preço de cada um.</p>
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-6">
          <div className="flex items-baseline justify-between">
            <span id="creditos-label" className="text-sm font-medium">
              Quantidade de créditos
            </span>
            <output className="text-primary text-3xl font-extrabold" data-testid="credit-amount" aria-labelledby="creditos-label">
              {credits}
            </output>
          </div>
          <Slider
            aria-labelledby="creditos-label"
            min={CREDIT_SLIDER.min}
            max={CREDIT_SLIDER.max}
            step={CREDIT_SLIDER.step}
            value={[credits]}
            onValueChange={([value]) => value !== undefined && setCredits(value)}
          />
          <div className="text-muted-foreground flex justify-between text-xs">
            <span>{CREDIT_SLIDER.min}</span>
            <span>{CREDIT_SLIDER.max}</span>
          </div>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Faixas de preço">
            {tiers.map((tier, index) => {
              const next = tiers[index + 1];
              const active = tier.pricePerCredit === pricePerCredit;
              return (
                <li
                  key={tier.minCredits}
                  className={cn('rounded-lg border p-3 text-center text-sm', active && 'border-primary bg-accent/60 ring-primary/30 ring-2')}
                >
                  <span className="block font-semibold">{formatBRL(tier.pricePerCredit)}</span>
                  <span className="text-muted-foreground text-xs">
                    {next ? `${formatDecimal(tier.minCredits)} a ${formatDecimal(next.minCredits - 1)}` : `${formatDecimal(tier.minCredits)} ou mais`} créditos
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="bg-muted/60 flex flex-col justify-between gap-4 rounded-xl p-5">
          <dl className="space-y-3">
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground text-sm">Preço por crédito</dt>
              <dd className="font-semibold" data-testid="credit-unit-price">
                {formatBRL(pricePerCredit)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-2 border-t pt-3">
              <dt className="text-muted-foreground text-sm">Total</dt>
              <dd className="text-2xl font-extrabold" data-testid="credit-total">
                {formatBRL(total)}
              </dd>
            </div>
          </dl>
          <Button asChild variant="gradient" size="lg">
            <Link to={chatIntentHref({ kind: 'resell', planType: 'prepaid', credits })}>
              <Rocket aria-hidden />
              Começar Vendas
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
