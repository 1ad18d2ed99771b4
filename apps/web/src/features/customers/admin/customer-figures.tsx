// The figures a shop watches, at the top of Clientes and on the dashboard: active subscriptions, monthly
// recurring revenue (each subscription's price over its months), renewals and cancellations this month,
// what the subscriptions ending in the next 30 days bring when renewed, and the purchases to deliver.
import { Link } from 'react-router';
import { formatDecimal } from '@vitrine/domain/number-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBRL } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useCustomerFigures } from '../api/get-customer-figures';

/** `linked`: on the dashboard, with the way to Clientes and A entregar. */
export function CustomerFigures({ linked = false }: { linked?: boolean }) {
  const query = useCustomerFigures();
  useLoadErrorToast(query.error, 'os números dos clientes');
  const data = query.data;
  const cells: [string, string | undefined][] = [
    ['Assinaturas ativas', data && formatDecimal(data.activeSubscriptions)],
    ['Receita recorrente mensal', data && formatBRL(data.monthlyRecurringRevenue)],
    ['Renovações no mês', data && formatDecimal(data.renewalsThisMonth)],
    ['Cancelamentos no mês', data && formatDecimal(data.cancellationsThisMonth)],
    ['A receber em 30 dias', data && formatBRL(data.revenueDueNext30Days)],
  ];
  return (
    <Card className="gap-2 py-3" role="region" aria-labelledby="clientes-numeros-titulo" data-testid="customer-figures">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-3">
        <CardTitle id="clientes-numeros-titulo" className="text-base">
          Assinaturas
        </CardTitle>
        {linked && (
          <span className="flex flex-wrap gap-3 text-sm">
            {data && data.pendingDeliveries > 0 && (
              <Link to="/admin/deliveries" className="text-primary font-medium underline-offset-4 hover:underline">
                {data.pendingDeliveries === 1 ? '1 compra a entregar' : `${formatDecimal(data.pendingDeliveries)} compras a entregar`}
              </Link>
            )}
            <Link to="/admin/customers" className="text-primary underline-offset-4 hover:underline">
              Ver clientes
            </Link>
          </span>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 px-3 md:grid-cols-5">
        {cells.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <p className="text-muted-foreground text-xs font-medium">{label}</p>
            <div className="text-xl font-semibold break-words tabular-nums" data-figure={label}>
              {value ?? (query.isError ? '—' : <Skeleton className="h-7 w-16" />)}
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
