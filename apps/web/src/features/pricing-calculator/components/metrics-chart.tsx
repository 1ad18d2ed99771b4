// Revenue, cost, gross profit and EBITDA of a calculation as bars.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL, fromCents } from '@vitrine/domain/money';
import type { PricingMetrics } from '@vitrine/domain/pricing/calculator';

export default function MetricsChart({ metrics }: { metrics: PricingMetrics }) {
  const data = [
    { name: 'Receita', valor: fromCents(metrics.revenueCents) },
    { name: 'Custo', valor: fromCents(metrics.costCents) },
    { name: 'Lucro bruto', valor: fromCents(metrics.grossProfitCents) },
    { name: 'EBITDA', valor: fromCents(metrics.ebitdaCents) },
  ];
  return (
    <figure className="h-64 w-full min-w-0" aria-label="Receita, custo, lucro bruto e EBITDA">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} width={72} tickFormatter={(value: number) => formatBRL(value).replace(',00', '')} />
          <Tooltip formatter={(value) => formatBRL(Number(value))} />
          <Bar dataKey="valor" name="Valor" fill="var(--color-primary, #7c3aed)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
