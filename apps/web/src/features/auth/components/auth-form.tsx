import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { credentialsSchema } from '@vitrine/domain/auth';
import { authInfoMessages } from '@vitrine/domain/auth-messages';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm } from '@/components/form/schema-form';
import { ErrorNotice, SuccessNotice } from '@/components/notice';
import { Button } from '@/components/ui/button';
import type { AccessInfo } from '../api/get-session';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { useDebouncedValidation } from '../hooks/use-debounced-validation';
import { afterSignInPath } from '../lib/after-sign-in';
import { authFailure } from '../lib/auth-error-message';
import { EMAIL_FIELD, EmailField } from './email-field';
import { ForgotPasswordForm } from './forgot-password-form';
import { passwordField } from './password-field';
import { TwoFactorStep } from './two-factor-step';

export type AuthMode = 'login' | 'signup' | 'forgot';

const SIGN_IN_PASSWORD = passwordField('password', 'Senha', 'current-password');
const SIGN_UP_PASSWORD = passwordField('password', 'Senha', 'new-password');
/** The fields as the form reads them (both modes read the same; only the browser's autofill differs). */
const FIELDS = [EMAIL_FIELD, SIGN_IN_PASSWORD];
const KEYS = ['email', 'password'] as const;

export function AuthForm({ initialMode = 'login' }: { initialMode?: AuthMode }) {
  const navigate = useNavigate();
  // Sent here from a guarded page (or 'Ir para o Admin'): back there once signed in.
  const returnState = useLocation().state;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  /** The e-mail the next form starts with: from sign-in to 'Esqueci minha senha' and back, and back from the second step. */
  const [email, setEmail] = useState('');
  /** The e-mail whose password was right and whose second step (a code) comes next. */
  const [secondStepFor, setSecondStepFor] = useState<string | null>(null);
  const signedIn = (access: AccessInfo) => navigate(afterSignInPath(returnState, access), { replace: true });

  if (secondStepFor) {
    return (
      <TwoFactorStep
        email={secondStepFor}
        onSignedIn={signedIn}
        onRestart={() => {
          setEmail(secondStepFor);
          setSecondStepFor(null);
        }}
      />
    );
  }

  if (mode === 'forgot') return <ForgotPasswordForm defaultEmail={email} onBack={() => setMode('login')} />;

  // A form of its own per mode: switching clears the fields, the messages and the failure.
  return (
    <CredentialsForm
      key={mode}
      mode={mode}
      initialEmail={email}
      onSignedIn={signedIn}
      onSecondStep={setSecondStepFor}
      onForgot={(typed) => {
        setEmail(typed);
        setMode('forgot');
      }}
      onSwitch={() => {
        setEmail('');
        setMode(mode === 'signup' ? 'login' : 'signup');
      }}
    />
  );
}

function CredentialsForm({
  mode,
  initialEmail,
  onSignedIn,
  onSecondStep,
  onForgot,
  onSwitch,
}: {
  mode: 'login' | 'signup';
  initialEmail: string;
  onSignedIn: (access: AccessInfo) => void;
  onSecondStep: (email: string) => void;
  onForgot: (email: string) => void;
  onSwitch: () => void;
}) {
  const login = mode === 'login';
  const signIn = useSignIn();
  const signUp = useSignUp();
  const [progress, setProgress] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [validationError, setValidationError] = useState<string | null>(null);
  const form = useSchemaForm({ fields: FIELDS, schema: credentialsSchema, initial: { email: initialEmail, password: '' }, mode: 'onSubmit' });
  // Checked 300 ms after the last keystroke in a field already left, and when sent; not on every keystroke.
  useDebouncedValidation(form, KEYS, 300, setValidationError);
  const [email, password] = useWatch({ control: form.control, name: KEYS });
  const isValid = credentialsSchema.safeParse({ email, password }).success;

  const { submit, failure, saving } = useSaveKeepingInput(form, async (credentials) => {
    setMessage(null);
    try {
      if (login) {
        setProgress('Verificando acesso PRO...');
        const outcome = await signIn.mutateAsync(credentials);
        if (outcome.twoFactorRequired) onSecondStep(outcome.email);
        else onSignedIn(outcome.access);
      } else {
        await signUp.mutateAsync(credentials);
        setMessage(authInfoMessages.signUpCreated);
        form.reset({ email: credentials.email, password: '' });
      }
      return { ok: true };
    } catch (cause) {
      return authFailure(cause);
    } finally {
      setProgress(null);
    }
  });

  return (
    <div className="space-y-6">
      <Form onSubmit={submit} className="space-y-4" aria-label={login ? 'Fazer login' : 'Criar conta'}>
        <EmailField form={form} idPrefix="auth" />
        <div className="space-y-2">
          <SchemaField form={form} field={login ? SIGN_IN_PASSWORD : SIGN_UP_PASSWORD} idPrefix="auth" />
          {login && (
            <div className="flex justify-end">
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => onForgot(String(email ?? ''))} disabled={saving}>
                Esqueci minha senha
              </Button>
            </div>
          )}
        </div>

        {validationError && <ErrorNotice>{validationError}</ErrorNotice>}
        <SaveFailure variant="notice" failure={failure} />
        {message && <SuccessNotice>{message}</SuccessNotice>}

        <Button type="submit" variant="gradient" className="w-full" disabled={saving || !isValid}>
          {saving ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              <span>{progress ?? (login ? 'Validando e-mail...' : 'Criando conta...')}</span>
            </>
          ) : login ? (
            'Entrar'
          ) : (
            'Criar Conta'
          )}
        </Button>
      </Form>

      <p className="text-muted-foreground text-center text-sm">
        {login ? 'Ainda não tem conta?' : 'Já tem uma conta?'}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitch} disabled={saving}>
          {login ? 'Criar Conta' : 'Fazer Login'}
        </Button>
      </p>
    </div>
  );
}
