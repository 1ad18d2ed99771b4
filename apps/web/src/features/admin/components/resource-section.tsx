// A whole admin section from a field list: the server-paged table, a create/edit form validated by
// the resource's shared schema, and delete with confirmation, on the one admin data layer.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AdminResourceContract } from '@vitrine/domain/admin';
import type { UploadBucket } from '@vitrine/domain/uploads';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '@/lib/toast';
import { uploadFile } from '../api/upload-file';
import { guarded, useAdminTable, type AdminTableOptions } from '../api/use-admin-table';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { AdminDataTable, type AdminColumn } from './admin-data-table';
import { ConfirmDelete } from './confirm-delete';

type Row = { id: string } & Record<string, unknown>;

export type FieldSpec =
  | { key: string; label: string; kind: 'text' | 'textarea'; nullable?: boolean; hint?: string }
  /** An address; with `upload`, a file sent to that bucket fills it in. */
  | { key: string; label: string; kind: 'url'; nullable?: boolean; hint?: string; upload?: UploadBucket }
  | { key: string; label: string; kind: 'number' | 'money'; nullable?: boolean; hint?: string }
  | { key: string; label: string; kind: 'boolean' }
  | { key: string; label: string; kind: 'select'; options: readonly { value: string; label: string }[]; nullable?: boolean }
  /** One item per line; with `upload`, each file sent to that bucket adds its address as a line. */
  | { key: string; label: string; kind: 'lines'; hint?: string; upload?: UploadBucket }
  /** Any JSON value (a list of objects, a text, a number…). */
  | { key: string; label: string; kind: 'json'; hint?: string };

export interface ResourceSectionProps<C extends AdminResourceContract> {
  id: string;
  title: string;
  description?: ReactNode;
  contract: C;
  table: string;
  /** Plural, lower case: 'Erro ao carregar <label>'. */
  label: string;
  /** 'Novo plano de revenda'. */
  newLabel: string;
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  columns: AdminColumn<Row>[];
  fields: FieldSpec[];
  createSchema: z.ZodType;
  /** A row's name in confirmations and labels. */
  nameOf: (row: Row) => string;
  /** Values of a new record's form. */
  defaults: Record<string, unknown>;
  /** The resource's own toasts and read-failure title, when it words them differently. */
  messages?: AdminTableOptions<C>['messages'];
  loadErrorTitle?: string;
}

export function ResourceSection<C extends AdminResourceContract>(props: ResourceSectionProps<C>) {
  const isMobile = useIsNarrow();
  const table = useAdminTable({
    contract: props.contract,
    table: props.table,
    label: props.label,
    defaultSort: props.defaultSort,
    defaultOrder: props.defaultOrder,
    isMobile,
    messages: props.messages,
    loadErrorTitle: props.loadErrorTitle,
  });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const onSearch = useCallback((search: string) => table.setSearch(search), [table.setSearch]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className="space-y-4" aria-labelledby={`${props.id}-titulo`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={`${props.id}-titulo`} className="text-lg font-semibold">
            {props.title}
          </h2>
          {props.description && <p className="text-muted-foreground text-sm">{props.description}</p>}
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden /> {props.newLabel}
        </Button>
      </div>
      <AdminDataTable
        caption={props.title}
        columns={props.columns}
        rows={table.items as Row[]}
        total={table.total}
        page={table.params.page}
        pageCount={table.pageCount}
        sort={table.params.sort}
        order={table.params.order}
        isLoading={table.isLoading}
        isFetching={table.isFetching}
        loadError={table.error}
        onRetry={() => void table.refetch()}
        searchPlaceholder={`Buscar ${props.label}`}
        emptyText="Nenhum registro encontrado."
        onSearch={onSearch}
        onSort={table.setSort}
        onPage={table.setPage}
        actions={(row) => {
          const temporary = row.id.startsWith('temporario-');
          return (
            <span className="inline-flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => setEditing(row)} disabled={temporary} aria-label={`Editar ${props.nameOf(row)}`}>
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setDeleting(row)} disabled={temporary} aria-label={`Excluir ${props.nameOf(row)}`}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </span>
          );
        }}
      />
      {editing && (
        <ResourceFormDialog
          id={props.id}
          title={editing === 'new' ? props.newLabel : `Editar ${props.nameOf(editing)}`}
          fields={props.fields}
          schema={props.createSchema}
          initial={editing === 'new' ? props.defaults : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            setEditing(null);
            if (editing === 'new') await table.create(body as never);
            else await table.update(editing.id, changedOnly(editing, body) as never);
          }}
        />
      )}
      <ConfirmDelete
        open={deleting !== null}
        name={deleting ? props.nameOf(deleting) : ''}
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

const changedOnly = (row: Row, body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([key, value]) => JSON.stringify(row[key]) !== JSON.stringify(value)));

// ---------------------------------------------------------------- the form

const toText = (field: FieldSpec, value: unknown): string | boolean => {
  if (field.kind === 'boolean') return Boolean(value);
  if (value === null || value === undefined) return '';
  if (field.kind === 'lines') return (value as string[]).join('\n');
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  if (field.kind === 'money') return decimalText(Number(value), 2);
  if (field.kind === 'number') return decimalText(Number(value));
  return String(value);
};

function fromText(field: FieldSpec, text: string | boolean): unknown {
  if (field.kind === 'boolean') return text;
  const value = String(text);
  const nullable = 'nullable' in field && field.nullable;
  if (field.kind === 'lines') return value.split('\n').map((line) => line.trim()).filter(Boolean);
  if (field.kind === 'json') {
    try {
      return JSON.parse(value);
    } catch {
      return Symbol.for('json-invalido');
    }
  }
  if (value.trim() === '') return nullable ? null : field.kind === 'number' || field.kind === 'money' ? Number.NaN : '';
  if (field.kind === 'number' || field.kind === 'money') return requiredDecimal(value);
  return value;
}

function ResourceFormDialog({
  id,
  title,
  fields,
  schema,
  initial,
  onClose,
  onSave,
}: {
  id: string;
  title: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  initial: Record<string, unknown>;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}) {
  const [draft, setDraft] = useState<Record<string, string | boolean>>(() => Object.fromEntries(fields.map((field) => [field.key, toText(field, initial[field.key])])));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const body = Object.fromEntries(fields.map((field) => [field.key, fromText(field, draft[field.key]!)]));
    const invalidJson = fields.find((field) => body[field.key] === Symbol.for('json-invalido'));
    if (invalidJson) {
      setErrors({ [invalidJson.key]: 'Conteúdo inválido: use JSON.' });
      return;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    await onSave(parsed.data as Record<string, unknown>);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Os campos são conferidos aqui e de novo no servidor.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {fields.map((field) => {
            const inputId = `${id}-${field.key}`;
            const error = errors[field.key];
            const described = error ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-erro` } : {};
            const wide = field.kind === 'textarea' || field.kind === 'lines' || field.kind === 'json';
            if (field.kind === 'boolean') {
              return (
                <label key={field.key} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" checked={Boolean(draft[field.key])} onChange={(event) => setDraft({ ...draft, [field.key]: event.target.checked })} />
                  {field.label}
                </label>
              );
            }
            return (
              <div key={field.key} className={`grid gap-2 ${wide ? 'sm:col-span-2' : ''}`}>
                <Label htmlFor={inputId}>{field.label}</Label>
                {field.kind === 'select' ? (
                  <Select value={String(draft[field.key]) || '—'} onValueChange={(value) => setDraft({ ...draft, [field.key]: value === '—' ? '' : value })}>
                    <SelectTrigger id={inputId} className="w-full" {...described}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {field.nullable && <SelectItem value="—">Nenhum</SelectItem>}
                      {field.options.map((option) => (
                        <SelectItem key={option.value} value={option.value}>
                          {option.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : wide ? (
                  <Textarea
                    id={inputId}
                    rows={field.kind === 'json' ? 6 : 3}
                    className={field.kind === 'json' ? 'font-mono text-xs' : undefined}
                    value={String(draft[field.key])}
                    onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                    {...described}
                  />
                ) : (
                  <Input
                    id={inputId}
                    inputMode={field.kind === 'number' ? 'numeric' : field.kind === 'money' ? 'decimal' : undefined}
                    type={field.kind === 'url' ? 'url' : 'text'}
                    value={String(draft[field.key])}
                    onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                    {...described}
                  />
                )}
                {'upload' in field && field.upload && (
                  <UploadButton
                    bucket={field.upload}
                    label={field.label}
                    onUploaded={(url) =>
                      setDraft((current) => ({
                        ...current,
                        [field.key]: field.kind === 'lines' ? [String(current[field.key] ?? ''), url].filter(Boolean).join('\n') : url,
                      }))
                    }
                  />
                )}
                {'hint' in field && field.hint && <p className="text-muted-foreground text-xs">{field.hint}</p>}
                {error && (
                  <p id={`${inputId}-erro`} className="text-destructive text-xs">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit">Salvar</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Sends an image to a bucket with its progress; the stored file's address goes into the field. */
export function UploadButton({ bucket, label, onUploaded }: { bucket: UploadBucket; label: string; onUploaded: (url: string) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const send = guarded(async (file: File) => {
    setProgress(0);
    try {
      const stored = await uploadFile(bucket, file, setProgress);
      onUploaded(stored.url);
    } catch (error) {
      notify.error('Erro no envio', (error as Error).message);
    } finally {
      setProgress(null);
    }
  });
  return progress !== null ? (
    <div className="bg-muted h-2 overflow-hidden rounded" role="progressbar" aria-label={`Enviando ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
      <div className="bg-primary h-full" style={{ width: `${Math.round(progress * 100)}%` }} />
    </div>
  ) : (
    <label className="border-input hover:bg-accent inline-flex h-8 w-fit cursor-pointer items-center rounded-md border px-3 text-xs font-medium">
      Enviar imagem
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        aria-label={`Enviar imagem para ${label}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
    </label>
  );
}
