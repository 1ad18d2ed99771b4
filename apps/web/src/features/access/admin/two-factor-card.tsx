// The admin's own second factor: turn it on (password, then the QR code of the TOTP URI, the key for
// typing by hand and the recovery codes shown once, then a code to confirm), new recovery codes, turn
// it off with the password and a current code. better-auth does the work behind our two-factor routes.
import { useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
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
import { Form, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSession } from '../api/get-session';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

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

/** How a step ended: done, or refused with the reason its form shows. */
async function step(run: () => Promise<unknown>): Promise<WriteOutcome> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    return { ok: false, title: 'Não foi possível concluir', description: messageOf(error) };
  }
}

/** Groups of four, as authenticator apps show a key. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const session = useSession();
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
 * One step's form on the form primitive: its fields checked by the endpoint's own schema (its message
 * under each field), the server's refusal below them, what was typed kept until it is done.
 */
function StepForm<Out>({
  id,
  fields,
  schema,
  onSubmit,
  submitLabel,
  variant,
  icon,
  fieldClassName,
}: {
  id: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType<Out>;
  onSubmit: (body: Out) => Promise<WriteOutcome>;
  submitLabel: string;
  variant?: 'outline' | 'destructive';
  /** Shown on the button while nothing is pending. */
  icon?: ReactNode;
  fieldClassName?: string;
}) {
  const form = useSchemaForm({ fields, schema, initial: {} });
  const { submit, failure, saving } = useSaveKeepingInput(form, onSubmit);
  return (
    <Form className="flex flex-wrap items-start gap-2" onSubmit={submit}>
      {fields.map((field) => (
        <SchemaField key={field.key} form={form} field={field} idPrefix={id} className={field.key === 'password' ? fieldClassName : undefined} />
      ))}
      {/* Level with the fields, under their labels. */}
      <Button type="submit" variant={variant} className="mt-[1.375rem]" disabled={saving}>
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : icon} {submitLabel}
      </Button>
      {failure && <Problem>{failure.description}</Problem>}
    </Form>
  );
}

function Enrolment({ onEnabled }: { onEnabled: () => Promise<void> | void }) {
  const [setup, setSetup] = useState<TwoFactorEnableResult | null>(null);
  const ids = useId();
  const start = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();

  if (!setup) {
    return (
      <StepForm
        id={`${ids}-ativar`}
        fields={PASSWORD_FIELDS}
        schema={twoFactorEnableInputSchema}
        onSubmit={(body) => step(async () => setSetup(await start.mutateAsync(body)))}
        fieldClassName="flex-1 basis-56"
        submitLabel="Ativar"
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
            onSubmit={(body) =>
              step(async () => {
                await confirm.mutateAsync(body);
                notify.success('Verificação em duas etapas ativada', 'Nos próximos logins, o código do aplicativo será pedido.');
                setSetup(null);
                await onEnabled();
              })
            }
            submitLabel="Confirmar e ativar"
          />
        </li>
      </ol>
    </div>
  );
}

function EnabledActions({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const ids = useId();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();

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
            onSubmit={(body) => step(async () => setNewCodes((await regenerate.mutateAsync(body)).recoveryCodes))}
            fieldClassName="flex-1 basis-48"
            submitLabel="Gerar novos códigos"
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
          onSubmit={(body) =>
            step(async () => {
              await disable.mutateAsync(body);
              notify.success('Verificação em duas etapas desativada', 'O login volta a pedir só a senha.');
              await onChanged();
            })
          }
          fieldClassName="flex-1 basis-40"
          submitLabel="Desativar"
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
