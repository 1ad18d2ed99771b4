// Shortcuts of the chat: PIX (key checked by its type) or webhook, reordered by dragging (or with the
// keyboard: space to pick up, arrows to move, space to drop), renumbered from 1; a test run of a webhook.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GripVertical, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { shortcutCreateSchema, type AdminShortcut } from '@vitrine/domain/chat-admin';
import { adminShortcutActionsContract, adminShortcutsContract } from '@vitrine/domain/chat-admin.contract';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from '@vitrine/domain/pix';
import { Badge } from '@/components/ui/badge';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { adminListKey, guarded, useAdminTable } from '../api/use-admin-table';
import { ConfirmDelete } from '../components/confirm-delete';
import { SettingsCard } from './integrations-sections';

const TABLE = 'shortcuts';

export function ShortcutsSection() {
  const table = useAdminTable({ contract: adminShortcutsContract, table: TABLE, label: 'atalhos', defaultSort: 'orderIndex', pageSize: 100 });
  const shortcuts = table.items as AdminShortcut[];
  const [editing, setEditing] = useState<AdminShortcut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminShortcut | null>(null);
  const queryClient = useQueryClient();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const reorder = useMutation({
    mutationKey: [TABLE, 'reorder'],
    mutationFn: (ids: string[]) => {
      return callEndpoint(adminShortcutActionsContract.reorder, { body: { ids } });
    },
    onMutate: async (ids: string[]) => {
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
    onSettled: () => {
      return queryClient.invalidateQueries({ queryKey: adminListKey(TABLE) });
    },
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shortcuts.map((shortcut) => shortcut.id);
    const moved = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    void guarded(() => reorder.mutateAsync(moved))();
  };

  const test = guarded(async (shortcut: AdminShortcut) => {
    try {
      await callEndpoint(adminShortcutActionsContract.test, { params: { id: shortcut.id } });
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
            screenReaderInstructions: { draggable: 'Para mover um atalho, pressione espaço, use as setas e pressione espaço de novo para soltar. Esc cancela.' },
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
          onSave={async (body) => {
            setEditing(null);
            if (editing === 'new') await table.create(body);
            else await table.update(editing.id, body);
          }}
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
      <span className="min-w-0 flex-1 truncate font-medium" data-testid="shortcut-name">{shortcut.name}</span>
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

interface Draft {
  name: string;
  type: 'pix' | 'webhook';
  webhookUrl: string;
  payload: string;
  keyType: PixKeyType;
  key: string;
  value: string;
  recipient: string;
  city: string;
  description: string;
  active: boolean;
}

function draftOf(shortcut: AdminShortcut | null): Draft {
  const pix = shortcut?.pixData;
  return {
    name: shortcut?.name ?? '',
    type: shortcut?.type ?? 'webhook',
    webhookUrl: shortcut?.webhookUrl ?? '',
    payload: JSON.stringify(shortcut?.payload ?? {}, null, 2),
    keyType: (pix?.keyType as PixKeyType | undefined) ?? 'email',
    key: pix?.key ?? '',
    value: pix ? decimalText(pix.value, 2) : '',
    recipient: pix?.recipient ?? '',
    city: pix?.city ?? '',
    description: pix?.description ?? '',
    active: shortcut?.active ?? true,
  };
}

function ShortcutFormDialog({ shortcut, onClose, onSave }: { shortcut: AdminShortcut | null; onClose: () => void; onSave: (body: never) => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(shortcut));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async () => {
    let payload: unknown = {};
    try {
      payload = draft.type === 'webhook' ? JSON.parse(draft.payload || '{}') : {};
    } catch {
      setErrors({ payload: 'Conteúdo inválido: use JSON, por exemplo {"plano": "anual"}.' });
      return;
    }
    const body = {
      name: draft.name,
      type: draft.type,
      webhookUrl: draft.type === 'webhook' ? draft.webhookUrl : null,
      payload,
      pixData:
        draft.type === 'pix'
          ? { keyType: draft.keyType, key: draft.key, value: requiredDecimal(draft.value), recipient: draft.recipient, city: draft.city, description: draft.description || undefined }
          : null,
      active: draft.active,
    };
    const parsed = shortcutCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path.at(-1) ?? issue.path[0]), issue.message])));
      return;
    }
    if (parsed.data.type === 'webhook' && !parsed.data.webhookUrl) {
      setErrors({ webhookUrl: 'URL do webhook não configurada' });
      return;
    }
    await onSave(parsed.data as never);
  };

  const field = (name: keyof Draft, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`atalho-${name}`}>{label}</Label>
      <Input
        id={`atalho-${name}`}
        value={String(draft[name])}
        onChange={(event) => set({ [name]: event.target.value } as Partial<Draft>)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `atalho-${name}-erro` : undefined}
        {...props}
      />
      {errors[name] && (
        <p id={`atalho-${name}-erro`} className="text-destructive text-xs">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{shortcut ? 'Editar atalho' : 'Novo atalho'}</DialogTitle>
          <DialogDescription>Atalhos PIX mostram o código para pagamento; atalhos de webhook enviam uma requisição assinada.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {field('name', 'Nome')}
          <div className="grid gap-2">
            <Label htmlFor="atalho-type">Tipo</Label>
            <Select value={draft.type} onValueChange={(value) => set({ type: value as Draft['type'] })}>
              <SelectTrigger id="atalho-type" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="webhook">Webhook</SelectItem>
                <SelectItem value="pix">PIX</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {draft.type === 'webhook' ? (
            <>
              {field('webhookUrl', 'URL do webhook', { placeholder: 'https://' })}
              <div className="grid gap-2">
                <Label htmlFor="atalho-payload">Conteúdo (JSON)</Label>
                <Textarea id="atalho-payload" rows={4} className="font-mono text-xs" value={draft.payload} onChange={(event) => set({ payload: event.target.value })} />
                {errors.payload && <p className="text-destructive text-xs">{errors.payload}</p>}
              </div>
            </>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="atalho-keyType">Tipo de chave</Label>
                <Select value={draft.keyType} onValueChange={(value) => set({ keyType: value as PixKeyType })}>
                  <SelectTrigger id="atalho-keyType" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PIX_KEY_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {PIX_KEY_TYPE_LABELS[type]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <p className="text-muted-foreground text-xs sm:col-span-2">
                O código mostrado no chat usa a chave, o nome e a cidade do PIX da loja (abaixo da lista de atalhos); deste atalho valem o valor e a descrição.
              </p>
              {field('key', 'Chave PIX')}
              {field('value', 'Valor (R$)', { inputMode: 'decimal' })}
              {field('recipient', 'Recebedor')}
              {field('city', 'Cidade')}
              {field('description', 'Descrição (opcional)')}
            </div>
          )}
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} /> Ativo
          </label>
          <DialogFooter>
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
