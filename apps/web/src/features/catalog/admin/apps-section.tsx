// Apps of the store: every field, media items for the Mídia tab, per platform a file (uploaded with
// its progress) or an external https link, and download codes (generate; newest first, used/expired).
import { Copy, KeyRound, Link2, Pencil, Plus, Trash2, Upload as UploadIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { APP_PLATFORM_LABELS, APP_PLATFORMS, appFileInputSchema, type AppFile, type AppPlatform, type DownloadCode } from '@vitrine/domain/catalog';
import { appCreateSchema, type AdminApp } from '@vitrine/domain/catalog-admin';
import { adminAppsContract } from '@vitrine/domain/catalog-admin.contract';
import { formatBRL, formatDateTime } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { Form, messageOf, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { uploadFile } from '@/features/admin/api/upload-file';
import { attempt, guarded, useAdminTable, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { ConfirmDelete } from '@/features/admin/components/confirm-delete';
import { FieldUpload } from '@/features/admin/components/resource-section';
import { adminTableProps } from '@/features/admin/components/table-props';
import { notify } from '@/lib/toast';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useGenerateDownloadCode } from '../api/generate-download-code';
import { useAppFiles } from '../api/get-app-files';
import { DOWNLOAD_CODES_PAGE_SIZE, useDownloadCodes } from '../api/get-download-codes';
import { useRemoveAppFile } from '../api/remove-app-file';
import { useSetAppFile } from '../api/set-app-file';

export function AppsSection() {
  const isMobile = useIsNarrow();
  const table = useAdminTable({ contract: adminAppsContract, table: 'apps', label: 'aplicativos', defaultSort: 'name', isMobile });
  const [editing, setEditing] = useState<AdminApp | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminApp | null>(null);
  const [downloads, setDownloads] = useState<AdminApp | null>(null);
  const onSearch = useCallback((search: string) => table.setSearch(search), [table.setSearch]); // eslint-disable-line react-hooks/exhaustive-deps

  const columns: AdminColumn<AdminApp>[] = [
    { key: 'name', header: 'Nome', sort: 'name', cell: (app) => <span className="font-medium">{app.name}</span> },
    { key: 'category', header: 'Categoria', sort: 'category', cell: (app) => app.category },
    { key: 'price', header: 'Preço', cell: (app) => (app.price > 0 ? formatBRL(app.price) : 'Grátis') },
    {
      key: 'downloads',
      header: 'Downloads',
      sort: 'downloads', // The row shown while the server confirms a new app has no count yet.
      cell: (app) => formatDecimal((app as Partial<AdminApp>).downloads ?? 0),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (app) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={app.isActive ? 'default' : 'outline'}>{app.isActive ? 'Ativo' : 'Inativo'}</Badge>
          {app.isFeatured && <Badge variant="secondary">Destaque</Badge>}
        </span>
      ),
    },
  ];

  return (
    <section className="space-y-4" aria-labelledby="apps-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="apps-titulo" className="text-lg font-semibold">
          Aplicativos
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden /> Novo aplicativo
        </Button>
      </div>
      <AdminDataTable
        caption="Aplicativos"
        columns={columns}
        {...adminTableProps(table)}
        searchPlaceholder="Buscar aplicativos"
        emptyText="Nenhum aplicativo encontrado."
        onSearch={onSearch}
        actions={(app) => {
          const temporary = app.id.startsWith('temporario-');
          return (
            <span className="inline-flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => setDownloads(app)} disabled={temporary} aria-label={`Downloads e códigos de ${app.name}`}>
                <KeyRound className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing(app)} disabled={temporary} aria-label={`Editar ${app.name}`}>
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setDeleting(app)} disabled={temporary} aria-label={`Excluir ${app.name}`}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </span>
          );
        }}
      />
      {editing && (
        <AppFormDialog
          app={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(body) => (editing === 'new' ? table.create(body) : table.update(editing, body))}
        />
      )}
      {downloads && <DownloadsDialog app={downloads} onClose={() => setDownloads(null)} />}
      <ConfirmDelete
        open={deleting !== null}
        name={deleting?.name ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const app = deleting!;
          setDeleting(null);
          void table.remove(app.id);
        }}
      />
    </section>
  );
}

// ---------------------------------------------------------------- the app's fields

type MediaItem = { type: string; url: string; caption?: string };

const APP_FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Nome', kind: 'text' },
  { key: 'category', label: 'Categoria', kind: 'text' },
  { key: 'version', label: 'Versão', kind: 'text' },
  { key: 'developer', label: 'Desenvolvedor', kind: 'text' },
  { key: 'iconUrl', label: 'Ícone (endereço https)', kind: 'url', upload: 'app-media' },
  { key: 'minVersion', label: 'Versão mínima do sistema', kind: 'text' },
  { key: 'ram', label: 'Memória (RAM)', kind: 'text' },
  { key: 'storage', label: 'Armazenamento', kind: 'text' },
  { key: 'price', label: 'Preço (R$, 0 = grátis)', kind: 'money' },
  { key: 'sizeMb', label: 'Tamanho (MB)', kind: 'number', nullable: true },
  { key: 'description', label: 'Descrição', kind: 'textarea' },
  { key: 'changelog', label: 'Novidades da versão', kind: 'textarea' },
  { key: 'tags', label: 'Etiquetas (separadas por vírgula)', kind: 'lines', separator: ',' },
  {
    key: 'media',
    label: 'Mídia (uma por linha: image, gif ou video | endereço | legenda)',
    kind: 'parsed',
    upload: 'app-media',
    uploadLine: (url) => `image | ${url} |`,
    format: (value) => ((value as MediaItem[] | undefined) ?? []).map((item) => [item.type, item.url, item.caption ?? ''].join(' | ')).join('\n'),
    parse: (text) =>
      text
        .split('\n')
        .map((line) => line.split('|').map((part) => part.trim()))
        .filter((parts) => parts[0])
        .map(([type, url, caption]) => ({ type, url: url ?? '', ...(caption ? { caption } : {}) })),
  },
  { key: 'isActive', label: 'Ativo', kind: 'boolean' },
  { key: 'isFeatured', label: 'Destaque', kind: 'boolean' },
];
const NEW_APP = { category: 'streaming', version: '1.0.0', price: 0, sizeMb: null, tags: [], media: [], isActive: true, isFeatured: false };

function AppFormDialog({
  app,
  onClose,
  onSave,
}: {
  app: AdminApp | null;
  onClose: () => void;
  onSave: (body: z.output<typeof appCreateSchema>) => Promise<WriteOutcome>;
}) {
  const form = useSchemaForm({ fields: APP_FIELDS, schema: appCreateSchema, initial: app ?? NEW_APP });
  // Closed once saved: a failed save keeps what was typed and says why.
  const { submit, failure, saving } = useSaveKeepingInput(form, onSave, { onSaved: onClose });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{app ? 'Editar aplicativo' : 'Novo aplicativo'}</DialogTitle>
          <DialogDescription>Os arquivos de instalação por plataforma ficam em “Downloads e códigos”.</DialogDescription>
        </DialogHeader>
        <Form className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          {APP_FIELDS.map((field) => (
            <SchemaField key={field.key} form={form} field={field} idPrefix="app" extra={<FieldUpload form={form} field={field} />} />
          ))}
          <SaveFailure failure={failure} className="sm:col-span-2" />
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <SaveButton saving={saving} />
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------- downloads and codes

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

function DownloadsDialog({ app, onClose }: { app: AdminApp; onClose: () => void }) {
  const files = useAppFiles(app.id);
  const [codesPage, setCodesPage] = useState(1);
  const codes = useDownloadCodes(app.id, codesPage);
  const [newCode, setNewCode] = useState<DownloadCode | null>(null);
  const generateCode = useGenerateDownloadCode();

  const generate = guarded(async () => {
    try {
      const code = await generateCode.mutateAsync(app.id);
      setNewCode(code);
      notify.success('Sucesso', 'Operação criação realizada com sucesso.');
      setCodesPage(1);
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na criação: ${(error as Error).message}`);
    }
  });

  const byPlatform = new Map((files.data ?? []).map((file) => [file.platform, file]));
  const now = Date.now();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Downloads e códigos — {app.name}</DialogTitle>
          <DialogDescription>Um arquivo enviado ou um link https por plataforma. Um código só é gasto quando há o que baixar.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3" aria-label="Downloads por plataforma">
          {APP_PLATFORMS.map((platform) => (
            <PlatformRow key={platform} appId={app.id} platform={platform} file={byPlatform.get(platform)} />
          ))}
        </ul>
        <div className="space-y-2 border-t pt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-medium">Códigos de download</h3>
            <Button size="sm" onClick={() => void generate()}>
              <KeyRound className="size-4" aria-hidden /> Gerar código
            </Button>
          </div>
          {newCode && (
            <p className="bg-muted flex flex-wrap items-center gap-2 rounded-md p-2 text-sm" role="status">
              Novo código:{' '}
              <strong className="font-mono text-base tracking-widest" data-testid="novo-codigo">
                {newCode.code}
              </strong>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void navigator.clipboard?.writeText(newCode.code).then(() => notify.success('Código copiado', newCode.code))}
                aria-label="Copiar código"
              >
                <Copy className="size-4" aria-hidden />
              </Button>
            </p>
          )}
          <ul className="divide-y rounded-md border text-sm" aria-label="Códigos, mais recentes primeiro">
            {(codes.data?.items ?? []).map((code) => {
              const expired = !code.isUsed && new Date(code.expiresAt).getTime() < now;
              return (
                <li key={code.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="font-mono tracking-widest">{code.code}</span>
                  <span className="text-muted-foreground text-xs">criado em {formatDateTime(code.createdAt)}</span>
                  <Badge variant={code.isUsed ? 'secondary' : expired ? 'outline' : 'default'}>
                    {code.isUsed ? 'Usado' : expired ? 'Expirado' : 'Disponível'}
                  </Badge>
                </li>
              );
            })}
            {codes.data?.items.length === 0 && <li className="text-muted-foreground px-3 py-2">Nenhum código gerado.</li>}
          </ul>
          {(codes.data?.total ?? 0) > DOWNLOAD_CODES_PAGE_SIZE && (
            <div className="flex items-center justify-end gap-2 text-sm">
              <Button variant="outline" size="sm" disabled={codesPage <= 1} onClick={() => setCodesPage(codesPage - 1)}>
                Anterior
              </Button>
              <span>
                Página {codesPage} de {Math.ceil((codes.data?.total ?? 0) / DOWNLOAD_CODES_PAGE_SIZE)}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={codesPage >= Math.ceil((codes.data?.total ?? 0) / DOWNLOAD_CODES_PAGE_SIZE)}
                onClick={() => setCodesPage(codesPage + 1)}
              >
                Próxima
              </Button>
            </div>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Fechar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A platform's link: the contract's own rule for a download link (https, no spaces nor control characters). */
const LINK_SCHEMA = appFileInputSchema.options[1];
const LINK_FIELDS: FieldSpec[] = [{ key: 'url', label: 'Link de download', kind: 'text' }];

function PlatformRow({ appId, platform, file }: { appId: string; platform: AppPlatform; file: AppFile | undefined }) {
  const [progress, setProgress] = useState<number | null>(null);
  const label = APP_PLATFORM_LABELS[platform];
  const setFile = useSetAppFile();
  const removeFile = useRemoveAppFile();
  const linkForm = useSchemaForm({ fields: LINK_FIELDS, schema: LINK_SCHEMA, initial: { url: '' } });
  const link = String(useWatch({ control: linkForm.control, name: 'url' }) ?? '');
  const linkMessage = messageOf(linkForm.formState.errors, 'url');
  const linkMessageId = `link-${platform}-erro`;

  const upload = guarded(async (chosen: File) => {
    setProgress(0);
    try {
      const stored = await uploadFile('app-installers', chosen, setProgress);
      await setFile.mutateAsync({ appId, platform, file: { uploadId: stored.id } });
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    } finally {
      setProgress(null);
    }
  });
  // The link typed stays, with what failed, until it is saved.
  const saveLink = attempt(async ({ url }: { url: string }) => {
    try {
      await setFile.mutateAsync({ appId, platform, file: { url } });
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
      throw error;
    }
  });
  const linkSave = useSaveKeepingInput(linkForm, saveLink, { onSaved: () => linkForm.reset({ url: '' }) });
  const remove = guarded(async () => {
    try {
      await removeFile.mutateAsync({ appId, platform });
      notify.success('Sucesso', 'Operação exclusão realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na exclusão: ${(error as Error).message}`);
    }
  });

  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{label}</span>
        {file ? (
          <span className="text-muted-foreground flex min-w-0 items-center gap-2 text-xs">
            <span className="truncate">
              {file.kind === 'file' ? `${file.fileName} · ${formatSize(file.sizeBytes ?? 0)}${file.isDemo ? ' · pacote de demonstração' : ''}` : file.url}
            </span>
            <Button variant="ghost" size="sm" onClick={() => void remove()} aria-label={`Remover download de ${label}`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </span>
        ) : (
          <span className="text-muted-foreground text-xs">Sem download</span>
        )}
      </div>
      {progress !== null ? (
        <div className="grid gap-1">
          <div
            className="bg-muted h-2 overflow-hidden rounded"
            role="progressbar"
            aria-label={`Enviando instalador de ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div className="bg-primary h-full transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <span className="text-muted-foreground text-xs">Enviando... {Math.round(progress * 100)}%</span>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Label className="border-input hover:bg-accent inline-flex h-8 cursor-pointer items-center gap-1 rounded-md border px-3 text-xs font-medium">
            <UploadIcon className="size-4" aria-hidden /> Enviar instalador
            <input
              type="file"
              className="sr-only"
              accept=".apk,.zip,.exe"
              aria-label={`Instalador para ${label}`}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen) void upload(chosen);
              }}
            />
          </Label>
          <Form className="flex min-w-0 flex-1 basis-56 flex-wrap items-center gap-1" onSubmit={linkSave.submit}>
            <Input
              placeholder="ou um link https://"
              aria-label={`Link de download para ${label}`}
              aria-invalid={linkMessage ? true : undefined}
              aria-describedby={linkMessage ? linkMessageId : undefined}
              className="h-8 min-w-0 flex-1 text-xs"
              {...linkForm.register('url')}
            />
            <Button type="submit" variant="outline" size="sm" aria-label={`Salvar link de ${label}`} disabled={!link.trim() || linkSave.saving}>
              <Link2 className="size-4" aria-hidden />
            </Button>
            {linkMessage && (
              <p id={linkMessageId} className="text-destructive basis-full text-xs">
                {linkMessage}
              </p>
            )}
          </Form>
        </div>
      )}
      <SaveFailure failure={linkSave.failure} />
    </li>
  );
}
