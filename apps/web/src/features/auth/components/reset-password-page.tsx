import { useState } from 'react';
import type { ResetPasswordResult } from '@vitrine/domain/auth';
import { authErrorCodes, authErrorMessages } from '@vitrine/domain/auth-messages';
import { useResetPassword } from '../api/reset-password';
import { useLinkToken } from '../hooks/use-link-token';
import { AuthShell } from './auth-shell';
import { LinkOutcome } from './link-outcome';
import { NewPasswordForm } from './new-password-form';

const askAgain = { to: '/auth?modo=recuperar-senha', label: 'Esqueci minha senha' };

/** /auth/redefinir-senha#token=…: a new password through the mailed link; every other session ends. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const reset = useResetPassword();
  const [result, setResult] = useState<ResetPasswordResult | null>(null);

  if (result) {
    return (
      <AuthShell title="Senha alterada!" description={result.email}>
        {result.signedIn ? (
          <LinkOutcome kind="success" primary={{ to: '/admin', label: 'Abrir o painel' }} secondary={{ to: '/', label: 'Ir para o início' }}>
            Sua nova senha já está valendo e as outras sessões da sua conta foram encerradas. Você já está conectado.
          </LinkOutcome>
        ) : (
          <LinkOutcome kind="success" primary={{ to: '/auth', label: 'Fazer Login' }} secondary={{ to: '/', label: 'Ir para o início' }}>
            Sua nova senha já está valendo e as outras sessões da sua conta foram encerradas. Entre com seu e-mail e a nova senha.
          </LinkOutcome>
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Redefinir senha" description="Escolha uma nova senha para sua conta PRO.">
      {token ? (
        <NewPasswordForm
          label="Redefinir senha"
          submitLabel="Salvar nova senha"
          submittingLabel="Salvando..."
          onSubmit={async (password) => setResult(await reset.mutateAsync({ token, password }))}
        />
      ) : (
        <LinkOutcome kind="error" primary={askAgain} secondary={{ to: '/auth', label: 'Fazer Login' }}>
          {authErrorMessages[authErrorCodes.invalidResetLink]}
        </LinkOutcome>
      )}
    </AuthShell>
  );
}
