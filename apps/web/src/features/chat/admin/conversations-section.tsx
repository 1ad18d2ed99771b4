// The assistant's conversations, from the site's chat and from WhatsApp (a channel badge). Read-only for
// the site's; a WhatsApp conversation is answered from here: the operator's reply goes to the customer's
// number (its delivery state shown under it, a failure with why), and a conversation a person handles is
// handed back to the assistant. The assistant's answers read as in /chat (its Markdown renderer, which
// never renders raw HTML); what the customer and the operator typed stays plain text.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_CHANNEL_LABELS, operatorReplyBodySchema, type AdminChatConversation, type ChatChannel, type WhatsAppSend } from '@vitrine/domain/chat';
import { formatDateTime } from '@vitrine/domain/money';
import { formatDecimal } from '@vitrine/domain/number-format';
import { heldForReply, WHATSAPP_OUTBOUND_STATE_LABELS } from '@vitrine/domain/whatsapp';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { SettingsCard } from '@/features/admin/components/settings-card';
import { queryTableProps } from '@/features/admin/components/table-props';
import { ApiError } from '@/lib/api-client';
import { markdownPreview } from '@/lib/markdown-preview';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useHandBack, useReplyAsOperator } from '../api/conversation-operator';
import { useAdminConversation } from '../api/get-admin-conversation';
import { useAdminConversations } from '../api/get-admin-conversations';
import AssistantMarkdown from '../components/assistant-markdown';

/** 'WhatsApp' or 'Site': where the conversation happens. */
export function ChannelBadge({ channel }: { channel: ChatChannel }) {
  return <Badge variant={channel === 'whatsapp' ? 'success' : 'outline'}>{CHAT_CHANNEL_LABELS[channel]}</Badge>;
}

const SEND_KIND_LABELS: Record<WhatsAppSend['kind'], string> = {
  text: 'Resposta',
  choices: 'Opções',
  pix_code: 'Código PIX',
  pix_qr: 'QR Code do PIX',
  payment_confirmed: 'Pagamento confirmado',
  operator: 'Resposta do atendente',
  delivery: 'Entrega',
  reminder: 'Lembrete de renovação',
};

/**
 * The delivery of a message on WhatsApp: its worst state (a failure first, with why); a message held outside
 * the 24-hour window says it goes when the customer writes again.
 */
function SendState({ sends }: { sends: WhatsAppSend[] }) {
  if (sends.length === 0) return null;
  const heldSend = sends.find((send) => send.held);
  const held = heldSend ? `; ${heldForReply(heldSend.kind)}` : '';
  const failed = sends.find((send) => send.status === 'failed');
  if (failed) {
    return (
      <p className="text-destructive mt-1 text-xs font-medium" role="alert">
        Não enviada pelo WhatsApp{failed.error ? `: ${failed.error}` : ''}
        {held}
      </p>
    );
  }
  const order = ['pending', 'accepted', 'sent', 'delivered', 'read'] as const;
  const least = order.find((state) => sends.some((send) => send.status === state)) ?? 'read';
  const template = sends.find((send) => send.template)?.template;
  return (
    <p className="text-muted-foreground mt-1 text-xs">
      WhatsApp: {WHATSAPP_OUTBOUND_STATE_LABELS[least]}
      {template && ` · fora da janela de 24 horas, enviada como o modelo aprovado "${template}"`}
      {held}
    </p>
  );
}

const REPLY_FIELDS: readonly FieldSpec[] = [{ key: 'text', label: 'Resposta pelo WhatsApp', kind: 'textarea' }];

/** The operator's side of a WhatsApp conversation: who handles it, and the reply sent to the customer's number. */
function OperatorPanel({ conversation }: { conversation: AdminChatConversation }) {
  const replyMutation = useReplyAsOperator();
  const handBack = useHandBack();
  const form = useSchemaForm({ fields: REPLY_FIELDS, schema: operatorReplyBodySchema, initial: { text: '' }, mode: 'onSubmit' });
  const send = async (body: { text: string }): Promise<WriteOutcome> => {
    try {
      await replyMutation.mutateAsync({ id: conversation.id, text: body.text });
      return { ok: true };
    } catch (error) {
      const description = error instanceof ApiError ? error.message : 'Tente novamente em instantes.';
      notify.error('Resposta não registrada', description);
      return { ok: false, title: 'Resposta não registrada', description };
    }
  };
  const { submit, failure, saving } = useSaveKeepingInput(form, send, { onSaved: () => form.reset({ text: '' }) });
  const giveBack = async () => {
    try {
      await handBack.mutateAsync(conversation.id);
      notify.success('Conversa devolvida ao assistente');
    } catch (error) {
      notify.error('Não foi possível devolver a conversa', error instanceof ApiError ? error.message : 'Tente novamente em instantes.');
    }
  };
  return (
    <div className="space-y-3 border-t pt-3">
      {conversation.handledByPerson ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            <Badge variant="warning">Atendimento humano</Badge> O assistente não responde até você devolver a conversa.
          </p>
          <Button type="button" variant="outline" size="sm" disabled={handBack.isPending} onClick={() => void giveBack()}>
            Devolver ao assistente
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground">O assistente responde esta conversa. Ao enviar uma resposta, você assume o atendimento.</p>
      )}
      <Form className="space-y-2" onSubmit={submit}>
        <SchemaField form={form} field={REPLY_FIELDS[0]!} idPrefix="resposta-whatsapp" />
        <SaveFailure failure={failure} />
        <SaveButton saving={saving} label="Enviar pelo WhatsApp" />
      </Form>
    </div>
  );
}

export function ConversationsSection() {
  const list = usePagedList();
  // ?conversa=<id> opens that conversation (Pagamentos links to it).
  const [params, setParams] = useSearchParams();
  const linked = params.get('conversa');
  const [open, setOpenState] = useState<string | null>(linked && /^[0-9a-f-]{36}$/i.test(linked) ? linked : null);
  const setOpen = (id: string | null) => {
    setOpenState(id);
    if (id === null && params.has('conversa')) setParams({}, { replace: true });
  };
  const query = useAdminConversations({ page: list.page, pageSize: list.pageSize });
  useLoadErrorToast(query.error, 'conversas');
  const detail = useAdminConversation(open);
  type Summary = NonNullable<typeof query.data>['items'][number];
  const columns: AdminColumn<Summary>[] = [
    { key: 'channel', header: 'Canal', cell: (row) => <ChannelBadge channel={row.channel} /> },
    { key: 'updatedAt', header: 'Última atividade', cell: (row) => formatDateTime(row.updatedAt) },
    {
      key: 'lastMessage',
      header: 'Última mensagem',
      cell: (row) => <span className="line-clamp-2 max-w-96">{row.lastMessage ? markdownPreview(row.lastMessage) : '—'}</span>,
    },
    { key: 'messageCount', header: 'Mensagens', cell: (row) => formatDecimal(row.messageCount) },
    {
      key: 'flags',
      header: 'Pedidos',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.openHandoffs > 0 && <Badge variant="destructive">Atendente ({row.openHandoffs})</Badge>}
          {row.paymentIntents > 0 && <Badge variant="secondary">PIX ({row.paymentIntents})</Badge>}
        </span>
      ),
    },
  ];
  return (
    <section className="space-y-4" aria-labelledby="conversas-titulo">
      <h2 id="conversas-titulo" className="text-lg font-semibold">
        Conversas do Chat
      </h2>
      <AdminDataTable
        caption="Conversas do assistente"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Filtrar"
        emptyText="Nenhuma conversa ainda."
        onSearch={() => undefined}
        actions={(row) => (
          <Button variant="outline" size="sm" onClick={() => setOpen(row.id)}>
            Ver
          </Button>
        )}
      />
      <SettingsCard
        id="modelo-whatsapp"
        title="Modelo aprovado do WhatsApp"
        description="O WhatsApp só aceita mensagens livres até 24 horas depois da última mensagem do cliente. Fora dessa janela, vai um modelo aprovado na Meta no lugar: o dos lembretes de renovação, com o nome, o plano, o vencimento e o link do cliente, e o geral para o resto (e para os lembretes, se o deles não estiver configurado). Sem modelo, a mensagem fica como não enviada, com o motivo."
        keys={['whatsapp_template_name', 'whatsapp_reminder_template_name', 'whatsapp_template_language']}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">Conversa {detail.data && <ChannelBadge channel={detail.data.channel} />}</DialogTitle>
            <DialogDescription>
              {detail.data?.channel === 'whatsapp'
                ? 'Mensagens do WhatsApp, com a situação de cada envio; responda ao cliente por aqui.'
                : 'Somente leitura: mensagens, avaliações, pedidos de atendente e PIX oferecidos.'}
            </DialogDescription>
          </DialogHeader>
          {detail.data ? (
            <div className="min-w-0 space-y-3 text-sm">
              <ol className="space-y-2">
                {detail.data.messages.map((message) => (
                  <li
                    key={message.id}
                    data-testid={message.type === 'user' ? 'customer-message' : message.fromOperator ? 'operator-message' : 'assistant-message'}
                    className={`rounded-lg p-2 break-words ${message.type === 'user' ? 'bg-primary/10 ml-8' : 'bg-muted mr-8'}`}
                  >
                    {message.fromOperator && <p className="text-xs font-semibold">Atendente</p>}
                    {message.content &&
                      (message.type === 'bot' && !message.fromOperator ? (
                        <AssistantMarkdown text={message.content} />
                      ) : (
                        <p className="whitespace-pre-wrap">{message.content}</p>
                      ))}
                    {message.imageUrl && <img src={message.imageUrl} alt="Imagem enviada pelo cliente" className="max-h-64 rounded-md" />}
                    {message.audioUrl && <audio controls src={message.audioUrl} aria-label="Áudio enviado pelo cliente" className="max-w-full" />}
                    <p className="text-muted-foreground mt-1 text-xs">
                      {formatDateTime(message.createdAt)}
                      {message.feedback && ` · ${message.feedback === 'positive' ? '👍 útil' : '👎 não útil'}`}
                    </p>
                    <SendState sends={detail.data.whatsappSends.filter((send) => send.chatMessageId === message.id)} />
                  </li>
                ))}
              </ol>
              {detail.data.whatsappSends.some((send) => send.chatMessageId === null) && (
                <ul className="space-y-1">
                  {detail.data.whatsappSends
                    .filter((send) => send.chatMessageId === null)
                    .map((send) => (
                      <li key={send.id}>
                        <strong>{SEND_KIND_LABELS[send.kind]}</strong> · {formatDateTime(send.createdAt)}
                        <SendState sends={[send]} />
                      </li>
                    ))}
                </ul>
              )}
              {detail.data.handoffs.length > 0 && (
                <p>
                  <strong>Pedidos de atendente:</strong> {detail.data.handoffs.map((handoff) => handoff.request).join(' · ')}
                </p>
              )}
              {detail.data.paymentIntents.length > 0 && (
                <p>
                  <strong>PIX oferecidos:</strong>{' '}
                  {detail.data.paymentIntents.map((intent) => `${intent.itemName} (${intent.amount.toFixed(2).replace('.', ',')})`).join(' · ')}
                </p>
              )}
              {detail.data.channel === 'whatsapp' && <OperatorPanel key={detail.data.id} conversation={detail.data} />}
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">Carregando...</p>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
