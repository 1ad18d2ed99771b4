// The contact form's inbox, read and unread, and the e-mail address its messages are forwarded to.
import { Mail, MailOpen } from 'lucide-react';
import { useState } from 'react';
import type { AdminContactMessage } from '@vitrine/domain/content-admin';
import { formatDateTime } from '@vitrine/domain/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { guarded } from '@/features/admin/api/use-admin-table';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { SettingsCard } from '@/features/admin/components/settings-card';
import { queryTableProps } from '@/features/admin/components/table-props';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useContactMessages } from '../api/get-contact-messages';
import { useMarkContactMessage } from '../api/mark-contact-message';

export function ContactMessagesSection() {
  const list = usePagedList();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [open, setOpen] = useState<AdminContactMessage | null>(null);
  const query = useContactMessages({ page: list.page, pageSize: list.pageSize, search: list.search, unreadOnly });
  useLoadErrorToast(query.error, 'mensagens de contato');
  const markMessage = useMarkContactMessage();
  const mark = guarded(async (message: AdminContactMessage, read: boolean) => {
    try {
      await markMessage.mutateAsync({ id: message.id, read });
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(error as Error).message}`);
    }
  });
  const columns: AdminColumn<AdminContactMessage>[] = [
    { key: 'createdAt', header: 'Recebida', cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'from',
      header: 'De',
      cell: (row) => (
        <span className="grid">
          <span className={row.readAt ? '' : 'font-semibold'}>{row.name}</span>
          <span className="text-muted-foreground text-xs break-all">{row.email}</span>
        </span>
      ),
    },
    { key: 'subject', header: 'Assunto', cell: (row) => <span className={row.readAt ? '' : 'font-semibold'}>{row.subject}</span> },
    { key: 'state', header: 'Status', cell: (row) => <Badge variant={row.readAt ? 'outline' : 'default'}>{row.readAt ? 'Lida' : 'Não lida'}</Badge> },
  ];
  return (
    <section className="space-y-4" aria-labelledby="contato-titulo">
      <h2 id="contato-titulo" className="text-lg font-semibold">
        Mensagens de Contato
      </h2>
      <SettingsCard
        id="email-de-contato"
        title="E-mail de contato"
        description="As mensagens do formulário de contato ficam nesta caixa e são encaminhadas também para este e-mail."
        keys={['contact_email']}
      />
      <AdminDataTable
        caption="Mensagens de contato"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Buscar por nome, e-mail ou texto"
        emptyText="Nenhuma mensagem."
        onSearch={list.setSearch}
        toolbar={
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={unreadOnly}
              onChange={(event) => {
                setUnreadOnly(event.target.checked);
                list.setPage(1);
              }}
            />
            Só não lidas
          </label>
        }
        actions={(row) => (
          <span className="inline-flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setOpen(row);
                if (!row.readAt) void mark(row, true);
              }}
              aria-label={`Abrir mensagem de ${row.name}`}
            >
              <MailOpen className="size-4" aria-hidden />
            </Button>
            {row.readAt && (
              <Button variant="ghost" size="sm" onClick={() => void mark(row, false)} aria-label={`Marcar mensagem de ${row.name} como não lida`}>
                <Mail className="size-4" aria-hidden />
              </Button>
            )}
          </span>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{open?.subject}</DialogTitle>
            <DialogDescription>
              {open?.name} &lt;{open?.email}&gt; · {open ? formatDateTime(open.createdAt) : ''}
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm whitespace-pre-wrap">{open?.message}</p>
          <DialogFooter>
            <Button asChild variant="outline">
              <a href={`mailto:${open?.email ?? ''}?subject=${encodeURIComponent(`Re: ${open?.subject ?? ''}`)}`}>Responder por e-mail</a>
            </Button>
            <Button onClick={() => setOpen(null)}>Fechar</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
