// Shortcuts of the chat: PIX (key checked by its type) or webhook, reordered by dragging (or with the
// keyboard: space to pick up, arrows to move, space to drop), renumbered from 1; a test run of a webhook.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { shortcutCreateSchema, type AdminShortcut } from '@vitrine/domain/chat-admin';
import { adminShortcutsContract } from '@vitrine/domain/chat-admin.contract';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES } from '@vitrine/domain/pix';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { guarded, useAdminTable, type WriteOutcome } from '@/features/admin/api/use-admin-table';
import { ConfirmDelete } from '@/features/admin/components/confirm-delete';
import { SettingsCard } from '@/features/admin/components/settings-card';
import { notify } from '@/lib/toast';
import { useReorderShortcuts } from '../api/reorder-shortcuts';
import { useTestShortcut } from '../api/test-shortcut';

const TABLE = 'shortcuts';

export function ShortcutsSection() {
  const table = useAdminTable({ contract: adminShortcutsContract, table: TABLE, label: 'atalhos', defaultSort: 'orderIndex', pageSize: 100 });
  const shortcuts = table.items;
  const [editing, setEditing] = useState<AdminShortcut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminShortcut | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const reorder = useReorderShortcuts({
    onMutate: async (ids) => {
      const position = new Map(ids.map((id, index) => [id, index + 1]));
      const rollback = await table.applyOptimistic((page) => ({
        ...page,
        items: [...page.items].map((item) => ({ ...item, orderIndex: position.get(item.id) ?? item.orderIndex })).sort((a, b) => a.orderIndex - b.orderIndex),
      }));
      return { rollback };
    },
    onError: (error, _ids, context) => {
      context?.rollback();
      notify.error('Erro na Sincronização', `Falha na atualização: ${error.message}`);
    },
    onSuccess: () => notify.success('Sucesso', 'Operação atualização realizada com sucesso.'),
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shortcuts.map((shortcut) => shortcut.id);
    const moved = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    void guarded(() => reorder.mutateAsync(moved))();
  };

  const testShortcut = useTestShortcut();
  const test = guarded(async (shortcut: AdminShortcut) => {
    try {
      await testShortcut.mutateAsync(shortcut.id);
      notify.success('Teste enviado', `O webhook de "${shortcut.name}" foi colocado na fila de entregas.`);
    } catch (error) {
      notify.error('Erro no Atalho', `Falha ao executar "${shortcut.name}": ${(error as Error).message}`);
    }
  });

  return (
    <section className="space-y-4" aria-labelledby="atalhos-titulo">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="atalhos-titulo" className="text-lg font-semibold">
            Atalhos
          </h2>
          <p className="text-muted-foreground text-sm">Arraste pela alça (ou use espaço e as setas) para mudar a ordem exibida no chat.</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden /> Novo atalho
        </Button>
      </div>
      {table.isLoading ? (
        <p className="text-muted-foreground text-sm">Carregando atalhos...</p>
      ) : table.error && shortcuts.length === 0 ? (
        <LoadFailed what="os atalhos" onRetry={() => void table.refetch()} retrying={table.isFetching} />
      ) : shortcuts.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum atalho cadastrado.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable: 'Para mover um atalho, pressione espaço, use as setas e pressione espaço de novo para soltar. Esc cancela.',
            },
            announcements: {
              onDragStart: ({ active }) => `Atalho ${nameOf(shortcuts, active.id)} selecionado.`,
              onDragOver: ({ active, over }) => (over ? `Atalho ${nameOf(shortcuts, active.id)} sobre a posição de ${nameOf(shortcuts, over.id)}.` : undefined),
              onDragEnd: ({ active, over }) => (over ? `Atalho ${nameOf(shortcuts, active.id)} solto na posição de ${nameOf(shortcuts, over.id)}.` : undefined),
              onDragCancel: ({ active }) => `Movimento de ${nameOf(shortcuts, active.id)} cancelado.`,
            },
          }}
        >
          <SortableContext items={shortcuts.map((shortcut) => shortcut.id)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2" aria-label="Atalhos na ordem do chat">
              {shortcuts.map((shortcut) => (
                <SortableShortcut
                  key={shortcut.id}
                  shortcut={shortcut}
                  onEdit={() => setEditing(shortcut)}
                  onDelete={() => setDeleting(shortcut)}
                  onTest={() => void test(shortcut)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {editing && (
        <ShortcutFormDialog
          shortcut={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(body) => (editing === 'new' ? table.create(body) : table.update(editing, body))}
        />
      )}
      <ConfirmDelete
        open={deleting !== null}
        name={deleting?.name ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const shortcut = deleting!;
          setDeleting(null);
          void table.remove(shortcut.id);
        }}
      />
      <SettingsCard
        id="pix-da-loja"
        title="PIX da loja"
        description="A chave que recebe os pagamentos: os atalhos PIX e os PIX que o assistente gera usam sempre esta chave, com o nome e a cidade abaixo. Enquanto não houver chave, o chat não mostra nenhum código e avisa que o pagamento ainda não foi configurado."
        keys={['pix_key', 'pix_recipient', 'pix_city']}
      />
    </section>
  );
}

const nameOf = (shortcuts: AdminShortcut[], id: string | number) => shortcuts.find((shortcut) => shortcut.id === id)?.name ?? '';

function SortableShortcut({ shortcut, onEdit, onDelete, onTest }: { shortcut: AdminShortcut; onEdit: () => void; onDelete: () => void; onTest: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: shortcut.id });
  const temporary = shortcut.id.startsWith('temporario-');
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`bg-card flex flex-wrap items-center gap-2 rounded-lg border p-2 ${isDragging ? 'shadow-lg' : ''} ${temporary ? 'opacity-60' : ''}`}
      data-shortcut-id={shortcut.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="text-muted-foreground hover:text-foreground cursor-grab touch-none rounded p-1"
        aria-label={`Mover ${shortcut.name}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span className="text-muted-foreground w-6 text-right text-xs tabular-nums">{shortcut.orderIndex}</span>
      <span className="min-w-0 flex-1 truncate font-medium" data-testid="shortcut-name">
        {shortcut.name}
      </span>
      <Badge variant="secondary">{shortcut.type === 'pix' ? 'PIX' : 'Webhook'}</Badge>
      <Badge variant={shortcut.active ? 'default' : 'outline'}>{shortcut.active ? 'Ativo' : 'Inativo'}</Badge>
      <span className="inline-flex gap-1">
        {shortcut.type === 'webhook' && (
          <Button variant="ghost" size="sm" onClick={onTest} disabled={temporary} aria-label={`Testar ${shortcut.name}`}>
            <Send className="size-4" aria-hidden />
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onEdit} disabled={temporary} aria-label={`Editar ${shortcut.name}`}>
          <Pencil className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} disabled={temporary} aria-label={`Excluir ${shortcut.name}`}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </span>
    </li>
  );
}

const SHORTCUT_FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Nome', kind: 'text' },
  {
    key: 'type',
    label: 'Tipo',
    kind: 'select',
    options: [
      { value: 'webhook', label: 'Webhook' },
      { value: 'pix', label: 'PIX' },
    ],
  },
  { key: 'webhookUrl', label: 'URL do webhook', kind: 'text' },
  { key: 'payload', label: 'Conteúdo (JSON)', kind: 'json' },
  {
    key: 'keyType',
    label: 'Tipo de chave',
    kind: 'select',
    options: PIX_KEY_TYPES.map((type) => ({ value: type, label: PIX_KEY_TYPE_LABELS[type] })),
    errorAt: 'pixData.keyType',
  },
  { key: 'key', label: 'Chave PIX', kind: 'text', errorAt: 'pixData.key' },
  { key: 'value', label: 'Valor (R$)', kind: 'money', errorAt: 'pixData.value' },
  { key: 'recipient', label: 'Recebedor', kind: 'text', errorAt: 'pixData.recipient' },
  { key: 'city', label: 'Cidade', kind: 'text', errorAt: 'pixData.city' },
  { key: 'description', label: 'Descrição (opcional)', kind: 'text', errorAt: 'pixData.description' },
  { key: 'active', label: 'Ativo', kind: 'boolean' },
];
const field = (key: string) => SHORTCUT_FIELDS.find((spec) => spec.key === key)!;
const PIX_FIELDS = ['keyType', 'key', 'value', 'recipient', 'city', 'description'] as const;

/** The form's flat fields, as the contract's body: a webhook's address and content, or a PIX's data. */
const shortcutBody = z
  .preprocess((input) => {
    const flat = input as Record<string, unknown>;
    const pix = flat.type === 'pix';
    return {
      name: flat.name,
      type: flat.type,
      webhookUrl: pix ? null : flat.webhookUrl,
      payload: pix ? {} : flat.payload,
      pixData: pix
        ? { keyType: flat.keyType, key: flat.key, value: flat.value, recipient: flat.recipient, city: flat.city, description: flat.description || undefined }
        : null,
      active: flat.active,
    };
  }, shortcutCreateSchema)
  .superRefine((body, ctx) => {
    if (body.type === 'webhook' && !body.webhookUrl) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: 'URL do webhook não configurada' });
  });

type ShortcutBody = z.output<typeof shortcutBody>;

function valuesOf(shortcut: AdminShortcut | null): Record<string, unknown> {
  const pix = shortcut?.pixData;
  return {
    name: shortcut?.name ?? '',
    type: shortcut?.type ?? 'webhook',
    webhookUrl: shortcut?.webhookUrl ?? '',
    payload: shortcut?.payload ?? {},
    keyType: pix?.keyType ?? 'email',
    key: pix?.key ?? '',
    value: pix?.value ?? null,
    recipient: pix?.recipient ?? '',
    city: pix?.city ?? '',
    description: pix?.description ?? '',
    active: shortcut?.active ?? true,
  };
}

function ShortcutFormDialog({
  shortcut,
  onClose,
  onSave,
}: {
  shortcut: AdminShortcut | null;
  onClose: () => void;
  onSave: (body: ShortcutBody) => Promise<WriteOutcome>;
}) {
  const form = useSchemaForm({ fields: SHORTCUT_FIELDS, schema: shortcutBody, initial: valuesOf(shortcut) });
  // Closed once saved: a failed save keeps what was typed and says why.
  const { submit, failure, saving } = useSaveKeepingInput(form, onSave, { onSaved: onClose });
  const type = useWatch({ control: form.control, name: 'type' });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{shortcut ? 'Editar atalho' : 'Novo atalho'}</DialogTitle>
          <DialogDescription>Atalhos PIX mostram o código para pagamento; atalhos de webhook enviam uma requisição assinada.</DialogDescription>
        </DialogHeader>
        <Form className="grid gap-4" onSubmit={submit}>
          <SchemaField form={form} field={field('name')} idPrefix="atalho" />
          <SchemaField form={form} field={field('type')} idPrefix="atalho" />
          {type === 'pix' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <SchemaField form={form} field={field('keyType')} idPrefix="atalho" />
              <p className="text-muted-foreground text-xs sm:col-span-2">
                O código mostrado no chat usa a chave, o nome e a cidade do PIX da loja (abaixo da lista de atalhos); deste atalho valem o valor e a descrição.
              </p>
              {PIX_FIELDS.slice(1).map((key) => (
                <SchemaField key={key} form={form} field={field(key)} idPrefix="atalho" />
              ))}
            </div>
          ) : (
            <>
              <SchemaField form={form} field={field('webhookUrl')} idPrefix="atalho" />
              <SchemaField form={form} field={field('payload')} idPrefix="atalho" />
            </>
          )}
          <SchemaField form={form} field={field('active')} idPrefix="atalho" />
          <SaveFailure failure={failure} />
          <DialogFooter>
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
