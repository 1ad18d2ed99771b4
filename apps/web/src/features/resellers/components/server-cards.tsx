import { Server } from 'lucide-react';
import { formatDecimal } from '@vitrine/domain/number-format';
import { LoadError } from '@/components/errors/load-error';
import { SERVER_BADGE_STYLES } from '@/components/server-badge-styles';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBRL } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { cn } from '@/lib/utils';
import { useServers } from '../api/get-servers';

/** Premium servers: active supplier_pricing rows of category 'Planos {product}'. */
export function ServerCards() {
  const servers = useServers();
  useLoadErrorToast(servers.error, 'servidores');
  return (
    <section aria-labelledby="servidores-titulo" className="space-y-6">
      <div className="flex items-center gap-3">
        <span className="bg-accent text-primary flex size-11 shrink-0 items-center justify-center rounded-xl">
          <Server className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="servidores-titulo" className="text-2xl font-bold">
            Servidores premium
          </h2>
          <p className="text-muted-foreground text-sm">Servidores estáveis dos melhores fornecedores, com preço por crédito.</p>
        </div>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {servers.isPending
          ? Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-56 rounded-2xl" />)
          : servers.data?.map((server) => (
              <article
                key={server.id}
                aria-label={server.server}
                data-testid="server-card"
                className="bg-card flex flex-col gap-3 rounded-2xl border p-5 shadow-sm"
              >
                <Badge className={cn(SERVER_BADGE_STYLES[server.badge])}>{server.badge}</Badge>
                <div>
                  <h3 className="text-lg font-semibold">{server.server}</h3>
                  <p className="text-muted-foreground text-sm">{server.supplier}</p>
                </div>
                <dl className="mt-auto space-y-1.5 border-t pt-3 text-sm">
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Custo por crédito</dt>
                    <dd className="font-medium">{formatBRL(server.costPerCredit)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Créditos</dt>
                    <dd className="font-medium">{formatDecimal(server.qtdCreditos)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Total</dt>
                    <dd className="text-base font-bold">{formatBRL(server.total)}</dd>
                  </div>
                </dl>
              </article>
            ))}
      </div>
      {servers.isError && servers.data === undefined && <LoadError title="Não foi possível carregar os servidores." query={servers} />}
      {servers.data?.length === 0 && <p className="text-muted-foreground text-sm">Nenhum servidor disponível no momento.</p>}
    </section>
  );
}
