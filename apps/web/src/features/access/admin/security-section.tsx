// Security: the admin's own two-factor sign-in, PRO users (add with an optional invitation, activate,
// deactivate, who has two-factor on), active sessions with revoke, the e-mail outbox and the audit trail.
import { Copy, LogOut, Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { auditItemName, auditResourceLabel, type AuditEntry } from '@vitrine/domain/admin';
import { proUserInputSchema, type ProUser, type ProUserInput } from '@vitrine/domain/auth';
import { formatDateTime } from '@vitrine/domain/money';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { attempt, guarded } from '@/features/admin/api/use-admin-table';
import { usePagedList } from '@/features/admin/api/use-paged-list';
import { AdminDataTable, type AdminColumn } from '@/features/admin/components/admin-data-table';
import { queryTableProps } from '@/features/admin/components/table-props';
import { notify } from '@/lib/toast';
import { useAuditLog } from '../api/get-audit-log';
import { useEmailOutbox } from '../api/get-email-outbox';
import { useProUsers } from '../api/get-pro-users';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useUpsertProUser } from '../api/upsert-pro-user';
import { TwoFactorCard } from './two-factor-card';

const PRO_USER_FIELDS: FieldSpec[] = [
  { key: 'email', label: 'Novo e-mail PRO', kind: 'text', type: 'email' },
  { key: 'invite', label: 'Enviar convite', kind: 'boolean' },
];
/** A PRO user added here starts active. */
const NEW_PRO_USER = z.preprocess((body) => ({ ...(body as object), isActive: true }), proUserInputSchema);

const ACTION_LABELS: Record<AuditEntry['action'], string> = { create: 'Criação', update: 'Atualização', delete: 'Exclusão' };

export function SecuritySection() {
  return (
    <section className="space-y-4" aria-labelledby="seguranca-titulo">
      <h2 id="seguranca-titulo" className="text-lg font-semibold">
        Segurança
      </h2>
      <TwoFactorCard />
      <Tabs defaultValue="pro-users">
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="pro-users">Usuários PRO</TabsTrigger>
          <TabsTrigger value="sessions">Sessões</TabsTrigger>
          <TabsTrigger value="emails">E-mails</TabsTrigger>
          <TabsTrigger value="audit">Auditoria</TabsTrigger>
        </TabsList>
        <TabsContent value="pro-users">
          <ProUsers />
        </TabsContent>
        <TabsContent value="sessions">
          <Sessions />
        </TabsContent>
        <TabsContent value="emails">
          <Emails />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTrail />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ProUsers() {
  const list = usePagedList();
  const form = useSchemaForm({ fields: PRO_USER_FIELDS, schema: NEW_PRO_USER, initial: { email: '', invite: true } });
  // Without SMTP the server answers the invitation's link once: shown here until closed, never again.
  const [handedLink, setHandedLink] = useState<{ email: string; link: string } | null>(null);
  const [deactivating, setDeactivating] = useState<string | null>(null);
  const query = useProUsers({ page: list.page, pageSize: list.pageSize, search: list.search });
  const upsert = useUpsertProUser();
  const write = async (body: ProUserInput) => {
    try {
      const result = await upsert.mutateAsync(body);
      if (result.invitationLink) {
        setHandedLink({ email: result.email, link: result.invitationLink });
        notify.success('Sucesso', 'Convite criado: copie o link e envie à pessoa convidada.');
      } else {
        notify.success('Sucesso', result.invitation === 'sent' ? 'Convite enviado por e-mail.' : 'Operação atualização realizada com sucesso.');
      }
    } catch (failure) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(failure as Error).message}`);
      throw failure;
    }
  };
  const save = guarded(write);
  // The e-mail typed stays, with what failed, until it is saved.
  const add = useSaveKeepingInput(form, attempt(write), { onSaved: (body: ProUserInput) => form.reset({ email: '', invite: body.invite ?? false }) });

  const columns: AdminColumn<ProUser & { id: string }>[] = [
    { key: 'email', header: 'E-mail', cell: (user) => <span className="break-all">{user.email}</span> },
    { key: 'status', header: 'Status', cell: (user) => <Badge variant={user.isActive ? 'default' : 'outline'}>{user.isActive ? 'Ativo' : 'Inativo'}</Badge> },
    {
      key: 'twoFactor',
      header: 'Duas etapas',
      cell: (user) => <Badge variant={user.twoFactorEnabled ? 'secondary' : 'outline'}>{user.twoFactorEnabled ? '2FA ativa' : 'Sem 2FA'}</Badge>,
    },
    { key: 'updatedAt', header: 'Alterado em', cell: (user) => formatDateTime(user.updatedAt) },
  ];

  return (
    <div className="space-y-4 pt-2">
      <Form className="flex flex-wrap items-start gap-2" aria-label="Novo usuário PRO" onSubmit={add.submit}>
        <SchemaField form={form} field={PRO_USER_FIELDS[0]!} idPrefix="pro" className="flex-1 basis-60" />
        <div className="flex items-center gap-2 sm:pt-[1.375rem]">
          <SchemaField form={form} field={PRO_USER_FIELDS[1]!} idPrefix="pro" />
          <Button type="submit" disabled={add.saving}>
            <Plus className="size-4" aria-hidden /> Adicionar
          </Button>
        </div>
        <SaveFailure failure={add.failure} className="basis-full" />
      </Form>
      <AdminDataTable
        caption="Usuários PRO"
        columns={columns}
        {...queryTableProps(query, list, 'asc')}
        rows={(query.data?.items ?? []).map((user) => ({ ...user, id: user.email }))}
        searchPlaceholder="Buscar e-mails"
        emptyText="Nenhum usuário PRO encontrado."
        onSearch={list.setSearch}
        actions={(user) => (
          <Button variant="outline" size="sm" onClick={() => (user.isActive ? setDeactivating(user.email) : void save({ email: user.email, isActive: true }))}>
            {user.isActive ? 'Desativar' : 'Ativar'}
          </Button>
        )}
      />
      <Dialog open={deactivating !== null} onOpenChange={(open) => !open && setDeactivating(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Desativar acesso PRO</DialogTitle>
            <DialogDescription className="break-words">
              Desativar {deactivating}? A pessoa perde o acesso ao painel e à calculadora imediatamente.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeactivating(null)}>
              Cancelar
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                const email = deactivating!;
                setDeactivating(null);
                void save({ email, isActive: false });
              }}
            >
              Desativar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={handedLink !== null} onOpenChange={(open) => !open && setHandedLink(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Link do convite</DialogTitle>
            <DialogDescription className="break-words">
              Sem servidor de e-mail (SMTP) configurado, o convite ficou só na caixa de saída. Envie este link a {handedLink?.email}: ele não será mostrado de
              novo.
            </DialogDescription>
          </DialogHeader>
          <Label htmlFor="link-convite">Link do convite</Label>
          <Input id="link-convite" readOnly value={handedLink?.link ?? ''} onFocus={(event) => event.currentTarget.select()} />
          <DialogFooter>
            <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(handedLink?.link ?? '').then(() => notify.success('Link copiado'))}>
              <Copy className="size-4" aria-hidden /> Copiar link
            </Button>
            <Button onClick={() => setHandedLink(null)}>Fechar</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Sessions() {
  const list = usePagedList();
  const query = useSessions({ page: list.page, pageSize: list.pageSize });
  const revokeSession = useRevokeSession();
  const revoke = guarded(async (id: string) => {
    try {
      await revokeSession.mutateAsync(id);
      notify.success('Sucesso', 'Operação exclusão realizada com sucesso.');
    } catch (error) {
      notify.error('Erro na Sincronização', `Falha na exclusão: ${(error as Error).message}`);
    }
  });
  type Session = NonNullable<typeof query.data>['items'][number];
  const columns: AdminColumn<Session>[] = [
    {
      key: 'email',
      header: 'Usuário',
      cell: (session) => (
        <span className="break-all">
          {session.email} {session.isCurrent && <Badge variant="secondary">esta sessão</Badge>}
        </span>
      ),
    },
    { key: 'createdAt', header: 'Início', cell: (session) => formatDateTime(session.createdAt) },
    { key: 'ipAddress', header: 'Endereço', cell: (session) => session.ipAddress ?? '—' },
    { key: 'userAgent', header: 'Navegador', cell: (session) => <span className="line-clamp-1 max-w-60 break-all">{session.userAgent ?? '—'}</span> },
  ];
  return (
    <div className="pt-2">
      <AdminDataTable
        caption="Sessões ativas"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Filtrar nesta página"
        emptyText="Nenhuma sessão ativa."
        onSearch={() => undefined}
        actions={(session) =>
          session.isCurrent ? null : (
            <Button variant="outline" size="sm" onClick={() => void revoke(session.id)} aria-label={`Encerrar sessão de ${session.email}`}>
              <LogOut className="size-4" aria-hidden /> Encerrar
            </Button>
          )
        }
      />
    </div>
  );
}

function Emails() {
  const list = usePagedList();
  const query = useEmailOutbox({ page: list.page, pageSize: list.pageSize, search: list.search });
  type Email = NonNullable<typeof query.data>['items'][number];
  const STATUS: Record<Email['status'], string> = { sent: 'Enviado', logged: 'Registrado', failed: 'Falhou' };
  const columns: AdminColumn<Email>[] = [
    { key: 'createdAt', header: 'Data', cell: (email) => formatDateTime(email.createdAt) },
    { key: 'to', header: 'Para', cell: (email) => <span className="break-all">{email.to}</span> },
    { key: 'subject', header: 'Assunto', cell: (email) => email.subject },
    {
      key: 'status',
      header: 'Status',
      cell: (email) => (
        <Badge variant={email.status === 'failed' ? 'destructive' : 'secondary'} title={email.error ?? undefined}>
          {STATUS[email.status]}
        </Badge>
      ),
    },
  ];
  return (
    <div className="pt-2">
      <AdminDataTable
        caption="Caixa de saída de e-mails"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Buscar por destinatário ou assunto"
        emptyText="Nenhum e-mail."
        onSearch={list.setSearch}
      />
    </div>
  );
}

function AuditTrail() {
  const list = usePagedList();
  const query = useAuditLog({ page: list.page, pageSize: list.pageSize, search: list.search });
  const columns: AdminColumn<AuditEntry>[] = [
    { key: 'at', header: 'Quando', cell: (entry) => formatDateTime(entry.at) },
    { key: 'actor', header: 'Quem', cell: (entry) => <span className="break-all">{entry.actorEmail}</span> },
    { key: 'action', header: 'Ação', cell: (entry) => ACTION_LABELS[entry.action] },
    {
      key: 'what',
      header: 'O quê',
      cell: (entry) => (
        <span>
          {auditResourceLabel(entry.resource)}{' '}
          <span className="text-muted-foreground text-xs break-all" title={`Registro ${entry.recordId}`}>
            {auditItemName(entry) ?? entry.recordId}
          </span>
        </span>
      ),
    },
    {
      key: 'fields',
      header: 'Campos',
      cell: (entry) => (
        <details>
          <summary className="cursor-pointer">{entry.changedFields.join(', ') || '—'}</summary>
          <dl className="mt-1 grid gap-1 text-xs">
            {entry.changedFields.map((field) => (
              <div key={field} className="grid grid-cols-[auto_1fr] gap-x-2">
                <dt className="font-medium">{field}</dt>
                <dd className="break-all">
                  {display(entry.before?.[field])} → {display(entry.after?.[field])}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ),
    },
  ];
  return (
    <div className="pt-2">
      <AdminDataTable
        caption="Trilha de auditoria"
        columns={columns}
        {...queryTableProps(query, list)}
        searchPlaceholder="Buscar por usuário, recurso, registro ou campo"
        emptyText="Nenhuma alteração registrada."
        onSearch={list.setSearch}
      />
    </div>
  );
}

const display = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
