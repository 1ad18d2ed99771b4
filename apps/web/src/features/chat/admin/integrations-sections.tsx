// Models (the assistant's language model), TMDB (key and a test call) and the CRUD tester (a throttled
// connection test and a create-read-update-delete round trip on a scratch record, each step timed).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, Play, Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { AdminResourceContract } from '@vitrine/domain/admin';
import { adminShortcutActionsContract } from '@vitrine/domain/chat-admin.contract';
import { adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { healthContract } from '@vitrine/domain/health.contract';
import { localTitleSchema } from '@vitrine/domain/media';
import { mediaContract } from '@vitrine/domain/media.contract';
import { SETTINGS, type Setting, type SettingKey } from '@vitrine/domain/settings';
import { settingsContract } from '@vitrine/domain/settings.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { guarded } from '@/features/admin/api/use-admin-table';
import { ResourceSection } from '@/features/admin/components/resource-section';
import { SchemaField, useSchemaForm, type FieldSpec } from '@/features/admin/components/schema-form';
import { callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';

const SOURCE_LABELS: Record<Setting['source'], string> = { admin: 'definido no painel', env: 'do ambiente', none: 'não definido' };

function useSettings() {
  return useQuery({
    queryKey: ['site_configurations', 'admin', 'settings'],
    queryFn: ({ signal }) => callEndpoint(settingsContract.listSettings, {}, { signal }),
  });
}

/** One setting's form: its value, checked by the setting's own schema (a secret is typed as a password). */
const settingField = (setting: Setting): FieldSpec => ({
  key: 'value',
  label: setting.label,
  kind: 'text',
  type: setting.secret ? 'password' : 'text',
  input: { autoComplete: 'off', placeholder: setting.secret ? 'Novo valor (oculto)' : undefined, className: 'min-w-0 flex-1 basis-56' },
});

/** One setting: its value in force and where it comes from; a secret is write-only. */
function SettingField({ setting }: { setting: Setting }) {
  const queryClient = useQueryClient();
  const fields = useMemo(() => [settingField(setting)], [setting]);
  const schema = useMemo(() => z.object({ value: SETTINGS[setting.key as SettingKey].schema as z.ZodType<string> }), [setting.key]);
  const form = useSchemaForm({ fields, schema, initial: { value: setting.secret ? '' : setting.value } });
  const typed = String(useWatch({ control: form.control, name: 'value' }) ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['site_configurations', 'admin', 'settings'] });
  const save = guarded(async (value: string) => {
    try {
      await callEndpoint(settingsContract.setSetting, { params: { key: setting.key }, body: { value } });
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
      if (setting.secret) form.reset({ value: '' });
    } catch (failure) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(failure as Error).message}`);
    }
    await refresh();
  });
  const reset = guarded(async () => {
    try {
      await callEndpoint(settingsContract.resetSetting, { params: { key: setting.key } });
      notify.success('Sucesso', 'A configuração voltou ao valor do ambiente.');
    } catch (failure) {
      notify.error('Erro na Sincronização', `Falha na exclusão: ${(failure as Error).message}`);
    }
    await refresh();
  });
  return (
    // Checked here by the setting's schema; the text goes as typed, and the server reads it with the same schema.
    <form noValidate onSubmit={form.handleSubmit(() => void save(String(form.getValues('value'))))}>
      <SchemaField
        form={form}
        field={fields[0]!}
        idPrefix={`config-${setting.key}`}
        labelExtra={
          <>
            <Badge variant="outline">{SOURCE_LABELS[setting.source]}</Badge>
            {setting.secret && setting.value && <code className="text-muted-foreground text-xs">{setting.value}</code>}
          </>
        }
        beside={
          <>
            <Button type="submit" disabled={!typed.trim()}>
              <Save className="size-4" aria-hidden /> Salvar
            </Button>
            {setting.source === 'admin' && (
              <Button type="button" variant="outline" onClick={() => void reset()} aria-label={`Voltar ${setting.label} ao ambiente`}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            )}
          </>
        }
      />
    </form>
  );
}

export function SettingsCard({ title, description, keys, id }: { title: string; description: string; keys: SettingKey[]; id?: string }) {
  const settings = useSettings();
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.data ? (
          settings.data
            .filter((setting) => keys.includes(setting.key))
            .map((setting) => <SettingField key={`${setting.key}:${setting.source}:${setting.value}`} setting={setting} />)
        ) : (
          <p className="text-muted-foreground text-sm">Carregando...</p>
        )}
      </CardContent>
    </Card>
  );
}

export function ModelsSection() {
  const settings = useSettings();
  const configured = settings.data
    ?.filter((setting) => setting.key === 'llm_base_url' || setting.key === 'llm_model')
    .every((setting) => setting.source !== 'none');
  return (
    <section className="space-y-4" aria-labelledby="modelos-titulo">
      <h2 id="modelos-titulo" className="text-lg font-semibold">
        Modelos
      </h2>
      <p className="text-sm">
        Motor em uso:{' '}
        <Badge>{settings.data ? (configured ? 'Modelo de linguagem (com o assistente embutido como reserva)' : 'Assistente embutido') : '...'}</Badge>
      </p>
      <SettingsCard
        title="Modelo de linguagem"
        description="Um serviço compatível com a API da OpenAI. Sem endereço e modelo, o assistente embutido responde; preços e PIX vêm sempre do catálogo, nunca do modelo."
        keys={['llm_base_url', 'llm_model', 'llm_api_key', 'llm_instructions']}
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Respostas prontas</CardTitle>
          <CardDescription>
            As perguntas e respostas que o assistente conhece ficam em{' '}
            <Link to="/admin/content" className="underline">
              Conteúdo → FAQ do assistente
            </Link>
            ; o assistente embutido responde com elas, e o modelo de linguagem as recebe como fatos.
          </CardDescription>
        </CardHeader>
      </Card>
      <AssistantTest />
      <SettingsCard title="Contato" description="Para onde vão as mensagens do formulário de contato." keys={['contact_email']} />
    </section>
  );
}

const MEDIA_LIST_OPTIONS = 'trending, now_playing, upcoming, on_the_air, popular, top_rated';
/** The local catalogue as an admin resource: its own list, and the media module's writes. */
const localTitlesResource = {
  list: mediaContract.adminLocalTitles,
  create: mediaContract.createLocalTitle,
  update: mediaContract.updateLocalTitle,
  remove: mediaContract.deleteLocalTitle,
} as unknown as AdminResourceContract;

/** Asks the assistant in force a question, without storing a conversation. */
function AssistantTest() {
  const [question, setQuestion] = useState('Quais planos vocês têm?');
  const [answer, setAnswer] = useState<{ text: string; engine: string; failed?: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = guarded(async () => {
    setAsking(true);
    try {
      const result = await callEndpoint(adminShortcutActionsContract.testAssistant, { body: { question } });
      setAnswer({
        text: result.answer,
        engine:
          result.engine === 'llm'
            ? 'Modelo de linguagem'
            : result.fallback
              ? `Assistente embutido (o modelo falhou: ${result.fallback})`
              : 'Assistente embutido',
      });
    } catch (error) {
      setAnswer({ text: (error as Error).message, engine: 'Erro', failed: true });
    } finally {
      setAsking(false);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Pergunta de teste</CardTitle>
        <CardDescription>Responde com a configuração em vigor; nenhuma conversa é gravada.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (question.trim()) void ask();
          }}
        >
          <Input
            className="min-w-0 flex-1 basis-56"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            aria-label="Pergunta de teste"
            maxLength={500}
          />
          <Button type="submit" disabled={asking || !question.trim()}>
            <Play className="size-4" aria-hidden /> {asking ? 'Perguntando...' : 'Perguntar'}
          </Button>
        </form>
        {answer && (
          <div className="space-y-1 text-sm" role="status">
            <Badge variant={answer.failed ? 'destructive' : 'secondary'}>{answer.engine}</Badge>
            <p className="whitespace-pre-wrap">{answer.text}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function TmdbSection() {
  const status = useQuery({
    queryKey: ['media_titles', 'admin', 'tmdb-status'],
    queryFn: ({ signal }) => callEndpoint(mediaContract.tmdbStatus, {}, { signal }),
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const test = async () => {
    const started = performance.now();
    try {
      const genres = await callEndpoint(mediaContract.genres, { params: { mediaType: 'movie' } });
      setResult({
        ok: true,
        text: `Respondeu em ${Math.round(performance.now() - started)} ms com ${genres.genres.length} gêneros (fonte: ${genres.source === 'tmdb' ? 'TMDB' : 'catálogo local'}).`,
      });
    } catch (error) {
      setResult({ ok: false, text: `Falha na conexão: ${(error as Error).message}` });
    }
  };
  return (
    <section className="space-y-4" aria-labelledby="tmdb-titulo">
      <h2 id="tmdb-titulo" className="text-lg font-semibold">
        TMDB
      </h2>
      <SettingsCard title="Chave da TMDB" description="Sem chave, /midia mostra o catálogo local." keys={['tmdb_api_key']} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Situação</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          {status.data ? (
            <>
              <div>
                <div className="text-muted-foreground text-xs">Chave</div>
                <Badge variant={status.data.keyConfigured ? 'default' : 'outline'}>{status.data.keyConfigured ? 'Configurada' : 'Sem chave'}</Badge>
              </div>
              <div>
                <div className="text-muted-foreground text-xs">Respostas em cache</div>
                <div className="font-semibold tabular-nums">
                  {status.data.cacheEntries} de {status.data.cacheMaxEntries}
                </div>
              </div>
              <div>
                <div className="text-muted-foreground text-xs">Chamadas à TMDB</div>
                <div className="font-semibold tabular-nums">{status.data.upstreamRequests}</div>
              </div>
              <div>
                <div className="text-muted-foreground text-xs">Títulos locais</div>
                <div className="font-semibold tabular-nums">{status.data.localTitles}</div>
              </div>
            </>
          ) : (
            <p className="text-muted-foreground">Carregando...</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Teste</CardTitle>
          <CardDescription>Busca os gêneros de filmes pelo nosso servidor (com o cache dele).</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Button onClick={() => void test()}>
            <Play className="size-4" aria-hidden /> Testar
          </Button>
          {result && (
            <p className={result.ok ? 'text-sm' : 'text-destructive text-sm'} role="status">
              {result.text}
            </p>
          )}
        </CardContent>
      </Card>
      <ResourceSection
        id="titulos-locais"
        title="Catálogo local"
        description="Filmes e séries mostrados em /midia quando não há chave da TMDB."
        contract={localTitlesResource}
        table="media_titles"
        label="títulos"
        newLabel="Novo título"
        defaultSort="updatedAt"
        nameOf={(row) => String(row.title)}
        createSchema={localTitleSchema}
        defaults={{ mediaType: 'movie', title: '', overview: '', voteAverage: 0, lists: [], isActive: true }}
        columns={[
          { key: 'title', header: 'Título', cell: (row) => <span className="font-medium">{String(row.title)}</span> },
          { key: 'mediaType', header: 'Tipo', cell: (row) => (row.mediaType === 'tv' ? 'Série' : 'Filme') },
          { key: 'date', header: 'Data', cell: (row) => String(row.date ?? '—') },
          {
            key: 'isActive',
            header: 'Status',
            cell: (row) => <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>,
          },
        ]}
        fields={[
          { key: 'title', label: 'Título', kind: 'text' },
          {
            key: 'mediaType',
            label: 'Tipo',
            kind: 'select',
            options: [
              { value: 'movie', label: 'Filme' },
              { value: 'tv', label: 'Série' },
            ],
          },
          { key: 'date', label: 'Data de lançamento (AAAA-MM-DD)', kind: 'text', nullable: true },
          { key: 'voteAverage', label: 'Nota (0 a 10)', kind: 'number' },
          { key: 'posterUrl', label: 'Pôster', kind: 'url', nullable: true, upload: 'title-artwork' },
          { key: 'backdropUrl', label: 'Imagem de fundo', kind: 'url', nullable: true, upload: 'title-artwork' },
          { key: 'isActive', label: 'Ativo', kind: 'boolean' },
          { key: 'overview', label: 'Sinopse', kind: 'textarea' },
          { key: 'lists', label: 'Fileiras de /midia (uma por linha)', kind: 'lines', hint: `Valores: ${MEDIA_LIST_OPTIONS}.` },
        ]}
      />
    </section>
  );
}

// ---------------------------------------------------------------- CRUD tester

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
        id = (
          await callEndpoint(adminSiteConfigContract.create, {
            body: { section: 'crud-tester', configKey: key, configValue: { criadoEm: new Date().toISOString() }, isActive: false },
          })
        ).id;
      });
      if (!created) return;
      await step('Ler', async () => {
        const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: key } });
        if (!page.items.some((item) => item.id === id)) throw new Error('o registro criado não foi encontrado');
      });
      await step('Atualizar', () =>
        callEndpoint(adminSiteConfigContract.update, { params: { id: id! }, body: { configValue: { atualizadoEm: new Date().toISOString() } } }),
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
