// The CRUD tester: a throttled connection test and a create-read-update-delete round trip on a scratch
// record, each step timed.
import { Activity, Play } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCrudRoundTrip } from '../api/crud-round-trip';
import { useTestConnection } from '../api/test-connection';

export function CrudTesterSection() {
  const [connection, setConnection] = useState<string | null | undefined>(undefined);
  const testConnection = useTestConnection();
  const { steps, running, run } = useCrudRoundTrip();

  return (
    <section className="space-y-4" aria-labelledby="crud-titulo">
      <h2 id="crud-titulo" className="text-lg font-semibold">
        Testador CRUD
      </h2>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Conexão</CardTitle>
          <CardDescription>Testada no máximo uma vez a cada 20 segundos.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Button variant="outline" onClick={() => void testConnection.mutateAsync().then(setConnection)}>
            <Activity className="size-4" aria-hidden /> Testar conexão
          </Button>
          {connection !== undefined && (
            <p className={connection ? 'text-destructive text-sm' : 'text-sm'} role="status">
              {connection ? `Falha na conexão: ${connection}` : 'Conexão com o servidor e o banco de dados funcionando.'}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Ida e volta</CardTitle>
          <CardDescription>Cria, lê, altera e exclui um registro temporário (seção crud-tester), medindo cada passo.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Button onClick={() => void run()} disabled={running}>
            <Play className="size-4" aria-hidden /> {running ? 'Executando...' : 'Executar'}
          </Button>
          <ol className="space-y-1 text-sm" aria-label="Passos">
            {steps.map((item) => (
              <li key={item.name} className="flex flex-wrap items-center gap-2">
                <Badge variant={item.ok ? 'default' : 'destructive'}>{item.ok ? 'OK' : 'Falhou'}</Badge>
                {item.name} · {item.ms} ms {item.detail && <span className="text-destructive">({item.detail})</span>}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}
