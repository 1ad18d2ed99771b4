// Tabelas de Preço: the reference unit price by plan type and quantity tier, under one global
// discount (0 to 100, step 0.1) kept on the server, and the minimum sell price of each plan type.
// The field follows the stored discount live (another admin's save shows within seconds) until this
// admin types an edit of their own; then it keeps the edit and says the stored value changed. A save
// names the stored version the field started from: one made after another admin's is refused, with the
// value stored now, and saving again replaces it knowingly.
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { formatBRL, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { discountPercentSchema } from '@vitrine/domain/pricing/discounts';
import { MINIMUM_SELL_PRICES } from '@vitrine/domain/pricing/minimum-prices';
import { BILLING_PERIODS, PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import { referencePriceTables } from '@vitrine/domain/pricing/reference-tables';
import { Form, readTexts, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { Button } from '@/components/ui/button';
import { decimalText } from '@/components/ui/decimal-input';
import { staleEditCurrent } from '@/lib/stale-edit';
import { toStoredDiscount, useSaveGlobalDiscount, useStoredGlobalDiscount, type StoredDiscount } from '../api/global-discount';
import { BusinessRules } from './business-rules';

const percentText = (percent: number) => `${percent.toLocaleString('pt-BR')}%`;

const DISCOUNT_FIELD = {
  key: 'global',
  label: 'Desconto global (%)',
  kind: 'number',
  input: { 'aria-describedby': 'desconto-global-ajuda' },
} satisfies FieldSpec;
const FIELDS: FieldSpec[] = [DISCOUNT_FIELD];
const discountFormSchema = z.object({ global: discountPercentSchema });

export function ReferenceTablesTab() {
  const stored = useStoredGlobalDiscount();
  const saveDiscount = useSaveGlobalDiscount();
  // The stored discount the field started from (a save names its version); null until it is read.
  const [base, setBase] = useState<StoredDiscount | null>(null);
  // A save refused because another admin's came first: its message, while the field holds what was refused.
  const [refusal, setRefusal] = useState<{ message: string; text: string } | null>(null);
  // Its message shows as it is typed, as the tables below change.
  const form = useSchemaForm({ fields: FIELDS, schema: discountFormSchema, initial: {}, mode: 'onChange' });
  const typed = String(useWatch({ control: form.control, name: 'global' }) ?? '');
  // The field's text as it is typed, read as the save reads it: the tables follow it.
  const live = discountPercentSchema.safeParse(readTexts(FIELDS, { global: typed }).global);
  const holds = (percent: number) => live.success && live.data === percent;
  const edited = base !== null && !holds(base.percent);
  const refused = refusal !== null && refusal.text === typed ? refusal.message : null;
  const follow = (latest: StoredDiscount) => {
    setBase(latest);
    form.reset({ global: decimalText(latest.percent) });
    setRefusal(null);
  };

  // A newly read stored discount: the first fills the field; a later one (another admin's save) replaces
  // it unless the field holds an edit, which is kept (the notice below names the stored value).
  useEffect(() => {
    const latest = stored.data;
    if (!latest || latest.updatedAt === base?.updatedAt) return;
    if (base === null || !edited) follow(latest);
    else if (holds(latest.percent)) setBase(latest);
  }, [stored.data]); // eslint-disable-line react-hooks/exhaustive-deps
  // The stored value the notice offers: the one a refused save was answered with, or one saved
  // elsewhere while the field holds an edit.
  const changedElsewhere = edited && stored.data !== undefined && stored.data.updatedAt !== base?.updatedAt ? stored.data : null;
  const offered = refused !== null ? base : changedElsewhere;

  const save = async ({ global: percent }: { global: number }): Promise<WriteOutcome> => {
    try {
      const saved = await saveDiscount.mutateAsync({ percent, expectedUpdatedAt: base?.updatedAt ?? null });
      setBase(saved);
      setRefusal(null);
      return { ok: true };
    } catch (error) {
      const message = (error as Error).message;
      const current = staleEditCurrent(error as Error);
      if (current !== undefined) {
        // Refused: nothing was saved. The edit stays; the next save starts from the value stored now.
        const now = toStoredDiscount(current);
        setBase(now);
        setRefusal({ message: `${message} Valor salvo agora: ${percentText(now.percent)}.`, text: typed });
      }
      return { ok: false, title: 'Erro ao salvar o desconto global', description: message };
    }
  };
  // A failed save keeps the field as typed; its toast (and the notice, when refused) says why.
  const { submit, saving } = useSaveKeepingInput(form, save);

  const tables = referencePriceTables(live.success ? live.data : 0);
  return (
    <div className="space-y-6">
      <Form onSubmit={submit} aria-label="Desconto global">
        {/* Nothing to edit until the stored discount is read. */}
        <fieldset disabled={base === null} className="flex min-w-0 flex-wrap items-end gap-2">
          <SchemaField form={form} field={DISCOUNT_FIELD} idPrefix="desconto" className="w-40" />
          <Button type="submit" variant={edited ? 'default' : 'outline'} disabled={!live.success || saving}>
            <Save className="size-4" aria-hidden /> Salvar desconto
          </Button>
          <p id="desconto-global-ajuda" className="text-muted-foreground w-full text-xs">
            {/* A text that is no valid discount is said under the field instead. */}
            {live.success && 'Vale para todas as tabelas abaixo e é o desconto inicial da Calculadora. Fica salvo para todos os administradores.'}
            {edited && ' Alteração ainda não salva.'}
          </p>
          {offered && (
            <div role="alert" className="border-destructive/40 bg-destructive/5 flex w-full flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
              <span className="min-w-0 flex-1 basis-64" data-testid="desconto-global-conflito">
                {refused ?? `Outro administrador salvou ${percentText(offered.percent)} enquanto você editava. O seu valor ainda não foi salvo.`}
              </span>
              <Button type="button" size="sm" variant="outline" onClick={() => follow(offered)}>
                Usar {percentText(offered.percent)}
              </Button>
            </div>
          )}
        </fieldset>
      </Form>
      <BusinessRules />
      <div className="grid gap-4 md:grid-cols-2">
        {BILLING_PERIODS.map((planType) => (
          <section key={planType} aria-labelledby={`tabela-${planType}`} className="bg-card min-w-0 rounded-lg border p-4">
            <h3 id={`tabela-${planType}`} className="font-semibold">
              {PERIOD_LABELS[planType]}
            </h3>
            <p className="text-muted-foreground mb-2 text-xs">Preço mínimo de venda ao cliente: {formatBRL(MINIMUM_SELL_PRICES[planType])}</p>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-muted-foreground text-left text-xs">
                  <tr>
                    <th className="py-1 pr-2 font-medium">A partir de</th>
                    <th className="py-1 pr-2 font-medium">Preço base</th>
                    <th className="py-1 font-medium">Com desconto</th>
                  </tr>
                </thead>
                <tbody>
                  {tables[planType].map((row) => (
                    <tr key={row.quantity} className="border-t">
                      <td className="py-1 pr-2">{formatDecimal(row.quantity)}</td>
                      <td className="py-1 pr-2">{formatBRL(fromCents(row.basePriceCents))}</td>
                      <td className="py-1 font-semibold">{formatBRL(fromCents(row.priceCents))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
