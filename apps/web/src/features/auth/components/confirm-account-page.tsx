import { Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { ConfirmAccountResult } from '@vitrine/domain/auth';
import { authErrorCodes, authErrorMessages } from '@vitrine/domain/auth-messages';
import { ErrorNotice } from '@/components/notice';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useConfirmAccount, useConfirmationLookup } from '../api/confirm-account';
import { useLinkToken } from '../hooks/use-link-token';
import { authErrorMessage } from '../lib/auth-error-message';
import { AuthShell } from './auth-shell';
import { LinkOutcome } from './link-outcome';
import { NewPasswordForm } from './new-password-form';
import { SignupPasswordForm } from './signup-password-form';

const signUpAgain = { to: '/auth?modo=cadastro', label: 'Criar Conta' };
const signInInstead = { to: '/auth', label: 'Fazer Login' };

/**
 * /auth/confirmar#token=…, the page of the mailed link. A sign-up link asks for the password typed at
 * sign-up; an invitation lets the owner choose one. Then the account exists and its owner is signed in.
 */
export function ConfirmAccountPage() {
  const token = useLinkToken();
  const lookup = useConfirmationLookup(token);
  const confirm = useConfirmAccount();
  const [result, setResult] = useState<ConfirmAccountResult | null>(null);

  const submit = async (password: string) => {
    setResult(await confirm.mutateAsync({ token: token!, password }));
  };

  if (result) {
    return (
      <AuthShell title="E-mail confirmado!" description={result.email}>
        {result.signedIn ? (
          <LinkOutcome kind="success" primary={{ to: '/admin', label: 'Abrir o painel' }} secondary={{ to: '/', label: 'Ir para o início' }}>
            Seu e-mail foi confirmado e sua conta PRO está ativa. Você já está conectado.
          </LinkOutcome>
        ) : (
          <LinkOutcome kind="success" primary={signInInstead} secondary={{ to: '/', label: 'Ir para o início' }}>
            Seu e-mail foi confirmado e sua conta PRO está ativa. Entre com seu e-mail e senha.
          </LinkOutcome>
        )}
      </AuthShell>
    );
  }

  if (!token) {
    return (
      <AuthShell title="Confirmar e-mail" description="Link de confirmação">
        <LinkOutcome kind="error" primary={signUpAgain} secondary={signInInstead}>
          {authErrorMessages[authErrorCodes.invalidLink]}
        </LinkOutcome>
      </AuthShell>
    );
  }

  if (lookup.isPending) {
    return (
      <AuthShell title="Confirmar e-mail" description="Verificando o link...">
        <div className="flex justify-center py-8">
          <Loader2 className="text-primary size-6 animate-spin" aria-label="Carregando" />
        </div>
      </AuthShell>
    );
  }

  if (lookup.isError) {
    const linkIsDead = lookup.error instanceof ApiError && lookup.error.code === authErrorCodes.invalidLink;
    return (
      <AuthShell title="Confirmar e-mail" description="Link de confirmação">
        {linkIsDead ? (
          <LinkOutcome kind="error" primary={signUpAgain} secondary={signInInstead}>
            {authErrorMessage(lookup.error)}
          </LinkOutcome>
        ) : (
          <div className="space-y-4">
            <ErrorNotice>{authErrorMessage(lookup.error)}</ErrorNotice>
            <Button variant="outline" className="w-full" onClick={() => void lookup.refetch()}>
              <RefreshCw aria-hidden />
              Tentar novamente
            </Button>
          </div>
        )}
      </AuthShell>
    );
  }

  const { email, kind } = lookup.data;
  if (kind === 'invitation') {
    return (
      <AuthShell
        title="Ative sua conta PRO"
        description={
          <>
            Escolha uma senha para <strong>{email}</strong>.
          </>
        }
      >
        <NewPasswordForm label="Escolher senha" submitLabel="Ativar conta" submittingLabel="Ativando..." onSubmit={submit} />
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Confirme seu e-mail"
      description={
        <>
          Para ativar a conta de <strong>{email}</strong>, digite a senha que você escolheu no cadastro.
        </>
      }
    >
      <SignupPasswordForm onSubmit={submit} />
    </AuthShell>
  );
}
