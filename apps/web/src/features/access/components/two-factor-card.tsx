// The admin's own second factor: turn it on (password, then the QR code of the TOTP URI, the key for
// typing by hand and the recovery codes shown once, then a code to confirm), new recovery codes, turn
// it off with the password and a current code. better-auth does the work behind our two-factor routes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { accessContract } from '@vitrine/domain/access.contract';
import { TOTP_DIGITS, totpCodeSchema, totpSecretOf, twoFactorErrorMessages, type TwoFactorEnableResult } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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

function Enrolment({ onEnabled }: { onEnabled: () => Promise<void> | void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorEnableResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const start = useMutation({
    mutationFn: () => callEndpoint(twoFactorContract.enable, { body: { password } }),
    onSuccess: (result) => {
      setSetup(result);
      setPassword('');
      setError(null);
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const confirm = useMutation({
    mutationFn: () => callEndpoint(twoFactorContract.verifyTotp, { body: { code } }),
    onSuccess: async () => {
      notify.success('Verificação em duas etapas ativada', 'Nos próximos logins, o código do aplicativo será pedido.');
      setSetup(null);
      await onEnabled();
    },
    onError: (failure) => setError(messageOf(failure)),
  });

  if (!setup) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!password) return setError('Informe sua senha');
          start.mutate();
        }}
      >
        <div className="grid min-w-0 flex-1 basis-56 gap-2">
          <Label htmlFor={`${ids}-senha`}>Sua senha</Label>
          <Input id={`${ids}-senha`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} maxLength={50} />
        </div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <ShieldCheck className="size-4" aria-hidden />} Ativar
        </Button>
        {error && <Problem>{error}</Problem>}
      </form>
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
          <form
            className="flex flex-wrap items-end gap-2"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const parsed = totpCodeSchema.safeParse(code);
              if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Código inválido');
              setError(null);
              confirm.mutate();
            }}
          >
            <CodeField id={`${ids}-codigo`} label="Código do aplicativo" value={code} onChange={setCode} />
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />} Confirmar e ativar
            </Button>
            {error && <Problem>{error}</Problem>}
          </form>
        </li>
      </ol>
    </div>
  );
}

function EnabledActions({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const ids = useId();
  const [regeneratePassword, setRegeneratePassword] = useState('');
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [regenerateError, setRegenerateError] = useState<string | null>(null);
  const [disablePassword, setDisablePassword] = useState('');
  const [disableCode, setDisableCode] = useState('');
  const [disableError, setDisableError] = useState<string | null>(null);
  const regenerate = useMutation({
    mutationFn: () => callEndpoint(twoFactorContract.regenerateRecoveryCodes, { body: { password: regeneratePassword } }),
    onSuccess: (result) => {
      setNewCodes(result.recoveryCodes);
      setRegeneratePassword('');
      setRegenerateError(null);
    },
    onError: (failure) => setRegenerateError(messageOf(failure)),
  });
  const disable = useMutation({
    mutationFn: () => callEndpoint(twoFactorContract.disable, { body: { password: disablePassword, code: disableCode } }),
    onSuccess: async () => {
      notify.success('Verificação em duas etapas desativada', 'O login volta a pedir só a senha.');
      await onChanged();
    },
    onError: (failure) => setDisableError(messageOf(failure)),
  });

  const submit = (event: FormEvent, run: () => void) => {
    event.preventDefault();
    run();
  };

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
          <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => submit(event, () => (regeneratePassword ? regenerate.mutate() : setRegenerateError('Informe sua senha')))}>
            <div className="grid min-w-0 flex-1 basis-48 gap-2">
              <Label htmlFor={`${ids}-senha-codigos`}>Sua senha</Label>
              <Input id={`${ids}-senha-codigos`} type="password" autoComplete="current-password" value={regeneratePassword} onChange={(event) => setRegeneratePassword(event.target.value)} maxLength={50} />
            </div>
            <Button type="submit" variant="outline" disabled={regenerate.isPending}>
              {regenerate.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />} Gerar novos códigos
            </Button>
            {regenerateError && <Problem>{regenerateError}</Problem>}
          </form>
        )}
      </div>
      <div className="space-y-3">
        <h4 className="flex items-center gap-2 text-sm font-medium">
          <ShieldOff className="size-4" aria-hidden /> Desativar
        </h4>
        <p className="text-muted-foreground text-sm">Pede a sua senha e um código atual do aplicativo (ou um código de recuperação).</p>
        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={(event) =>
            submit(event, () => {
              if (!disablePassword) return setDisableError('Informe sua senha');
              if (!disableCode.trim()) return setDisableError('Informe o código');
              setDisableError(null);
              disable.mutate();
            })
          }
        >
          <div className="grid min-w-0 flex-1 basis-40 gap-2">
            <Label htmlFor={`${ids}-senha-desativar`}>Sua senha</Label>
            <Input id={`${ids}-senha-desativar`} type="password" autoComplete="current-password" value={disablePassword} onChange={(event) => setDisablePassword(event.target.value)} maxLength={50} />
          </div>
          <div className="grid min-w-0 flex-1 basis-40 gap-2">
            <Label htmlFor={`${ids}-codigo-desativar`}>Código</Label>
            <Input
              id={`${ids}-codigo-desativar`}
              autoComplete="one-time-code"
              value={disableCode}
              onChange={(event) => setDisableCode(event.target.value)}
              maxLength={11}
              placeholder="123456"
            />
          </div>
          <Button type="submit" variant="destructive" disabled={disable.isPending}>
            {disable.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />} Desativar
          </Button>
          {disableError && <Problem>{disableError}</Problem>}
        </form>
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
      <ul className="bg-muted grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-md p-3 font-mono text-sm" data-testid="two-factor-recovery-codes" aria-label="Códigos de recuperação">
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

function CodeField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className="w-40 font-mono tracking-widest"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={TOTP_DIGITS}
        placeholder="000000"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
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
