// Content: the header and footer with a live preview, the privacy and terms texts (Markdown with
// preview), the assistant's FAQ, and every other configuration entry by section and key.
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import '@vitrine/domain/zod-locale';
import { legalDocumentInputSchema, legalDocumentSchema, type LegalDocumentKey } from '@vitrine/domain/content';
import { siteConfigCreateSchema } from '@vitrine/domain/content-admin';
import { adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { saoPauloDay } from '@vitrine/domain/money';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { LoadFailed } from '@/components/load-failed';
import { Markdown } from '@/components/markdown';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { attempt, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { ResourceSection } from '@/features/admin/components/resource-section';
import { staleEditCurrent } from '@/lib/stale-edit';
import { notify } from '@/lib/toast';
import { configQueryKey, useConfigSection } from '../api/get-config-section';
import { useUpsertConfigEntry } from '../api/upsert-config-entry';
import { FooterForm, HeaderForm } from './site-chrome-forms';

const faqSchema = z.array(z.object({ question: z.string().min(1, 'Pergunta vazia.'), answer: z.string().min(1, 'Resposta vazia.') }), {
  error: 'Use uma lista de {"question", "answer"}.',
});

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
          <ChromeEditor section="header" form={HeaderForm} />
        </TabsContent>
        <TabsContent value="footer" className="space-y-4 pt-2">
          <ChromeEditor section="footer" form={FooterForm} />
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
            description="Entradas por seção e chave. A seção settings (integrações e segredos) é editada onde é usada: Modelos, TMDB, Atalhos (PIX) e Mensagens de Contato (e-mail)."
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
              {
                key: 'value',
                header: 'Valor',
                cell: (row) => <span className="line-clamp-1 max-w-80 text-xs break-all">{JSON.stringify(row.configValue)}</span>,
              },
              {
                key: 'isActive',
                header: 'Status',
                cell: (row) => <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>,
              },
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

/**
 * A section's entries and how its editor writes one. Each save names the version the editor started
 * from: the entry's as first read, then the one its own save answered. A save refused because another
 * admin's came first keeps what was typed and moves to that admin's version, so saving again, knowingly,
 * replaces it.
 */
function useSectionEditor(section: string) {
  const entries = useConfigSection(section);
  const upsert = useUpsertConfigEntry();
  const queryClient = useQueryClient();
  const versions = useRef<Record<string, string | null> | null>(null);
  if (versions.current === null && entries.data) versions.current = { ...entries.data.versions };
  const write = async (key: string, value: unknown) => {
    const started = versions.current ?? {};
    try {
      const row = await upsert.mutateAsync({ section, key, value, expectedUpdatedAt: started[key] ?? null });
      started[key] = row.updatedAt;
    } catch (error) {
      const current = staleEditCurrent(error);
      if (current !== undefined) started[key] = typeof current?.updatedAt === 'string' ? current.updatedAt : null;
      throw error;
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: configQueryKey });
  return { entries, write, refresh };
}

/** Saves one entry of a section and says so. */
function useSaveEntry(editor: ReturnType<typeof useSectionEditor>) {
  return attempt(async (key: string, value: unknown) => {
    try {
      await editor.write(key, value);
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
      throw error;
    } finally {
      await editor.refresh();
    }
  });
}

/** The header or the footer form, once its stored parts are read; a save writes the changed parts and says so once. */
function ChromeEditor({ section, form: ChromeForm }: { section: 'header' | 'footer'; form: typeof HeaderForm }) {
  const editor = useSectionEditor(section);
  const { entries } = editor;
  const save = attempt(async (parts: Record<string, unknown>) => {
    const changed = Object.entries(parts);
    if (changed.length === 0) {
      notify.info('Nada a salvar', 'Nenhuma alteração desde o último salvamento.');
      return;
    }
    try {
      for (const [key, value] of changed) await editor.write(key, value);
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
      throw error;
    } finally {
      await editor.refresh();
    }
  });
  if (entries.isError) return <LoadFailed what="as configurações" retrying={entries.isFetching} onRetry={() => void entries.refetch()} />;
  if (!entries.data) return <p className="text-muted-foreground text-sm">Carregando...</p>;
  return <ChromeForm stored={entries.data.values} save={save} />;
}

/** A JSON entry, checked against its schema before it is saved. */
function EntryEditor({ section, configKey, label, schema }: { section: string; configKey: string; label: string; schema?: z.ZodType }) {
  const editor = useSectionEditor(section);
  const save = useSaveEntry(editor);
  if (!editor.entries.data) return <p className="text-muted-foreground text-sm">Carregando...</p>;
  return (
    <EntryForm
      section={section}
      label={label}
      schema={schema}
      initial={editor.entries.data.values[configKey] ?? []}
      onSave={(value) => save(configKey, value)}
    />
  );
}

function EntryForm({
  section,
  label,
  schema,
  initial,
  onSave,
}: {
  section: string;
  label: string;
  schema?: z.ZodType;
  initial: unknown;
  onSave: (value: unknown) => Promise<WriteOutcome>;
}) {
  const fields = useMemo((): FieldSpec[] => [{ key: 'value', label, kind: 'json', rows: 12 }], [label]);
  const entrySchema = useMemo(() => z.object({ value: schema ?? z.unknown() }), [schema]);
  const form = useSchemaForm({ fields, schema: entrySchema, initial: { value: initial } });
  const { submit, failure, saving } = useSaveKeepingInput(form, ({ value }) => onSave(value));
  return (
    <Form className="grid gap-2" onSubmit={submit}>
      <SchemaField form={form} field={fields[0]!} idPrefix={section} />
      <SaveFailure failure={failure} />
      <Button type="submit" className="justify-self-start" disabled={saving}>
        <Save className="size-4" aria-hidden /> Salvar
      </Button>
    </Form>
  );
}

/**
 * /privacidade or /termos: its title and Markdown text with a preview. Saving stamps the day of the
 * revision (São Paulo), which the page shows as 'Última atualização'.
 */
function LegalDocumentEditor({ documentKey, title }: { documentKey: LegalDocumentKey; title: string }) {
  const editor = useSectionEditor('legal');
  const save = useSaveEntry(editor);
  if (!editor.entries.data) return <p className="text-muted-foreground text-sm">Carregando...</p>;
  const stored = legalDocumentSchema.safeParse(editor.entries.data.values[documentKey]);
  return (
    <LegalDocumentForm
      documentKey={documentKey}
      title={title}
      initial={stored.success ? stored.data : { title, body: '' }}
      onSave={(document) => save(documentKey, document)}
    />
  );
}

/** A legal document as saved: stamped with the day of the revision. */
const legalDocumentToday = z.preprocess((document) => ({ ...(document as object), updatedAt: saoPauloDay() }), legalDocumentInputSchema);

function LegalDocumentForm({
  documentKey,
  title,
  initial,
  onSave,
}: {
  documentKey: LegalDocumentKey;
  title: string;
  initial: { title: string; body: string };
  onSave: (document: unknown) => Promise<WriteOutcome>;
}) {
  const fields = useMemo(
    (): FieldSpec[] => [
      { key: 'title', label: `Título: ${title}`, kind: 'text' },
      { key: 'body', label: `${title} (Markdown)`, kind: 'textarea', rows: 12 },
    ],
    [title],
  );
  const form = useSchemaForm({ fields, schema: legalDocumentToday, initial });
  const { submit, failure, saving } = useSaveKeepingInput(form, onSave);
  const body = String(useWatch({ control: form.control, name: 'body' }) ?? '');
  const id = `legal-${documentKey}`;
  return (
    <Form className="grid gap-3 lg:grid-cols-2" onSubmit={submit}>
      <div className="grid min-w-0 content-start gap-2">
        {fields.map((field) => (
          <SchemaField key={field.key} form={form} field={field} idPrefix={id} />
        ))}
        <SaveFailure failure={failure} />
        <Button type="submit" className="justify-self-start" disabled={saving}>
          <Save className="size-4" aria-hidden /> Salvar
        </Button>
      </div>
      <div className="min-w-0 space-y-2">
        <p className="text-muted-foreground text-sm">Pré-visualização</p>
        {/* The page's own Markdown: the preview is what visitors will see. */}
        <div className="max-h-96 overflow-y-auto rounded-lg border p-3 break-words [&>div>:first-child]:mt-0" data-testid={`${id}-body-preview`}>
          <Markdown>{body}</Markdown>
        </div>
      </div>
    </Form>
  );
}
