// Tabelas de Preço: the reference unit price by plan type and quantity tier, under one global
// discount (0 to 100, step 0.1), and the minimum sell price of each plan type.
import { useState } from 'react';
import { formatBRL, fromCents } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { DISCOUNT_LIMITS, discountPercentSchema } from '@vitrine/domain/pricing/discounts';
import { MINIMUM_SELL_PRICES } from '@vitrine/domain/pricing/minimum-prices';
import { BILLING_PERIODS, PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import { referencePriceTables } from '@vitrine/domain/pricing/reference-tables';
import { Input } from '@/components/ui/input';
import { requiredDecimal } from '@/components/ui/decimal-input';
import { Label } from '@/components/ui/label';

export function ReferenceTablesTab() {
  const [text, setText] = useState('0');
  const parsed = discountPercentSchema.safeParse(requiredDecimal(text));
  const discount = parsed.success && text.trim() !== '' ? parsed.data : 0;
  const tables = referencePriceTables(discount);
  return (
    <div className="space-y-6">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="desconto-global">Desconto global (%)</Label>
        <Input
          id="desconto-global"
          type="number"
          min={DISCOUNT_LIMITS.min}
          max={DISCOUNT_LIMITS.max}
          step={DISCOUNT_LIMITS.step}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={!parsed.success}
        />
        {!parsed.success && <p className="text-destructive text-xs">{parsed.error.issues[0]!.message}</p>}
      </div>
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
