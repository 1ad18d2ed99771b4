// A whole admin section from a field list: the server-paged table, a create/edit form validated by
// the resource's shared schema, and delete with confirmation, on the one admin data layer.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { UploadBucket } from '@vitrine/domain/uploads';
import {
  Form,
  SaveButton,
  SaveFailure,
  SchemaField,
  useSaveKeepingInput,
  useSchemaForm,
  type FieldSpec,
  type SchemaFormApi,
} from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { uploadFile } from '../api/upload-file';
import {
  guarded,
  useAdminTable,
  type AdminCreateBody,
  type AdminItem,
  type AdminPatch,
  type AdminResource,
  type AdminTableOptions,
  type WriteOutcome,
} from '../api/use-admin-table';
import { AdminDataTable, type AdminColumn } from './admin-data-table';
import { ConfirmDelete } from './confirm-delete';
import { adminTableProps } from './table-props';

export type { FieldSpec } from '@/components/form/schema-form';

/** What the form of a resource gives: a body its create takes, whose fields its update takes too. */
export type ResourceFormValue<C extends AdminResource> = AdminCreateBody<C> & AdminPatch<C>;

export interface ResourceSectionProps<C extends AdminResource> {
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
  columns: AdminColumn<AdminItem<C>>[];
  fields: FieldSpec[];
  /** The form's schema: the contract's create body (its messages are the ones under the fields). */
  createSchema: z.ZodType<ResourceFormValue<C>>;
  /** A row's name in confirmations and labels. */
  nameOf: (row: AdminItem<C>) => string;
  /** Values of a new record's form. */
  defaults: Record<string, unknown>;
  /** The resource's own toasts and read-failure title, when it words them differently. */
  messages?: AdminTableOptions<C>['messages'];
  loadErrorTitle?: string;
}

export function ResourceSection<C extends AdminResource>(props: ResourceSectionProps<C>) {
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
  const [editing, setEditing] = useState<AdminItem<C> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminItem<C> | null>(null);
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
        {...adminTableProps(table)}
        searchPlaceholder={`Buscar ${props.label}`}
        emptyText="Nenhum registro encontrado."
        onSearch={onSearch}
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
          initial={editing === 'new' ? props.defaults : valuesOf(editing)}
          onClose={() => setEditing(null)}
          onSave={(body) => (editing === 'new' ? table.create(body) : table.update(editing, changedOnly(editing, body)))}
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

/** A record's fields, as a form's initial values. */
export const valuesOf = (row: object): Record<string, unknown> => Object.fromEntries(Object.entries(row));

/** The fields of `body` whose value differs from the record's: what an update sends. */
export function changedOnly<T>(row: object, body: T): Partial<T> {
  const stored = valuesOf(row);
  // Only keys of `body`, each with its own value: a part of `body`.
  return Object.fromEntries(Object.entries(body ?? {}).filter(([key, value]) => JSON.stringify(stored[key]) !== JSON.stringify(value))) as Partial<T>;
}

function ResourceFormDialog<Out>({
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
  schema: z.ZodType<Out>;
  initial: Record<string, unknown>;
  onClose: () => void;
  onSave: (body: Out) => Promise<WriteOutcome>;
}) {
  const form = useSchemaForm({ fields, schema, initial });
  // Closed only once saved: a failed save keeps what was typed and says why.
  const { submit, failure, saving } = useSaveKeepingInput(form, onSave, { onSaved: onClose });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Os campos são conferidos aqui e de novo no servidor.</DialogDescription>
        </DialogHeader>
        <Form className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          {fields.map((field) => (
            <SchemaField key={field.key} form={form} field={field} idPrefix={id} extra={<FieldUpload form={form} field={field} />} />
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

/** A field's upload button, when it has one: the stored file's address fills it (or adds a line). */
export function FieldUpload({ form, field }: { form: SchemaFormApi<unknown>; field: FieldSpec }) {
  if (!('upload' in field) || !field.upload) return null;
  return (
    <UploadButton
      bucket={field.upload}
      label={field.label}
      onUploaded={(url) => {
        const current = String(form.getValues(field.key) ?? '');
        const line = field.kind === 'parsed' && field.uploadLine ? field.uploadLine(url) : url;
        form.setValue(field.key, field.kind === 'lines' || field.kind === 'parsed' ? [current, line].filter(Boolean).join('\n') : url, {
          shouldDirty: true,
          shouldValidate: true,
        });
      }}
    />
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
    <div
      className="bg-muted h-2 overflow-hidden rounded"
      role="progressbar"
      aria-label={`Enviando ${label}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
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
