import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { credentialsSchema, type Credentials } from '@vitrine/domain/auth';
import { authInfoMessages } from '@vitrine/domain/auth-messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { useDebouncedValidation } from '../hooks/use-debounced-validation';
import { afterSignInPath } from '../lib/after-sign-in';
import { authErrorMessage } from '../lib/auth-error-message';
import { EmailIndicator } from './email-indicator';
import { ForgotPasswordForm } from './forgot-password-form';
import { ErrorNotice, SuccessNotice } from './form-notices';
import { TwoFactorStep } from './two-factor-step';

export type AuthMode = 'login' | 'signup' | 'forgot';

const FIELDS = ['email', 'password'] as const;

export function AuthForm({ initialMode = 'login' }: { initialMode?: AuthMode }) {
  const navigate = useNavigate();
  // Sent here from a guarded page (or 'Ir para o Admin'): back there once signed in.
  const returnState = useLocation().state;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  /** The e-mail whose password was right and whose second step (a code) comes next. */
  const [secondStepFor, setSecondStepFor] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();

  const form = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    // Validation is driven by useDebouncedValidation (300 ms) and by submit, not on every keystroke.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const { register, handleSubmit, reset, watch, formState } = form;
  useDebouncedValidation(form, FIELDS, 300, setError);
  const email = watch('email');
  const password = watch('password');
  const isValid = credentialsSchema.safeParse({ email, password }).success;
  const submitting = formState.isSubmitting;
  const showError = (field: (typeof FIELDS)[number]) => (formState.touchedFields[field] || formState.isSubmitted) && formState.errors[field]?.message;

  const switchMode = () => {
    setMode((current) => (current === 'signup' ? 'login' : 'signup'));
    reset({ email: '', password: '' });
    setError(null);
    setMessage(null);
    setProgress(null);
  };

  const submit = async (values: Credentials) => {
    setError(null);
    setMessage(null);
    try {
      if (mode === 'login') {
        setProgress('Verificando acesso PRO...');
        const outcome = await signIn.mutateAsync(values);
        if (outcome.twoFactorRequired) setSecondStepFor(outcome.email);
        else navigate(afterSignInPath(returnState, outcome.access), { replace: true });
      } else {
        await signUp.mutateAsync(values);
        setMessage(authInfoMessages.signUpCreated);
        reset({ email: values.email, password: '' });
      }
    } catch (cause) {
      setError(authErrorMessage(cause));
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setProgress(mode === 'login' ? 'Validando e-mail...' : 'Criando conta...');
    return handleSubmit(submit, () => setProgress(null))(event);
  };

  const emailError = showError('email');
  const passwordError = showError('password');

  if (secondStepFor) {
    return (
      <TwoFactorStep
        email={secondStepFor}
        onSignedIn={(access) => navigate(afterSignInPath(returnState, access), { replace: true })}
        onRestart={() => {
          setSecondStepFor(null);
          reset({ email: secondStepFor, password: '' });
        }}
      />
    );
  }

  if (mode === 'forgot') {
    return (
      <ForgotPasswordForm
        defaultEmail={email}
        onBack={() => {
          setMode('login');
          setError(null);
          setMessage(null);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={mode === 'login' ? 'Fazer login' : 'Criar conta'}>
        <div className="space-y-2">
          <Label htmlFor="auth-email">E-mail</Label>
          <div className="relative">
            <Input
              id="auth-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="seu@email.com"
              className="pr-9"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'auth-email-error' : undefined}
              {...register('email')}
            />
            <EmailIndicator value={email} />
          </div>
          {emailError && (
            <p id="auth-email-error" className="text-destructive text-sm">
              {emailError}
            </p>
          )}
        </div>

        <div className="space-y-2">
          <Label htmlFor="auth-password">Senha</Label>
          <Input
            id="auth-password"
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            placeholder="••••••"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'auth-password-error' : undefined}
            {...register('password')}
          />
          {passwordError && (
            <p id="auth-password-error" className="text-destructive text-sm">
              {passwordError}
            </p>
          )}
          {mode === 'login' && (
            <div className="flex justify-end">
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => {
                  setMode('forgot');
                  setError(null);
                  setMessage(null);
                }}
                disabled={submitting}
              >
                Esqueci minha senha
              </Button>
            </div>
          )}
        </div>

        {error && <ErrorNotice>{error}</ErrorNotice>}
        {message && <SuccessNotice>{message}</SuccessNotice>}

        <Button type="submit" variant="gradient" className="w-full" disabled={submitting || !isValid}>
          {submitting ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              <span>{progress ?? (mode === 'login' ? 'Validando e-mail...' : 'Criando conta...')}</span>
            </>
          ) : mode === 'login' ? (
            'Entrar'
          ) : (
            'Criar Conta'
          )}
        </Button>
      </form>

      <p className="text-muted-foreground text-center text-sm">
        {mode === 'login' ? 'Ainda não tem conta?' : 'Já tem uma conta?'}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchMode} disabled={submitting}>
          {mode === 'login' ? 'Criar Conta' : 'Fazer Login'}
        </Button>
      </p>
    </div>
  );
}
