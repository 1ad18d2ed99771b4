// Calculadora: provider, plan type, quantity, sell price, discount and optional fixed costs, in the one
// form primitive (numbers typed the pt-BR way: '1.500' is a thousand five hundred), kept in the address
// so a calculation can be shared; the result only after 'Calcular', and only while the inputs are the
// ones it was calculated from; saved calculations (recomputed by the server) listed per provider.
import { Calculator, Save } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { formatBRL, formatDateTime, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
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
import { Form, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec, type FormTexts } from '@/components/form/schema-form';
import { textsSchema } from '@/components/form/texts-schema';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSaveCalculation, useSavedCalculations } from '../api/calculations';
import { useGlobalDiscount } from '../api/global-discount';
import { useProvidersWithCosts } from '../api/providers';
import { useLastCalculation } from '../lib/last-calculation';
import { BusinessRules } from './business-rules';
import { HealthBadge, MetricsGrid } from './metrics-view';

/** The fields; the two lists of choices (providers, discounts) are filled in when they are shown. */
const FIELD = {
  providerId: { key: 'providerId', label: 'Provedor', kind: 'select', options: [] },
  planType: {
    key: 'planType',
    label: 'Tipo de plano',
    kind: 'select',
    options: BILLING_PERIODS.map((period) => ({ value: period, label: PERIOD_LABELS[period] })),
  },
  quantity: { key: 'quantity', label: 'Quantidade', kind: 'number' },
  sellPrice: { key: 'sellPrice', label: 'Preço de venda por unidade (R$)', kind: 'money' },
  discount: { key: 'discount', label: 'Desconto', kind: 'select', options: [] },
  fixedCosts: { key: 'fixedCosts', label: 'Custos fixos (R$, opcional)', kind: 'money', nullable: true },
} satisfies Record<string, FieldSpec>;
const CALCULATOR_FIELDS: FieldSpec[] = Object.values(FIELD);

/** The calculator's own schema behind the fields: the discount is a chosen percentage, and no fixed costs are 0. */
const calculatorFormSchema = z.preprocess((values) => {
  const { discount, fixedCosts, ...rest } = values as Record<string, unknown>;
  return { ...rest, discount: discount === '' ? 0 : Number(discount), fixedCosts: fixedCosts ?? 0 };
}, calculatorInputSchema);
const calculatorTexts = textsSchema(CALCULATOR_FIELDS, calculatorFormSchema);

/** What a result is kept under: the inputs the texts stand for (null while they are not a valid calculation). */
const inputKey = (texts: Record<string, unknown>) => {
  const parsed = calculatorTexts.safeParse(texts);
  return parsed.success ? JSON.stringify(parsed.data) : null;
};

/** A calculation's values as the form starts from them (a shared link's, or none); no fixed costs is an empty field. */
const initialValues = (input: Partial<CalculatorInput>): Record<string, unknown> => ({
  ...input,
  planType: input.planType ?? 'monthly',
  discount: String(input.discount ?? 0),
  fixedCosts: input.fixedCosts === 0 ? undefined : input.fixedCosts,
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
  // The form starts from the address (read once: later changes of it are the form's own calculations).
  const form = useSchemaForm({
    fields: CALCULATOR_FIELDS,
    schema: calculatorFormSchema,
    initial: initialValues(readCalculatorSearchParams(Object.fromEntries(searchParams))),
  });
  const texts = useWatch({ control: form.control }) as FormTexts;
  const { last, setLast, clearLast } = useLastCalculation();
  const options = priceableProviders(providers.data ?? []);

  // A new calculation starts from the global discount of Tabelas de Preço, unless a discount was chosen
  // first; a shared link keeps its own.
  const globalDiscount = useGlobalDiscount();
  const discountSettled = useRef(searchParams.has('desconto'));
  useEffect(() => {
    if (discountSettled.current || globalDiscount.data === undefined) return;
    discountSettled.current = true;
    const { isDirty, isTouched } = form.getFieldState('discount');
    if (!isDirty && !isTouched) form.setValue('discount', String(globalDiscount.data));
  }, [form, globalDiscount.data]);

  // A result shows only for the inputs it was calculated from; any change of them hides it until
  // 'Calcular' is pressed again.
  const key = inputKey(texts);
  const shown = last && last.fieldsKey === key ? last : null;
  const previousKey = useRef(key);
  useEffect(() => {
    if (previousKey.current === key) return;
    previousKey.current = key;
    if (last && last.fieldsKey !== key) clearLast();
  }, [key, last, clearLast]);

  const calculate = async (input: CalculatorInput): Promise<WriteOutcome> => {
    // Only a provider offered in the list (active, with tiers, loaded) can be priced.
    const provider = options.find((candidate) => candidate.id === input.providerId);
    if (!provider) {
      form.setError('providerId', { message: 'Selecione um provedor' });
      return { ok: false, title: 'Selecione um provedor', description: '' };
    }
    const result = calculatePricing(input, provider.costs);
    setLast({ fieldsKey: JSON.stringify(input), input, providerName: provider.name, result });
    // The address carries the calculation, so the link can be shared.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(calculatorSearchParams(input));
        const tab = current.get('aba');
        if (tab) next.set('aba', tab);
        return next;
      },
      { replace: true },
    );
    return { ok: true };
  };
  // Nothing is sent: 'Calcular' prices the inputs here, and a failure is said under its field.
  const { submit } = useSaveKeepingInput(form, calculate);

  const providerId = String(texts.providerId ?? '');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <Form onSubmit={submit} aria-label="Dados do cálculo" className="bg-card grid content-start gap-4 rounded-lg border p-4">
        <SchemaField
          form={form}
          idPrefix="calc"
          field={{
            ...FIELD.providerId,
            options: options.map((provider) => ({ value: provider.id, label: provider.name })),
            placeholder: providers.isError ? 'Provedores indisponíveis' : providers.isPending ? 'Carregando…' : 'Selecione um provedor',
          }}
          extra={providers.isError && <LoadFailed what="os provedores" onRetry={() => void providers.refetch()} retrying={providers.isFetching} />}
        />
        <SchemaField form={form} idPrefix="calc" field={FIELD.planType} />
        <SchemaField form={form} idPrefix="calc" field={FIELD.quantity} />
        <SchemaField form={form} idPrefix="calc" field={FIELD.sellPrice} />
        <SchemaField
          form={form}
          idPrefix="calc"
          field={{
            ...FIELD.discount,
            options: discountOptions(String(texts.discount ?? ''), globalDiscount.data).map((option) => ({
              value: String(option.percentage),
              label: discountOptionText(option),
            })),
          }}
        />
        <SchemaField form={form} idPrefix="calc" field={FIELD.fixedCosts} />
        <Button type="submit">
          <Calculator className="size-4" aria-hidden /> Calcular
        </Button>
      </Form>
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
        {providerId && <SavedCalculations providerId={providerId} />}
      </div>
    </div>
  );
}

function ResultPanel({ input, providerName, result }: { input: CalculatorInput; providerName: string; result: CalculatorResult }) {
  const save = useSaveCalculation();
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
      <Button variant="outline" onClick={() => save.mutate(input)} disabled={save.isPending}>
        <Save className="size-4" aria-hidden /> Salvar cálculo
      </Button>
    </section>
  );
}

function SavedCalculations({ providerId }: { providerId: string }) {
  const saved = useSavedCalculations(providerId);
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
