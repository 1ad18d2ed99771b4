// The admin's own second factor: turn it on (password, then the QR code of the TOTP URI, the key for
// typing by hand and the recovery codes shown once, then a code to confirm), new recovery codes, turn
// it off with the password and a current code. better-auth does the work behind our two-factor routes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { accessContract } from '@vitrine/domain/access.contract';
import {
  TOTP_DIGITS,
  totpSecretOf,
  twoFactorCodeInputSchema,
  twoFactorDisableInputSchema,
  twoFactorEnableInputSchema,
  twoFactorErrorMessages,
  twoFactorRegenerateInputSchema,
  type TwoFactorEnableResult,
} from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { SchemaField, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/** The same query as the session guard's (features/auth), so both see one answer. */
const sessionQuery = {
  queryKey: ['session'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(accessContract.me, {}, { signal }),
  staleTime: 30_000,
};

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'Erro de conexão. Verifique sua internet e tente novamente.';
    return twoFactorErrorMessages[error.code] ?? error.message;
  }
  return 'Não foi possível concluir. Tente novamente.';
}

async function copy(text: string, success: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(success);
  } catch {
    notify.error('Não foi possível copiar', 'Selecione o texto e copie manualmente.');
  }
}

/** Groups of four, as authenticator apps show a key. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const session = useQuery(sessionQuery);
  const queryClient = useQueryClient();
  const enabled = session.data?.twoFactorEnabled === true;
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['session'] }), queryClient.invalidateQueries({ queryKey: ['pro_users'] })]);

  return (
    <Card data-testid="two-factor-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base" role="heading" aria-level={3}>
          <ShieldCheck className="size-5" aria-hidden /> Verificação em duas etapas
          {session.data && <Badge variant={enabled ? 'default' : 'outline'}>{enabled ? 'Ativa' : 'Desativada'}</Badge>}
        </CardTitle>
        <CardDescription>
          Além da senha, o login pede um código de 6 dígitos do seu aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {session.isPending ? (
          <Loader2 className="text-primary size-5 animate-spin" aria-label="Carregando" />
        ) : !session.data ? (
          <LoadFailed what="a verificação em duas etapas" onRetry={() => void session.refetch()} retrying={session.isFetching} />
        ) : enabled ? (
          <EnabledActions onChanged={refresh} />
        ) : (
          <Enrolment
            onEnabled={async () => {
              await refresh();
              onEnabled?.();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

const PASSWORD_FIELD: FieldSpec = {
  key: 'password',
  label: 'Sua senha',
  kind: 'text',
  type: 'password',
  input: { autoComplete: 'current-password', maxLength: 50 },
};
const CODE_FIELD: FieldSpec = {
  key: 'code',
  label: 'Código do aplicativo',
  kind: 'text',
  keep: (typed) => typed.replace(/\D/g, ''),
  input: {
    className: 'w-40 font-mono tracking-widest',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    pattern: '[0-9]*',
    maxLength: TOTP_DIGITS,
    placeholder: '000000',
  },
};
/** Turning it off takes a code of the app or a recovery code, so any letters are kept. */
const DISABLE_CODE_FIELD: FieldSpec = {
  key: 'code',
  label: 'Código',
  kind: 'text',
  input: { autoComplete: 'one-time-code', maxLength: 11, placeholder: '123456' },
};
const PASSWORD_FIELDS = [PASSWORD_FIELD];
const CODE_FIELDS = [CODE_FIELD];
const DISABLE_FIELDS = [PASSWORD_FIELD, DISABLE_CODE_FIELD];

/**
 * One step's form on the admin form primitive: its fields checked by the endpoint's own schema (its
 * message under each field), the server's refusal below them.
 */
function StepForm<Out>({
  id,
  fields,
  schema,
  onSubmit,
  error,
  submitLabel,
  pending,
  variant,
  icon,
  fieldClassName,
}: {
  id: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType<Out>;
  onSubmit: (body: Out) => void;
  error: string | null;
  submitLabel: string;
  pending: boolean;
  variant?: 'outline' | 'destructive';
  /** Shown on the button while nothing is pending. */
  icon?: ReactNode;
  fieldClassName?: string;
}) {
  const form = useSchemaForm({ fields, schema, initial: {} });
  return (
    <form className="flex flex-wrap items-start gap-2" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {fields.map((field) => (
        <SchemaField key={field.key} form={form} field={field} idPrefix={id} className={field.key === 'password' ? fieldClassName : undefined} />
      ))}
      {/* Level with the fields, under their labels. */}
      <Button type="submit" variant={variant} className="mt-[1.375rem]" disabled={pending}>
        {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : icon} {submitLabel}
      </Button>
      {error && <Problem>{error}</Problem>}
    </form>
  );
}

function Enrolment({ onEnabled }: { onEnabled: () => Promise<void> | void }) {
  const [setup, setSetup] = useState<TwoFactorEnableResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const start = useMutation({
    mutationFn: (body: { password: string }) => callEndpoint(twoFactorContract.enable, { body }),
    onSuccess: (result) => {
      setSetup(result);
      setError(null);
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const confirm = useMutation({
    mutationFn: (body: { code: string }) => callEndpoint(twoFactorContract.verifyTotp, { body }),
    onSuccess: async () => {
      notify.success('Verificação em duas etapas ativada', 'Nos próximos logins, o código do aplicativo será pedido.');
      setSetup(null);
      await onEnabled();
    },
    onError: (failure) => setError(messageOf(failure)),
  });

  if (!setup) {
    return (
      <StepForm
        id={`${ids}-ativar`}
        fields={PASSWORD_FIELDS}
        schema={twoFactorEnableInputSchema}
        onSubmit={(body) => start.mutate(body)}
        error={error}
        fieldClassName="flex-1 basis-56"
        submitLabel="Ativar"
        pending={start.isPending}
        icon={<ShieldCheck className="size-4" aria-hidden />}
      />
    );
  }

  const secret = totpSecretOf(setup.totpURI) ?? '';
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-5 pl-5 text-sm">
        <li className="space-y-3">
          <p>Escaneie o QR code com o aplicativo autenticador.</p>
          <div className="w-fit rounded-md bg-white p-2">
            <QRCodeCanvas value={setup.totpURI} level="M" size={200} marginSize={1} title="QR code da verificação em duas etapas" data-testid="two-factor-qr" />
          </div>
          <p className="text-muted-foreground">Sem câmera? Digite esta chave no aplicativo (tipo: baseada em tempo):</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="bg-muted rounded px-2 py-1 font-mono text-sm break-all" data-testid="two-factor-secret">
              {grouped(secret)}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => void copy(secret, 'Chave copiada')}>
              <Copy className="size-4" aria-hidden /> Copiar chave
            </Button>
          </div>
        </li>
        <li className="space-y-3">
          <RecoveryCodes codes={setup.recoveryCodes} />
        </li>
        <li>
          <StepForm
            id={`${ids}-confirmar`}
            fields={CODE_FIELDS}
            schema={twoFactorCodeInputSchema}
            onSubmit={(body) => {
              setError(null);
              confirm.mutate(body);
            }}
            error={error}
            submitLabel="Confirmar e ativar"
            pending={confirm.isPending}
          />
        </li>
      </ol>
    </div>
  );
}

function EnabledActions({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const ids = useId();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [regenerateError, setRegenerateError] = useState<string | null>(null);
  const [disableError, setDisableError] = useState<string | null>(null);
  const regenerate = useMutation({
    mutationFn: (body: { password: string }) => callEndpoint(twoFactorContract.regenerateRecoveryCodes, { body }),
    onSuccess: (result) => {
      setNewCodes(result.recoveryCodes);
      setRegenerateError(null);
    },
    onError: (failure) => setRegenerateError(messageOf(failure)),
  });
  const disable = useMutation({
    mutationFn: (body: { password: string; code: string }) => callEndpoint(twoFactorContract.disable, { body }),
    onSuccess: async () => {
      notify.success('Verificação em duas etapas desativada', 'O login volta a pedir só a senha.');
      await onChanged();
    },
    onError: (failure) => setDisableError(messageOf(failure)),
  });

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="space-y-3">
        <h4 className="flex items-center gap-2 text-sm font-medium">
          <KeyRound className="size-4" aria-hidden /> Códigos de recuperação
        </h4>
        <p className="text-muted-foreground text-sm">Gere novos códigos se perdeu os anteriores ou já usou vários: os anteriores deixam de valer.</p>
        {newCodes ? (
          <RecoveryCodes codes={newCodes} />
        ) : (
          <StepForm
            id={`${ids}-codigos`}
            fields={PASSWORD_FIELDS}
            schema={twoFactorRegenerateInputSchema}
            onSubmit={(body) => regenerate.mutate(body)}
            error={regenerateError}
            fieldClassName="flex-1 basis-48"
            submitLabel="Gerar novos códigos"
            pending={regenerate.isPending}
            variant="outline"
          />
        )}
      </div>
      <div className="space-y-3">
        <h4 className="flex items-center gap-2 text-sm font-medium">
          <ShieldOff className="size-4" aria-hidden /> Desativar
        </h4>
        <p className="text-muted-foreground text-sm">Pede a sua senha e um código atual do aplicativo (ou um código de recuperação).</p>
        <StepForm
          id={`${ids}-desativar`}
          fields={DISABLE_FIELDS}
          schema={twoFactorDisableInputSchema}
          onSubmit={(body) => {
            setDisableError(null);
            disable.mutate(body);
          }}
          error={disableError}
          fieldClassName="flex-1 basis-40"
          submitLabel="Desativar"
          pending={disable.isPending}
          variant="destructive"
        />
      </div>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2">
      <p>
        <strong>Guarde estes códigos de recuperação.</strong> Eles aparecem só agora; cada um vale para um login, caso você perca o aplicativo.
      </p>
      <ul
        className="bg-muted grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-md p-3 font-mono text-sm"
        data-testid="two-factor-recovery-codes"
        aria-label="Códigos de recuperação"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={() => void copy(codes.join('\n'), 'Códigos copiados')}>
        <Copy className="size-4" aria-hidden /> Copiar códigos
      </Button>
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-destructive w-full text-sm">
      {children}
    </p>
  );
}
