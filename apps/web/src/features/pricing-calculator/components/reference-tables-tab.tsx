// Tabelas de Preço: the reference unit price by plan type and quantity tier, under one global
// discount (0 to 100, step 0.1) kept on the server, and the minimum sell price of each plan type.
// The field follows the stored discount live (another admin's save shows within seconds) until this
// admin types an edit of their own; then it keeps the edit and says the stored value changed. A save
// names the stored version the field started from: one made after another admin's is refused, with the
// value stored now, and saving again replaces it knowingly.
import { Save } from 'lucide-react';
import { useState } from 'react';
import { formatBRL, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { discountPercentSchema } from '@vitrine/domain/pricing/discounts';
import { MINIMUM_SELL_PRICES } from '@vitrine/domain/pricing/minimum-prices';
import { BILLING_PERIODS, PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import { referencePriceTables } from '@vitrine/domain/pricing/reference-tables';
import { Button } from '@/components/ui/button';
import { decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { staleEditCurrent } from '@/lib/stale-edit';
import { toStoredDiscount, useSaveGlobalDiscount, useStoredGlobalDiscount, type StoredDiscount } from '../api/global-discount';
import { BusinessRules } from './business-rules';

const percentText = (percent: number) => `${percent.toLocaleString('pt-BR')}%`;

export function ReferenceTablesTab() {
  const stored = useStoredGlobalDiscount();
  const saveDiscount = useSaveGlobalDiscount();
  // The stored discount the field started from (a save names its version), and what the field holds.
  const [base, setBase] = useState<StoredDiscount | null>(null);
  const [text, setText] = useState<string | null>(null);
  // The message of a save refused because another admin's came first, until the field changes.
  const [refused, setRefused] = useState<string | null>(null);
  const typed = text ?? '';
  const parsed = discountPercentSchema.safeParse(requiredDecimal(typed));
  const holds = (percent: number) => parsed.success && typed.trim() !== '' && parsed.data === percent;
  const edited = base !== null && !holds(base.percent);
  const follow = (latest: StoredDiscount) => {
    setBase(latest);
    setText(decimalText(latest.percent));
    setRefused(null);
  };

  // A newly read stored discount: the first fills the field; a later one (another admin's save) replaces
  // it unless the field holds an edit, which is kept (the notice below names the stored value).
  const [seen, setSeen] = useState(stored.data);
  if (stored.data !== seen) {
    setSeen(stored.data);
    const latest = stored.data;
    if (latest && latest.updatedAt !== base?.updatedAt) {
      if (base === null || !edited) follow(latest);
      else if (holds(latest.percent)) setBase(latest);
    }
  }
  // The stored value the notice offers: the one a refused save was answered with, or one saved
  // elsewhere while the field holds an edit.
  const changedElsewhere = edited && stored.data !== undefined && stored.data.updatedAt !== base?.updatedAt ? stored.data : null;
  const offered = refused !== null ? base : changedElsewhere;

  const discount = parsed.success && typed.trim() !== '' ? parsed.data : 0;
  const tables = referencePriceTables(discount);
  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Desconto global"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!parsed.success || base === null) return;
          const percent = parsed.data;
          saveDiscount.mutate(
            { percent, expectedUpdatedAt: base.updatedAt },
            {
              onSuccess: (saved) => {
                setBase(saved);
                setRefused(null);
              },
              onError: (error) => {
                const current = staleEditCurrent(error);
                if (current === undefined) return;
                // Refused: nothing was saved. The edit stays; the next save starts from the value stored now.
                const now = toStoredDiscount(current);
                setBase(now);
                setRefused(`${error.message} Valor salvo agora: ${percentText(now.percent)}.`);
              },
            },
          );
        }}
      >
        <div className="grid w-40 gap-1.5">
          <Label htmlFor="desconto-global">Desconto global (%)</Label>
          <Input
            id="desconto-global"
            inputMode="decimal"
            value={typed}
            disabled={text === null}
            onChange={(event) => {
              setText(event.target.value);
              setRefused(null);
            }}
            aria-invalid={!parsed.success}
            aria-describedby="desconto-global-ajuda"
          />
        </div>
        <Button type="submit" variant={edited ? 'default' : 'outline'} disabled={!parsed.success || saveDiscount.isPending || text === null}>
          <Save className="size-4" aria-hidden /> Salvar desconto
        </Button>
        <p id="desconto-global-ajuda" className="text-muted-foreground w-full text-xs">
          {!parsed.success ? (
            <span className="text-destructive">{parsed.error.issues[0]!.message}</span>
          ) : (
            'Vale para todas as tabelas abaixo e é o desconto inicial da Calculadora. Fica salvo para todos os administradores.'
          )}
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
      </form>
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
