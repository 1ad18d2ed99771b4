import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@vitrine/domain/auth';
import { authInfoMessages } from '@vitrine/domain/auth-messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authErrorMessage } from '../lib/auth-error-message';
import { EmailIndicator } from './email-indicator';
import { ErrorNotice, SuccessNotice } from './form-notices';

/** 'Esqueci minha senha': asks for a reset link and shows the same neutral answer for any e-mail. */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: { defaultEmail?: string; onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const { register, handleSubmit, watch, formState } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });
  const email = watch('email');
  const emailError = formState.errors.email?.message;
  const isValid = forgotPasswordInputSchema.safeParse({ email }).success;

  const submit = async (values: ForgotPasswordInput) => {
    setError(null);
    setSent(false);
    try {
      await request.mutateAsync(values);
      setSent(true);
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  };

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-label="Esqueci minha senha">
        <p className="text-muted-foreground text-sm">Digite o e-mail da sua conta PRO. Enviaremos um link para você escolher uma nova senha.</p>
        <div className="space-y-2">
          <Label htmlFor="forgot-email">E-mail</Label>
          <div className="relative">
            <Input
              id="forgot-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="seu@email.com"
              className="pr-9"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'forgot-email-error' : undefined}
              {...register('email')}
            />
            <EmailIndicator value={email} />
          </div>
          {emailError && (
            <p id="forgot-email-error" className="text-destructive text-sm">
              {emailError}
            </p>
          )}
        </div>
        {error && <ErrorNotice>{error}</ErrorNotice>}
        {sent && <SuccessNotice>{authInfoMessages.resetRequested}</SuccessNotice>}
        <Button type="submit" variant="gradient" className="w-full" disabled={formState.isSubmitting || !isValid}>
          {formState.isSubmitting ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              <span>Enviando...</span>
            </>
          ) : (
            'Enviar link'
          )}
        </Button>
      </form>
      <p className="text-muted-foreground text-center text-sm">
        Lembrou a senha?{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onBack} disabled={formState.isSubmitting}>
          Fazer Login
        </Button>
      </p>
    </div>
  );
}
