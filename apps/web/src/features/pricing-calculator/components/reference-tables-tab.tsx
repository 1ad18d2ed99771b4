// Tabelas de Preço: the reference unit price by plan type and quantity tier, under one global
// discount (0 to 100, step 0.1) kept on the server, and the minimum sell price of each plan type.
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { useGlobalDiscount, useSaveGlobalDiscount } from '../api/global-discount';
import { BusinessRules } from './business-rules';

export function ReferenceTablesTab() {
  const stored = useGlobalDiscount();
  const saveDiscount = useSaveGlobalDiscount();
  const [text, setText] = useState<string | null>(null);
  // The stored discount fills the field once read; what is typed then stays until it is saved.
  useEffect(() => {
    if (text === null && stored.data !== undefined) setText(decimalText(stored.data));
  }, [text, stored.data]);
  const typed = text ?? '';
  const parsed = discountPercentSchema.safeParse(requiredDecimal(typed));
  const discount = parsed.success && typed.trim() !== '' ? parsed.data : 0;
  const tables = referencePriceTables(discount);
  const unsaved = parsed.success && stored.data !== undefined && parsed.data !== stored.data;
  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Desconto global"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.success) saveDiscount.mutate(parsed.data);
        }}
      >
        <div className="grid w-40 gap-1.5">
          <Label htmlFor="desconto-global">Desconto global (%)</Label>
          <Input
            id="desconto-global"
            inputMode="decimal"
            value={typed}
            disabled={text === null}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={!parsed.success}
            aria-describedby="desconto-global-ajuda"
          />
        </div>
        <Button type="submit" variant={unsaved ? 'default' : 'outline'} disabled={!parsed.success || saveDiscount.isPending || text === null}>
          <Save className="size-4" aria-hidden /> Salvar desconto
        </Button>
        <p id="desconto-global-ajuda" className="text-muted-foreground w-full text-xs">
          {!parsed.success ? (
            <span className="text-destructive">{parsed.error.issues[0]!.message}</span>
          ) : (
            'Vale para todas as tabelas abaixo e é o desconto inicial da Calculadora. Fica salvo para todos os administradores.'
          )}
          {unsaved && ' Alteração ainda não salva.'}
        </p>
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
