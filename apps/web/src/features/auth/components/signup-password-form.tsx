import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signupPasswordFormSchema, type SignupPasswordForm as SignupPasswordValues } from '@vitrine/domain/auth';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '../lib/auth-error-message';
import { ErrorNotice } from './form-notices';
import { PasswordField } from './password-field';

/**
 * The sign-up confirmation asks again for the password typed at sign-up: a link alone activates
 * nothing, so a stranger who signed up with someone else's e-mail never gets that account.
 */
export function SignupPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<SignupPasswordValues>({
    resolver: zodResolver(signupPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const isValid = signupPasswordFormSchema.safeParse({ password: watch('password') }).success;
  const passwordError = (formState.touchedFields.password || formState.isSubmitted) && formState.errors.password?.message;

  const submit = async ({ password }: SignupPasswordValues) => {
    setError(null);
    try {
      await onSubmit(password);
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-label="Confirmar e-mail">
      <PasswordField id="signup-password" label="Senha do cadastro" autoComplete="current-password" error={passwordError} registration={register('password')} />
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <Button type="submit" variant="gradient" className="w-full" disabled={formState.isSubmitting || !isValid}>
        {formState.isSubmitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            <span>Confirmando...</span>
          </>
        ) : (
          'Confirmar e-mail'
        )}
      </Button>
    </form>
  );
}
