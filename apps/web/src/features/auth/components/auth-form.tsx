import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { credentialsSchema, type Credentials } from '@vitrine/domain/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { useDebouncedValidation } from '../hooks/use-debounced-validation';
import { authErrorMessage } from '../lib/auth-error-message';
import { EmailIndicator } from './email-indicator';

export type AuthMode = 'login' | 'signup';

const FIELDS = ['email', 'password'] as const;
const SIGN_UP_SUCCESS = 'Conta criada com sucesso! Verifique seu email para confirmar.';

export function AuthForm() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('login');
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
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
  const showError = (field: (typeof FIELDS)[number]) =>
    (formState.touchedFields[field] || formState.isSubmitted) && formState.errors[field]?.message;

  const switchMode = () => {
    setMode((current) => (current === 'login' ? 'signup' : 'login'));
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
        await signIn.mutateAsync(values);
        navigate('/', { replace: true });
      } else {
        await signUp.mutateAsync(values);
        setMessage(SIGN_UP_SUCCESS);
        reset({ email: values.email, password: '' });
      }
    } catch (cause) {
      setError(authErrorMessage(cause));
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setProgress(mode === 'login' ? 'Validando email...' : 'Criando conta...');
    return handleSubmit(submit, () => setProgress(null))(event);
  };

  const emailError = showError('email');
  const passwordError = showError('password');

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={mode === 'login' ? 'Fazer login' : 'Criar conta'}>
        <div className="space-y-2">
          <Label htmlFor="auth-email">Email</Label>
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
        </div>

        {error && (
          <div role="alert" className="border-destructive/40 bg-destructive/10 text-destructive flex items-start gap-2 rounded-md border p-3 text-sm">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{error}</span>
          </div>
        )}
        {message && (
          <div role="status" className="flex items-start gap-2 rounded-md border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-600 dark:text-emerald-400">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{message}</span>
          </div>
        )}

        <Button type="submit" variant="gradient" className="w-full" disabled={submitting || !isValid}>
          {submitting ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              <span>{progress ?? (mode === 'login' ? 'Validando email...' : 'Criando conta...')}</span>
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
