// The CRUD tester: a throttled connection test and a create-read-update-delete round trip on a scratch
// record, each step timed.
import { Activity, Play } from 'lucide-react';
import { useState } from 'react';
import { adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { healthContract } from '@vitrine/domain/health.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { callEndpoint } from '@/lib/api-client';

const CONNECTION_TEST_INTERVAL_MS = 20_000;
let lastTest: { at: number; result: Promise<string | null> } | null = null;

/** At most once per 20 s; callers during a test share it. Resolves to null or the failure's message. */
export function testConnection(now = Date.now()): Promise<string | null> {
  if (lastTest && now - lastTest.at < CONNECTION_TEST_INTERVAL_MS) return lastTest.result;
  const result = callEndpoint(healthContract.health, {}, { timeoutMs: 5_000 }).then(
    (health) => (health.status === 'ok' ? null : 'banco de dados indisponível'),
    (error: Error) => error.message,
  );
  lastTest = { at: now, result };
  return result;
}

interface Step {
  name: string;
  ms: number;
  ok: boolean;
  detail?: string;
}

export function CrudTesterSection() {
  const [connection, setConnection] = useState<string | null | undefined>(undefined);
  const [steps, setSteps] = useState<Step[]>([]);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    setSteps([]);
    const key = `teste_${crypto.randomUUID().slice(0, 8)}`;
    let id: string | null = null;
    // The version the update names: the record as the read step found it.
    let version = '';
    const step = async (name: string, work: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await work();
        setSteps((current) => [...current, { name, ms: Math.round(performance.now() - started), ok: true }]);
        return true;
      } catch (error) {
        setSteps((current) => [...current, { name, ms: Math.round(performance.now() - started), ok: false, detail: (error as Error).message }]);
        return false;
      }
    };
    try {
      const created = await step('Criar', async () => {
        ({ id, updatedAt: version } = await callEndpoint(adminSiteConfigContract.create, {
          body: { section: 'crud-tester', configKey: key, configValue: { criadoEm: new Date().toISOString() }, isActive: false },
        }));
      });
      if (!created) return;
      await step('Ler', async () => {
        const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: key } });
        const read = page.items.find((item) => item.id === id);
        if (!read) throw new Error('o registro criado não foi encontrado');
        version = read.updatedAt;
      });
      await step('Atualizar', () =>
        callEndpoint(adminSiteConfigContract.update, {
          params: { id: id! },
          body: { configValue: { atualizadoEm: new Date().toISOString() }, expectedUpdatedAt: version },
        }),
      );
    } finally {
      if (id) await step('Excluir', () => callEndpoint(adminSiteConfigContract.remove, { params: { id: id! } }));
      setRunning(false);
    }
  };

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
          <Button variant="outline" onClick={() => void testConnection().then(setConnection)}>
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
