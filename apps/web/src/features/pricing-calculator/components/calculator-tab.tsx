// Calculadora: provider, plan type, quantity, sell price, discount and optional fixed costs, kept in
// the address so a calculation can be shared; the result only after 'Calcular'; saved calculations
// (recomputed by the server) listed per provider.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Calculator, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatBRL, formatDateTime, fromCents } from '@vitrine/domain/money';
import { formatDecimal, parseDecimal } from '@vitrine/domain/number-format';
import {
  calculatePricing,
  calculatorInputSchema,
  calculatorSearchParams,
  readCalculatorSearchParams,
  type CalculatorInput,
  type CalculatorResult,
} from '@vitrine/domain/pricing/calculator';
import { DISCOUNT_OPTIONS, discountOptionText, type DiscountOption } from '@vitrine/domain/pricing/discounts';
import { BILLING_PERIODS, PERIOD_LABELS, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { NO_TIER_MESSAGE, type ProviderWithCosts } from '@vitrine/domain/recharge';
import { adminPricingContract } from '@vitrine/domain/recharge.contract';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { decimalText } from '@/components/ui/decimal-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useProvidersWithCosts } from '@/lib/use-providers-with-costs';
import { useGlobalDiscount } from '../api/global-discount';
import { useLastCalculation } from '../lib/last-calculation';
import { BusinessRules } from './business-rules';
import { HealthBadge, MetricsGrid } from './metrics-view';

type Fields = Record<'providerId' | 'planType' | 'quantity' | 'sellPrice' | 'discount' | 'fixedCosts', string>;

const fromInput = (input: Partial<CalculatorInput>): Fields => ({
  providerId: input.providerId ?? '',
  planType: input.planType ?? 'monthly',
  quantity: decimalText(input.quantity),
  sellPrice: decimalText(input.sellPrice),
  discount: String(input.discount ?? 0),
  fixedCosts: input.fixedCosts === 0 ? '' : decimalText(input.fixedCosts),
});

/**
 * The preset discounts, plus the global one of Tabelas de Preço ('Global (7,5%)') and the one a shared
 * link carries ('Personalizado (7%)') when they are not presets.
 */
function discountOptions(current: string, global: number | undefined): DiscountOption[] {
  const options = [...DISCOUNT_OPTIONS];
  const add = (percentage: number, label: string) => {
    if (!options.some((option) => option.percentage === percentage)) options.push({ percentage, label });
  };
  if (global !== undefined) add(global, 'Global');
  const value = Number(current);
  if (current !== '' && Number.isFinite(value)) add(value, 'Personalizado');
  return options.sort((a, b) => a.percentage - b.percentage);
}

/** Only active providers that have at least one tier can be priced. */
export const priceableProviders = (providers: readonly ProviderWithCosts[]) => providers.filter((provider) => provider.isActive && provider.costs.length > 0);

export function CalculatorTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const providers = useProvidersWithCosts();
  useLoadErrorToast(providers.error, 'provedores');
  const [fields, setFields] = useState<Fields>(() => fromInput(readCalculatorSearchParams(Object.fromEntries(searchParams))));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const { last, setLast, clearLast } = useLastCalculation();
  // A new calculation starts from the global discount of Tabelas de Preço; a shared link keeps its own.
  const globalDiscount = useGlobalDiscount();
  const [discountChosen, setDiscountChosen] = useState(() => searchParams.has('desconto'));
  useEffect(() => {
    if (discountChosen || globalDiscount.data === undefined) return;
    setDiscountChosen(true);
    setFields((current) => ({ ...current, discount: String(globalDiscount.data) }));
  }, [discountChosen, globalDiscount.data]);
  const options = priceableProviders(providers.data ?? []);
  const fieldsKey = JSON.stringify(fields);
  // A result shows only for the inputs it was calculated from.
  const shown = last && last.fieldsKey === fieldsKey ? last : null;

  // Any change hides the result until 'Calcular' is pressed again.
  const set = (patch: Partial<Fields>) => {
    setFields((current) => ({ ...current, ...patch }));
    clearLast();
  };

  const calculate = () => {
    const parsed = calculatorInputSchema.safeParse({
      providerId: fields.providerId || undefined,
      planType: fields.planType,
      quantity: parseDecimal(fields.quantity),
      sellPrice: parseDecimal(fields.sellPrice),
      discount: parseDecimal(fields.discount) ?? 0,
      fixedCosts: parseDecimal(fields.fixedCosts) ?? 0,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    // Only a provider offered in the list (active, with tiers, loaded) can be priced.
    const provider = options.find((candidate) => candidate.id === parsed.data.providerId);
    if (!provider) {
      setErrors({ providerId: 'Selecione um provedor' });
      return;
    }
    setErrors({});
    const result = calculatePricing(parsed.data, provider.costs);
    setLast({ fieldsKey, input: parsed.data, providerName: provider.name, result });
    // The address carries the calculation, so the link can be shared.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(calculatorSearchParams(parsed.data));
        const tab = current.get('aba');
        if (tab) next.set('aba', tab);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <form
        noValidate
        aria-label="Dados do cálculo"
        className="bg-card grid content-start gap-4 rounded-lg border p-4"
        onSubmit={(event) => {
          event.preventDefault();
          calculate();
        }}
      >
        <Field id="calc-provedor" label="Provedor" error={errors.providerId}>
          <Select value={fields.providerId} onValueChange={(providerId) => set({ providerId })}>
            <SelectTrigger id="calc-provedor" className="w-full" aria-invalid={Boolean(errors.providerId)}>
              <SelectValue placeholder={providers.isError ? 'Provedores indisponíveis' : providers.isPending ? 'Carregando…' : 'Selecione um provedor'} />
            </SelectTrigger>
            <SelectContent>
              {options.map((provider) => (
                <SelectItem key={provider.id} value={provider.id}>
                  {provider.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {providers.isError && <LoadFailed what="os provedores" onRetry={() => void providers.refetch()} retrying={providers.isFetching} />}
        </Field>
        <Field id="calc-plano" label="Tipo de plano" error={errors.planType}>
          <Select value={fields.planType} onValueChange={(planType) => set({ planType })}>
            <SelectTrigger id="calc-plano" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BILLING_PERIODS.map((period) => (
                <SelectItem key={period} value={period}>
                  {PERIOD_LABELS[period]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id="calc-quantidade" label="Quantidade" error={errors.quantity}>
          <Input
            id="calc-quantidade"
            inputMode="numeric"
            value={fields.quantity}
            onChange={(event) => set({ quantity: event.target.value })}
            aria-invalid={Boolean(errors.quantity)}
          />
        </Field>
        <Field id="calc-preco" label="Preço de venda por unidade (R$)" error={errors.sellPrice}>
          <Input
            id="calc-preco"
            inputMode="decimal"
            value={fields.sellPrice}
            onChange={(event) => set({ sellPrice: event.target.value })}
            aria-invalid={Boolean(errors.sellPrice)}
          />
        </Field>
        <Field id="calc-desconto" label="Desconto" error={errors.discount}>
          <Select
            value={fields.discount}
            onValueChange={(discount) => {
              setDiscountChosen(true);
              set({ discount });
            }}
          >
            <SelectTrigger id="calc-desconto" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {discountOptions(fields.discount, globalDiscount.data).map((option) => (
                <SelectItem key={option.percentage} value={String(option.percentage)}>
                  {discountOptionText(option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id="calc-fixos" label="Custos fixos (R$, opcional)" error={errors.fixedCosts}>
          <Input
            id="calc-fixos"
            inputMode="decimal"
            value={fields.fixedCosts}
            onChange={(event) => set({ fixedCosts: event.target.value })}
            aria-invalid={Boolean(errors.fixedCosts)}
          />
        </Field>
        <Button type="submit">
          <Calculator className="size-4" aria-hidden /> Calcular
        </Button>
      </form>
      <div className="min-w-0 space-y-6">
        {shown ? (
          shown.result ? (
            <ResultPanel input={shown.input} providerName={shown.providerName} result={shown.result} />
          ) : (
            <p role="status" className="bg-card rounded-lg border p-4 text-sm">
              {NO_TIER_MESSAGE}
            </p>
          )
        ) : (
          <p className="text-muted-foreground bg-card rounded-lg border p-4 text-sm">Preencha os dados e clique em Calcular para ver o resultado.</p>
        )}
        <BusinessRules />
        {fields.providerId && <SavedCalculations providerId={fields.providerId} />}
      </div>
    </div>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-destructive text-xs" id={`${id}-erro`}>
          {error}
        </p>
      )}
    </div>
  );
}

function ResultPanel({ input, providerName, result }: { input: CalculatorInput; providerName: string; result: CalculatorResult }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => callEndpoint(adminPricingContract.saveCalculation, { body: input }),
    onSuccess: () => notify.success('Cálculo salvo', 'O servidor recalculou com as faixas em vigor.'),
    onError: (error) => notify.error('Erro ao salvar cálculo', error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pricing_calculations'] }),
  });
  return (
    <section aria-labelledby="resultado-titulo" className="bg-card space-y-4 rounded-lg border p-4" data-testid="resultado-calculo">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="resultado-titulo" className="text-lg font-semibold">
            Resultado
          </h2>
          <p className="text-muted-foreground text-sm">
            {providerName} · {PERIOD_LABELS[input.planType]} · {formatDecimal(input.quantity)} unidades a {formatBRL(input.sellPrice)} · faixa a partir de{' '}
            {formatDecimal(result.tier.quantity)} ({formatBRL(result.tier.unitCost)}) · desconto de {input.discount.toLocaleString('pt-BR')}% no custo
          </p>
        </div>
        <HealthBadge score={result.health.score} color={result.health.color} />
      </div>
      {result.warnings.map((warning) => (
        <p key={warning} role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm">
          {warning}
        </p>
      ))}
      <MetricsGrid metrics={result.metrics} />
      {result.insights.length > 0 && (
        <ul className="space-y-1 text-sm">
          {result.insights.map((insight) => (
            <li key={insight.text} className={insight.kind === 'warning' ? 'text-amber-600 dark:text-amber-400' : 'text-emerald-600 dark:text-emerald-400'}>
              {insight.text}
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" onClick={() => save.mutate()} disabled={save.isPending}>
        <Save className="size-4" aria-hidden /> Salvar cálculo
      </Button>
    </section>
  );
}

function SavedCalculations({ providerId }: { providerId: string }) {
  const saved = useQuery({
    queryKey: ['pricing_calculations', providerId],
    queryFn: ({ signal }) => callEndpoint(adminPricingContract.calculations, { query: { providerId, pageSize: 10 } }, { signal }),
    staleTime: CACHE_TTL.default,
    enabled: /^[0-9a-f-]{36}$/.test(providerId),
  });
  const rows = (saved.data?.items ?? []).map((item) => ({ ...item, planLabel: PERIOD_LABELS[item.planType as BillingPeriod] }));
  return (
    <section aria-labelledby="salvos-titulo" className="space-y-2">
      <h3 id="salvos-titulo" className="font-semibold">
        Cálculos salvos deste provedor
      </h3>
      {saved.isError && rows.length === 0 ? (
        <LoadFailed what="os cálculos salvos" onRetry={() => void saved.refetch()} retrying={saved.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum cálculo salvo.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left">
              <tr>
                <th className="p-2 font-medium">Data</th>
                <th className="p-2 font-medium">Plano</th>
                <th className="p-2 font-medium">Quantidade</th>
                <th className="p-2 font-medium">Preço</th>
                <th className="p-2 font-medium">Lucro bruto</th>
                <th className="p-2 font-medium">Saúde</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t">
                  <td className="p-2 whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
                  <td className="p-2">{row.planLabel}</td>
                  <td className="p-2">{formatDecimal(row.quantity)}</td>
                  <td className="p-2">{formatBRL(row.sellPrice)}</td>
                  <td className="p-2">{formatBRL(fromCents(row.result.metrics.grossProfitCents))}</td>
                  <td className="p-2">
                    <Badge variant="outline">{row.result.health.score}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
