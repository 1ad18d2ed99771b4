// The specification's list pattern for suppliers and reseller plans: a button that toggles an add
// form, a search, the rows (each opened in place with Salvar or Cancelar, its 'Editar' button taking
// the focus back when it closes), removal with confirmation, the pages; a failed list says so in place.
// A form closes once its save succeeded: a failed one keeps what was typed and says why.
// An open row keeps the record as it was when it opened: its save names that version.
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldSpec, FormTexts } from '@/components/form/schema-form';
import { ListLoading } from '@/components/list-loading';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { WriteOutcome } from '../api/use-admin-table';
import { ConfirmDelete } from './confirm-delete';
import { InlineRowForm } from './inline-row-form';
import { Pager } from './pager';
import { changedOnly } from './resource-section';

type Row = { id: string; updatedAt: string };

/**
 * What the list needs of the admin data layer (useAdminTable): its rows, and writes that take the form's
 * value (`Out`). Declared as methods, so a table typed by its contract fits the list whose form gives that body.
 */
interface ListTable<T, Out> {
  items: T[];
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  pageCount: number;
  params: { page: number };
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  refetch: () => unknown;
  create(body: Out): Promise<WriteOutcome>;
  update(record: Row, patch: Partial<Out>): Promise<WriteOutcome>;
  remove(id: string): Promise<unknown>;
}

export interface InlineCrudListProps<T extends Row, Out> {
  id: string;
  title: string;
  description: ReactNode;
  table: ListTable<T, Out>;
  /** 'Adicionar fornecedor'; the open add form is labelled `newLabel`. */
  addLabel: string;
  newLabel: string;
  /** Plural, lower case: 'fornecedores' ('Buscar fornecedores', 'Não foi possível carregar os fornecedores'). */
  plural: string;
  emptyText: string;
  nameOf: (row: T) => string;
  /** 'Excluir' or 'Remover', as the section words it. */
  removeVerb?: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType<Out>;
  newValues: Record<string, unknown>;
  onInvalid?: (errors: FieldErrors<FormTexts>) => void;
  /** Columns of the form's grid. */
  gridClassName?: string;
  listClassName?: string;
  rowClassName?: string;
  /** A row's contents when it is not open. */
  renderRow: (row: T) => ReactNode;
}

export function InlineCrudList<T extends Row, Out>(props: InlineCrudListProps<T, Out>) {
  const { table, nameOf, removeVerb = 'Excluir' } = props;
  const [adding, setAdding] = useState(false);
  // The record as it was when its row opened (the list may refresh under it with another admin's write).
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  // The row whose 'Editar' takes the focus back as it mounts again: when React commits the closed row, not at
  // a frame guessed beforehand (on a slow phone the frame came first, and the focus was lost).
  const focusOnMount = useRef<string | null>(null);
  const rows = table.items;
  const close = (id: string) => {
    focusOnMount.current = id;
    setEditing(null);
  };
  const form = { fields: props.fields, schema: props.schema, onInvalid: props.onInvalid, gridClassName: props.gridClassName };

  return (
    <section className="space-y-4" aria-labelledby={`${props.id}-titulo`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={`${props.id}-titulo`} className="text-lg font-semibold">
            {props.title}
          </h2>
          <p className="text-muted-foreground text-sm">{props.description}</p>
        </div>
        <Button onClick={() => setAdding((open) => !open)} aria-expanded={adding} variant={adding ? 'outline' : 'default'}>
          {adding ? <X className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />}
          {adding ? 'Fechar formulário' : props.addLabel}
        </Button>
      </div>
      {adding && (
        <div className="bg-card rounded-lg border p-4" aria-label={props.newLabel} role="group">
          <InlineRowForm
            {...form}
            idPrefix={`${props.id}-novo`}
            label={props.newLabel}
            initial={props.newValues}
            submitLabel="Adicionar"
            onCancel={() => setAdding(false)}
            onSubmit={(value) => table.create(value)}
            onSaved={() => setAdding(false)}
          />
        </div>
      )}
      <Input
        type="search"
        aria-label={`Buscar ${props.plural}`}
        placeholder={`Buscar ${props.plural}`}
        className="max-w-sm"
        onChange={(event) => table.setSearch(event.target.value)}
      />
      {table.isLoading ? (
        <ListLoading />
      ) : table.error && rows.length === 0 ? (
        <LoadFailed what={`os ${props.plural}`} onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{props.emptyText}</p>
      ) : (
        <ul className={props.listClassName} aria-label={`${props.title} cadastrados`}>
          {rows.map((row) => {
            const name = nameOf(row);
            if (editing?.id === row.id) {
              const opened = editing;
              return (
                <li key={row.id} className="bg-card rounded-lg border p-4" aria-label={`Editando ${name}`}>
                  <InlineRowForm
                    {...form}
                    idPrefix={`${props.id}-${row.id}`}
                    label={`Editando ${name}`}
                    initial={opened}
                    onCancel={() => close(row.id)}
                    onSubmit={(value) => {
                      const changes = changedOnly(opened, value);
                      return Object.keys(changes).length > 0 ? table.update(opened, changes) : Promise.resolve({ ok: true as const });
                    }}
                    onSaved={() => close(row.id)}
                  />
                </li>
              );
            }
            const temporary = row.id.startsWith('temporario-');
            return (
              <li key={row.id} aria-label={name} className={cn('min-w-0 gap-3 p-4', props.rowClassName)}>
                {props.renderRow(row)}
                <span className="inline-flex items-center gap-1">
                  <Button
                    ref={(button) => {
                      if (button && focusOnMount.current === row.id) {
                        focusOnMount.current = null;
                        button.focus();
                      }
                    }}
                    variant="ghost"
                    size="sm"
                    disabled={temporary}
                    onClick={() => setEditing(row)}
                    aria-label={`Editar ${name}`}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button variant="ghost" size="sm" disabled={temporary} onClick={() => setDeleting(row)} aria-label={`${removeVerb} ${name}`}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={table.params.page} pageCount={table.pageCount} onPage={table.setPage} />
      <ConfirmDelete
        open={deleting !== null}
        name={deleting ? nameOf(deleting) : ''}
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
