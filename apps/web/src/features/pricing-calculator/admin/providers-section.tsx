// Providers: the list with Ativo or Inativo, an add form and inline editing (the draft kept in the
// browser), logo and document uploads with their progress, and each provider's cost tiers per plan
// type and quantity, added and removed here.
import { FileText, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatBRL } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { BILLING_PERIODS, PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import {
  lastPathSegment,
  PROVIDER_DRAFT,
  PROVIDER_TOASTS,
  providerCostInputSchema,
  providerCreateSchema,
  UPLOAD_TOASTS,
  type AdminProvider,
  type ProviderCost,
  type ProviderCreate,
  type ProviderWithCosts,
} from '@vitrine/domain/recharge';
import { adminProvidersContract } from '@vitrine/domain/recharge.contract';
import { uploadBuckets, type UploadBucket } from '@vitrine/domain/uploads';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec, type FormTexts } from '@/components/form/schema-form';
import { ListLoading } from '@/components/list-loading';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { uploadFile } from '@/features/admin/api/upload-file';
import { attempt, guarded, useAdminTable, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { ConfirmDelete } from '@/features/admin/components/confirm-delete';
import { notify } from '@/lib/toast';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useProvidersWithCosts, useRemoveCostTier, useRemoveStoredFile, useSaveCostTier } from '../api/providers';
import { readDraft, useFormDraft } from '../lib/form-draft';

const PROVIDER_MESSAGES = {
  create: { success: PROVIDER_TOASTS.created, error: PROVIDER_TOASTS.createError },
  update: { success: PROVIDER_TOASTS.updated, error: PROVIDER_TOASTS.updateError },
  delete: { success: PROVIDER_TOASTS.removed, error: PROVIDER_TOASTS.removeError },
};

const PROVIDER_FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Nome *', kind: 'text' },
  { key: 'supplierName', label: 'Fornecedor', kind: 'text' },
  { key: 'phone', label: 'Telefone', kind: 'text', type: 'tel' },
  { key: 'email', label: 'E-mail', kind: 'text', type: 'email' },
  { key: 'providerUsername', label: 'Usuário no provedor', kind: 'text' },
  // Optional: left empty, the provider has no default cost.
  { key: 'defaultUnitCost', label: 'Custo unitário padrão (R$)', kind: 'money', nullable: true },
  { key: 'description', label: 'Descrição', kind: 'textarea', rows: 2 },
  // Filled by their uploads (FileField), not typed.
  { key: 'logoUrl', label: 'Logo', kind: 'url' },
  { key: 'documentUrl', label: 'Documento', kind: 'url' },
  { key: 'isActive', label: 'Ativo', kind: 'boolean' },
];
const FILE_KEYS = new Set(['logoUrl', 'documentUrl']);
const NEW_PROVIDER = { isActive: true };

const draftKey = (providerId: string | null) => `${PROVIDER_DRAFT.keyPrefix}${providerId ?? 'novo'}`;

function ProviderForm({
  provider,
  onSave,
  onClose,
}: {
  provider: AdminProvider | null;
  onSave: (body: ProviderCreate) => Promise<WriteOutcome>;
  onClose: () => void;
}) {
  const key = draftKey(provider?.id ?? null);
  // A draft of this form kept in the browser, read once as it opens: it stands in for the initial values.
  const restored = useMemo(() => readDraft<FormTexts>(key), [key]);
  const removeStoredFile = useRemoveStoredFile();
  const form = useSchemaForm({ fields: PROVIDER_FIELDS, schema: providerCreateSchema, initial: provider ?? NEW_PROVIDER, restored });
  const texts = useWatch({ control: form.control });
  // Files replaced or removed on a saved provider are deleted once the change is saved.
  const [replaced, setReplaced] = useState<{ bucket: UploadBucket; url: string }[]>([]);
  // Only what the admin changed is a draft: a form opened and left untouched writes none.
  const discardDraft = useFormDraft(key, texts, { enabled: form.formState.isDirty });

  const fileOf = (field: 'logoUrl' | 'documentUrl') => String(texts[field] ?? '');
  const setFile = (field: 'logoUrl' | 'documentUrl', url: string) => form.setValue(field, url, { shouldDirty: true });
  const stored = (url: string) => url !== '' && (url === provider?.logoUrl || url === provider?.documentUrl);
  const dropFile = async (field: 'logoUrl' | 'documentUrl') => {
    const url = fileOf(field);
    const bucket: UploadBucket = field === 'logoUrl' ? 'provider-logos' : 'provider-documents';
    if (stored(url)) setReplaced((current) => [...current, { bucket, url }]);
    else if (url && !(await removeStoredFile(bucket, url))) return;
    setFile(field, '');
  };

  const cancel = () => {
    discardDraft();
    onClose();
  };

  // Closed once saved (the draft and the replaced files dropped then); a failed save keeps the form and says why.
  const { submit, failure, saving } = useSaveKeepingInput(form, onSave, {
    onSaved: async () => {
      discardDraft();
      for (const file of replaced) await removeStoredFile(file.bucket, file.url);
      onClose();
    },
  });

  return (
    <Form
      aria-label={provider ? `Editar ${provider.name}` : 'Novo provedor'}
      className="bg-card grid gap-3 rounded-lg border p-4 sm:grid-cols-2"
      onSubmit={submit}
    >
      {restored && <p className="text-muted-foreground text-xs sm:col-span-2">Rascunho restaurado: continue de onde parou.</p>}
      {PROVIDER_FIELDS.filter((field) => !FILE_KEYS.has(field.key)).map((field) => (
        <SchemaField key={field.key} form={form} field={field} idPrefix="provedor" className={field.kind === 'boolean' ? 'sm:col-span-2' : undefined} />
      ))}
      <FileField
        label="Logo"
        bucket="provider-logos"
        url={fileOf('logoUrl')}
        onUploaded={(url) => setFile('logoUrl', url)}
        onRemove={() => void dropFile('logoUrl')}
      />
      <FileField
        label="Documento"
        bucket="provider-documents"
        url={fileOf('documentUrl')}
        onUploaded={(url) => setFile('documentUrl', url)}
        onRemove={() => void dropFile('documentUrl')}
      />
      <SaveFailure failure={failure} className="sm:col-span-2" />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SaveButton saving={saving} />
        <Button type="button" variant="outline" onClick={cancel}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}

/** One file of a provider: idle (a chooser), uploading (a progress bar), uploaded (its name and a remove button). */
function FileField({
  label,
  bucket,
  url,
  onUploaded,
  onRemove,
}: {
  label: string;
  bucket: UploadBucket;
  url: string;
  onUploaded: (url: string) => void;
  onRemove: () => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const policy = uploadBuckets[bucket];
  const send = guarded(async (file: File) => {
    setProgress(0);
    try {
      const stored = await uploadFile(bucket, file, setProgress);
      setName(stored.originalName);
      onUploaded(stored.url);
      notify.success(UPLOAD_TOASTS.uploaded);
    } catch (error) {
      notify.error(UPLOAD_TOASTS.uploadError, (error as Error).message);
    } finally {
      setProgress(null);
    }
  });
  const inputId = `provedor-arquivo-${bucket}`;
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      {progress !== null ? (
        <div
          className="bg-muted h-2 overflow-hidden rounded"
          role="progressbar"
          aria-label={`Enviando ${label.toLowerCase()}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div className="bg-primary h-full transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      ) : url ? (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          {bucket === 'provider-logos' ? (
            <img src={url} alt={`${label} enviado`} className="size-10 rounded border object-contain" />
          ) : (
            <FileText className="size-5 shrink-0" aria-hidden />
          )}
          <span className="min-w-0 truncate" title={name ?? lastPathSegment(url)}>
            {name ?? lastPathSegment(url)}
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remover ${label.toLowerCase()}`}>
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      ) : (
        <Input
          id={inputId}
          type="file"
          accept={policy.accepts.map((type) => type.mime).join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      )}
      <p className="text-muted-foreground text-xs">
        {policy.accepts.map((type) => type.label).join(', ')}; até {policy.maxBytes / 1024 / 1024} MB.
      </p>
    </div>
  );
}

const TIER_FIELDS: FieldSpec[] = [
  { key: 'planType', label: 'Tipo de plano', kind: 'select', options: BILLING_PERIODS.map((period) => ({ value: period, label: PERIOD_LABELS[period] })) },
  { key: 'quantity', label: 'Quantidade', kind: 'number' },
  { key: 'unitCost', label: 'Custo unitário (R$)', kind: 'money' },
];
const TIER_WIDTHS: Record<string, string> = { planType: 'w-32', quantity: 'w-24', unitCost: 'w-28' };
const NEW_TIER = { planType: 'monthly' };

function CostTiers({ provider }: { provider: ProviderWithCosts }) {
  const form = useSchemaForm({ fields: TIER_FIELDS, schema: providerCostInputSchema, initial: NEW_TIER });
  const saveTier = useSaveCostTier(provider.id);
  const removeTier = useRemoveCostTier(provider.id);
  // A failed save keeps the tier as typed and says why under it; a saved one empties the numbers, and the
  // plan type stays for the next tier.
  const { submit, failure } = useSaveKeepingInput(
    form,
    attempt(
      (tier: Parameters<typeof saveTier.mutateAsync>[0]) => saveTier.mutateAsync(tier),
      (error) => ({ title: 'Erro ao salvar faixa de custo', description: error.message }),
    ),
    { onSaved: () => form.reset({ ...form.getValues(), quantity: '', unitCost: '' }) },
  );
  const remove = guarded((cost: ProviderCost) => removeTier.mutateAsync(cost.id));

  return (
    <div className="space-y-2">
      <h4 className="text-sm font-medium">Faixas de custo</h4>
      {provider.costs.length === 0 ? (
        <p className="text-muted-foreground text-xs">Nenhuma faixa: a calculadora não tem custo para este provedor.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Faixas de custo de {provider.name}</caption>
            <thead className="text-muted-foreground text-left text-xs">
              <tr>
                <th className="py-1 pr-2 font-medium">Plano</th>
                <th className="py-1 pr-2 font-medium">A partir de</th>
                <th className="py-1 pr-2 font-medium">Custo unitário</th>
                <th className="py-1 pr-2 font-medium">Total</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {provider.costs.map((cost) => (
                <tr key={cost.id} className="border-t">
                  <td className="py-1 pr-2">{PERIOD_LABELS[cost.planType]}</td>
                  <td className="py-1 pr-2">{formatDecimal(cost.quantity)}</td>
                  <td className="py-1 pr-2">{formatBRL(cost.unitCost)}</td>
                  <td className="py-1 pr-2">{formatBRL(cost.totalCost)}</td>
                  <td className="py-1 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void remove(cost)}
                      aria-label={`Remover faixa ${PERIOD_LABELS[cost.planType]} ${formatDecimal(cost.quantity)}`}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Form className="flex flex-wrap items-start gap-2" aria-label={`Nova faixa de custo de ${provider.name}`} onSubmit={submit}>
        {TIER_FIELDS.map((field) => (
          <SchemaField key={field.key} form={form} field={field} idPrefix={`faixa-${provider.id}`} className={TIER_WIDTHS[field.key]} />
        ))}
        <Button type="submit" variant="outline" size="sm" className="mt-[1.375rem]">
          <Plus className="size-4" aria-hidden /> Adicionar faixa
        </Button>
        <SaveFailure failure={failure} className="basis-full" />
      </Form>
    </div>
  );
}

export function ProvidersManager() {
  const isMobile = useIsNarrow();
  const table = useAdminTable({
    contract: adminProvidersContract,
    table: 'providers',
    label: 'provedores',
    defaultSort: 'name',
    isMobile,
    messages: PROVIDER_MESSAGES,
  });
  const withCosts = useProvidersWithCosts();
  const [adding, setAdding] = useState(false);
  // The provider as it was when its form opened: the save names that version.
  const [editing, setEditing] = useState<AdminProvider | null>(null);
  const [deleting, setDeleting] = useState<AdminProvider | null>(null);
  const rows = table.items as AdminProvider[];
  const costsOf = (id: string) => withCosts.data?.find((provider) => provider.id === id);

  return (
    <section className="space-y-4" aria-labelledby="provedores-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="provedores-titulo" className="text-lg font-semibold">
            Provedores
          </h2>
          <p className="text-muted-foreground text-sm">Provedores de créditos, seus arquivos e as faixas de custo que a calculadora usa.</p>
        </div>
        <Button onClick={() => setAdding((open) => !open)} aria-expanded={adding} variant={adding ? 'outline' : 'default'}>
          {adding ? <X className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />}
          {adding ? 'Fechar formulário' : 'Novo provedor'}
        </Button>
      </div>
      {adding && <ProviderForm provider={null} onClose={() => setAdding(false)} onSave={table.create} />}
      <Input
        type="search"
        aria-label="Buscar provedores"
        placeholder="Buscar provedores"
        className="max-w-sm"
        onChange={(event) => table.setSearch(event.target.value)}
      />
      {table.isLoading ? (
        <ListLoading />
      ) : table.error && rows.length === 0 ? (
        <LoadFailed what="os provedores" onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum provedor cadastrado.</p>
      ) : (
        <ul className="space-y-3" aria-label="Provedores cadastrados">
          {rows.map((row) => {
            if (editing?.id === row.id) {
              const opened = editing;
              return (
                <li key={row.id}>
                  <ProviderForm provider={opened} onClose={() => setEditing(null)} onSave={(body) => table.update(opened, body)} />
                </li>
              );
            }
            const temporary = row.id.startsWith('temporario-');
            const pricing = costsOf(row.id);
            return (
              <li key={row.id} className="bg-card space-y-3 rounded-lg border p-4" aria-label={row.name}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex min-w-0 items-center gap-3">
                    {row.logoUrl ? (
                      <img src={row.logoUrl} alt={`Logo de ${row.name}`} className="size-12 shrink-0 rounded border object-contain" />
                    ) : (
                      <span
                        className="bg-muted text-muted-foreground flex size-12 shrink-0 items-center justify-center rounded border text-lg font-semibold"
                        aria-hidden
                      >
                        {row.name.slice(0, 1).toUpperCase()}
                      </span>
                    )}
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold break-words">{row.name}</span>
                        <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>
                      </div>
                      <p className="text-muted-foreground text-sm break-words">
                        {[row.supplierName, row.email, row.phone].filter(Boolean).join(' · ') || 'Sem contato cadastrado'}
                      </p>
                      {row.documentUrl && (
                        <a href={row.documentUrl} className="text-primary text-xs underline" target="_blank" rel="noreferrer">
                          Documento
                        </a>
                      )}
                    </div>
                  </div>
                  <span className="inline-flex gap-1">
                    <Button variant="ghost" size="sm" disabled={temporary} onClick={() => setEditing(row)} aria-label={`Editar ${row.name}`}>
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="sm" disabled={temporary} onClick={() => setDeleting(row)} aria-label={`Remover ${row.name}`}>
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </span>
                </div>
                {pricing && <CostTiers provider={pricing} />}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDelete
        open={deleting !== null}
        name={deleting?.name ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting!;
          setDeleting(null);
          void table.remove(row.id);
        }}
      />
    </section>
  );
}
