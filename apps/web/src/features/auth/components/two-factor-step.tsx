import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { RECOVERY_CODE_LENGTH, recoveryCodeSchema, TOTP_DIGITS, totpCodeSchema } from '@vitrine/domain/two-factor';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { AccessInfo } from '../api/get-session';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { authErrorMessage } from '../lib/auth-error-message';
import { ErrorNotice } from './form-notices';

/**
 * The second step of a sign-in with two-factor on: the 6-digit code of the authenticator app, or one of
 * the recovery codes. The server allows 5 wrong codes per sign-in, then the e-mail and password again.
 */
export function TwoFactorStep({ email, onSignedIn, onRestart }: { email: string; onSignedIn: (access: AccessInfo) => void; onRestart: () => void }) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyTwoFactor();
  const isTotp = kind === 'totp';

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (isTotp ? totpCodeSchema : recoveryCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Código inválido');
      return;
    }
    setError(null);
    try {
      onSignedIn(await verify.mutateAsync({ kind, code: parsed.data }));
    } catch (cause) {
      setError(authErrorMessage(cause));
      setCode('');
    }
  };

  const switchKind = () => {
    setKind(isTotp ? 'recovery' : 'totp');
    setCode('');
    setError(null);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-labelledby="duas-etapas-titulo">
      <div className="space-y-1">
        <h2 id="duas-etapas-titulo" className="text-lg font-semibold">
          Verificação em duas etapas
        </h2>
        <p className="text-muted-foreground text-sm break-words">
          {isTotp
            ? `Digite o código de ${TOTP_DIGITS} dígitos do aplicativo autenticador de ${email}.`
            : `Digite um dos códigos de recuperação de ${email} (${RECOVERY_CODE_LENGTH} letras e números). Cada código vale uma vez.`}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="auth-two-factor-code">{isTotp ? 'Código do aplicativo' : 'Código de recuperação'}</Label>
        {isTotp ? (
          <Input
            key="totp"
            id="auth-two-factor-code"
            className="text-center font-mono text-lg tracking-[0.5em]"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={TOTP_DIGITS}
            placeholder="000000"
            autoFocus
            value={code}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        ) : (
          <Input
            key="recovery"
            id="auth-two-factor-code"
            className="text-center font-mono"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={RECOVERY_CODE_LENGTH + 1}
            placeholder="xxxxx-xxxxx"
            autoFocus
            value={code}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </div>
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <Button type="submit" variant="gradient" className="w-full" disabled={verify.isPending || code.trim() === ''}>
        {verify.isPending ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            <span>Verificando código...</span>
          </>
        ) : (
          'Verificar'
        )}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchKind} disabled={verify.isPending}>
          {isTotp ? 'Usar um código de recuperação' : 'Usar o código do aplicativo'}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground h-auto p-0" onClick={onRestart} disabled={verify.isPending}>
          Voltar ao login
        </Button>
      </div>
    </form>
  );
}
