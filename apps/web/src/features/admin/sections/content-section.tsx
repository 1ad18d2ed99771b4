// Content: the header and footer with a live preview, the privacy and terms texts (Markdown with
// preview), the assistant's FAQ, and every other configuration entry by section and key.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { z } from 'zod';
import '@vitrine/domain/zod-locale';
import { footerConfigSchema, headerConfigSchema, legalDocumentInputSchema, legalDocumentSchema, type LegalDocumentKey } from '@vitrine/domain/content';
import { defaultFooterConfig, defaultHeaderConfig } from '@vitrine/domain/site-config';
import { siteConfigCreateSchema } from '@vitrine/domain/content-admin';
import { saoPauloDay } from '@vitrine/domain/money';
import { adminContentContract, adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { guarded } from '../api/use-admin-table';
import { ResourceSection } from '../components/resource-section';
import { Markdown } from '@/components/markdown';

const faqSchema = z.array(z.object({ question: z.string().min(1, 'Pergunta vazia.'), answer: z.string().min(1, 'Resposta vazia.') }), { error: 'Use uma lista de {"question", "answer"}.' });

export function ContentSection() {
  return (
    <section className="space-y-4" aria-labelledby="conteudo-titulo">
      <h2 id="conteudo-titulo" className="text-lg font-semibold">
        Conteúdo
      </h2>
      <Tabs defaultValue="header">
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="header">Cabeçalho</TabsTrigger>
          <TabsTrigger value="footer">Rodapé</TabsTrigger>
          <TabsTrigger value="legal">Textos legais</TabsTrigger>
          <TabsTrigger value="faq">FAQ do assistente</TabsTrigger>
          <TabsTrigger value="all">Todas as configurações</TabsTrigger>
        </TabsList>
        <TabsContent value="header" className="space-y-4 pt-2">
          <SectionEditor section="header" defaults={defaultHeaderConfig} schema={headerConfigSchema} preview={(value) => <HeaderPreview value={value as typeof defaultHeaderConfig} />} />
        </TabsContent>
        <TabsContent value="footer" className="space-y-4 pt-2">
          <SectionEditor section="footer" defaults={defaultFooterConfig} schema={footerConfigSchema} preview={(value) => <FooterPreview value={value as typeof defaultFooterConfig} />} />
        </TabsContent>
        <TabsContent value="legal" className="space-y-6 pt-2">
          <LegalDocumentEditor documentKey="privacy" title="Política de Privacidade" />
          <LegalDocumentEditor documentKey="terms" title="Termos de Uso" />
        </TabsContent>
        <TabsContent value="faq" className="pt-2">
          <EntryEditor section="assistant" configKey="faq" label="Perguntas e respostas que o assistente conhece (JSON)" schema={faqSchema} />
        </TabsContent>
        <TabsContent value="all" className="pt-2">
          <ResourceSection
            id="configuracoes"
            title="Configurações do site"
            description="Entradas por seção e chave. A seção settings (segredos) fica em Modelos e TMDB."
            contract={adminSiteConfigContract}
            table="site_configurations"
            label="configurações"
            newLabel="Nova configuração"
            defaultSort="section"
            nameOf={(row) => `${String(row.section)}.${String(row.configKey)}`}
            createSchema={siteConfigCreateSchema}
            defaults={{ section: '', configKey: '', configValue: '', isActive: true }}
            columns={[
              { key: 'section', header: 'Seção', sort: 'section', cell: (row) => String(row.section) },
              { key: 'configKey', header: 'Chave', sort: 'configKey', cell: (row) => <code className="text-xs">{String(row.configKey)}</code> },
              { key: 'value', header: 'Valor', cell: (row) => <span className="line-clamp-1 max-w-80 text-xs break-all">{JSON.stringify(row.configValue)}</span> },
              { key: 'isActive', header: 'Status', cell: (row) => <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge> },
            ]}
            fields={[
              { key: 'section', label: 'Seção', kind: 'text' },
              { key: 'configKey', label: 'Chave', kind: 'text' },
              { key: 'isActive', label: 'Ativo', kind: 'boolean' },
              { key: 'configValue', label: 'Valor (JSON)', kind: 'json', hint: 'Um texto vai entre aspas: "exemplo".' },
            ]}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** The stored entries of a section (active or not), by key. */
function useSectionEntries(section: string) {
  return useQuery({
    queryKey: ['site_configurations', 'admin', 'section', section],
    queryFn: async ({ signal }) => {
      const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: section, pageSize: 100 } }, { signal });
      return Object.fromEntries(page.items.filter((entry) => entry.section === section).map((entry) => [entry.configKey, entry.configValue]));
    },
  });
}

function useSaveEntry() {
  const queryClient = useQueryClient();
  return guarded(async (section: string, key: string, value: unknown) => {
    try {
      await callEndpoint(adminContentContract.upsertConfig, { params: { section, key }, body: { value } });
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: ['site_configurations'] });
  });
}

/** Edits every part of a section (header, footer) as JSON, with the page's part previewed as typed. */
function SectionEditor({ section, defaults, schema, preview }: { section: string; defaults: object; schema: z.ZodObject; preview: (value: Record<string, unknown>) => ReactNode }) {
  const entries = useSectionEntries(section);
  const save = useSaveEntry();
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (entries.data && texts === null) {
      setTexts(Object.fromEntries(Object.keys(schema.shape).map((key) => [key, JSON.stringify(entries.data[key] ?? (defaults as Record<string, unknown>)[key], null, 2)])));
    }
  }, [entries.data, texts, schema, defaults]);
  if (!texts) return <p className="text-muted-foreground text-sm">Carregando...</p>;

  const parsed: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(texts)) {
    try {
      parsed[key] = JSON.parse(text);
    } catch {
      parsed[key] = (defaults as Record<string, unknown>)[key];
    }
  }

  const submit = async () => {
    const found: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    for (const [key, text] of Object.entries(texts)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        found[key] = 'JSON inválido.';
        continue;
      }
      const check = (schema.shape[key] as z.ZodType).safeParse(value);
      if (!check.success) found[key] = check.error.issues[0]?.message ?? 'Valor inválido.';
      else values[key] = check.data;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    for (const [key, value] of Object.entries(values)) {
      if (JSON.stringify(value) !== JSON.stringify(entries.data?.[key])) await save(section, key, value);
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-3">
        {Object.keys(texts).map((key) => (
          <div key={key} className="grid gap-1">
            <Label htmlFor={`${section}-${key}`}>{key}</Label>
            <Textarea
              id={`${section}-${key}`}
              rows={Math.min(10, texts[key]!.split('\n').length + 1)}
              className="font-mono text-xs"
              value={texts[key]}
              onChange={(event) => setTexts({ ...texts, [key]: event.target.value })}
              aria-invalid={errors[key] ? true : undefined}
            />
            {errors[key] && <p className="text-destructive text-xs">{errors[key]}</p>}
          </div>
        ))}
        <Button onClick={() => void submit()}>
          <Save className="size-4" aria-hidden /> Salvar
        </Button>
      </div>
      <div className="space-y-2">
        <p className="text-muted-foreground text-sm">Pré-visualização</p>
        <div className="rounded-lg border p-3">{preview(parsed)}</div>
      </div>
    </div>
  );
}

function HeaderPreview({ value }: { value: typeof defaultHeaderConfig }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <span className="font-bold">{value.brand?.text}</span>
      {value.brand?.tagline && <span className="text-muted-foreground text-xs">{value.brand.tagline}</span>}
      <nav className="flex flex-wrap gap-3 text-sm" aria-label="Pré-visualização do menu">
        {(Array.isArray(value.navigation) ? value.navigation : []).map((link, index) => (
          <span key={index} className="hover:underline">
            {link.label}
          </span>
        ))}
      </nav>
    </div>
  );
}

function FooterPreview({ value }: { value: typeof defaultFooterConfig }) {
  const links = (list: unknown) => (Array.isArray(list) ? (list as { label: string }[]) : []);
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <p className="font-bold">{value.logo?.text}</p>
        <p className="text-muted-foreground text-xs">{value.description}</p>
      </div>
      <ul className="space-y-1">
        {[...links(value.quickLinks), ...links(value.legalLinks)].map((link, index) => (
          <li key={index}>{link.label}</li>
        ))}
      </ul>
      <div className="text-xs">
        <p>{value.contact?.email}</p>
        <p>{value.contact?.phone}</p>
        <p>{value.contact?.location}</p>
        <p className="text-muted-foreground mt-2">
          © {value.copyright?.year} {value.copyright?.text}
        </p>
      </div>
    </div>
  );
}

/** One entry: Markdown with its preview, or JSON checked by a schema. */
/** A JSON entry, checked against its schema before it is saved. */
function EntryEditor({ section, configKey, label, schema }: { section: string; configKey: string; label: string; schema?: z.ZodType }) {
  const entries = useSectionEntries(section);
  const save = useSaveEntry();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (entries.data && text === null) setText(JSON.stringify(entries.data[configKey] ?? [], null, 2));
  }, [entries.data, text, configKey]);
  if (text === null) return <p className="text-muted-foreground text-sm">Carregando...</p>;

  const submit = async () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      setError('JSON inválido.');
      return;
    }
    const check = schema?.safeParse(value);
    if (check && !check.success) {
      setError(check.error.issues[0]?.message ?? 'Valor inválido.');
      return;
    }
    setError(null);
    await save(section, configKey, value);
  };

  const id = `${section}-${configKey}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} rows={12} className="font-mono text-xs" value={text} onChange={(event) => setText(event.target.value)} aria-invalid={error ? true : undefined} />
      {error && <p className="text-destructive text-xs">{error}</p>}
      <Button className="justify-self-start" onClick={() => void submit()}>
        <Save className="size-4" aria-hidden /> Salvar
      </Button>
    </div>
  );
}

/**
 * /privacidade or /termos: its title and Markdown text with a preview. Saving stamps the day of the
 * revision (São Paulo), which the page shows as 'Última atualização'.
 */
function LegalDocumentEditor({ documentKey, title: fallbackTitle }: { documentKey: LegalDocumentKey; title: string }) {
  const entries = useSectionEntries('legal');
  const save = useSaveEntry();
  const [draft, setDraft] = useState<{ title: string; body: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (entries.data && draft === null) {
      const stored = legalDocumentSchema.safeParse(entries.data[documentKey]);
      setDraft(stored.success ? { title: stored.data.title, body: stored.data.body } : { title: fallbackTitle, body: '' });
    }
  }, [entries.data, draft, documentKey, fallbackTitle]);
  if (draft === null) return <p className="text-muted-foreground text-sm">Carregando...</p>;

  const submit = async () => {
    const check = legalDocumentInputSchema.safeParse({ ...draft, updatedAt: saoPauloDay() });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? 'Valor inválido.');
      return;
    }
    setError(null);
    await save('legal', documentKey, check.data);
  };

  const id = `legal-${documentKey}`;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-title`}>Título: {fallbackTitle}</Label>
        <Input id={`${id}-title`} value={draft.title} maxLength={120} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
        <Label htmlFor={id}>{fallbackTitle} (Markdown)</Label>
        <Textarea id={id} rows={12} className="text-sm" value={draft.body} onChange={(event) => setDraft({ ...draft, body: event.target.value })} aria-invalid={error ? true : undefined} />
        {error && <p className="text-destructive text-xs">{error}</p>}
        <Button className="justify-self-start" onClick={() => void submit()}>
          <Save className="size-4" aria-hidden /> Salvar
        </Button>
      </div>
      <div className="min-w-0 space-y-2">
        <p className="text-muted-foreground text-sm">Pré-visualização</p>
        {/* The page's own Markdown: the preview is what visitors will see. */}
        <div className="max-h-96 overflow-y-auto rounded-lg border p-3 break-words [&>div>:first-child]:mt-0" data-testid={`${id}-preview`}>
          <Markdown>{draft.body}</Markdown>
        </div>
      </div>
    </div>
  );
}
