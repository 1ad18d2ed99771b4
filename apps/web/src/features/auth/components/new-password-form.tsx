import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { newPasswordFormSchema, type NewPasswordForm as NewPasswordValues } from '@vitrine/domain/auth';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '../lib/auth-error-message';
import { ErrorNotice } from './form-notices';
import { PasswordField } from './password-field';

/** Choosing a password (invitation, reset): typed twice, with the sign-up rules. */
export function NewPasswordForm({
  label,
  submitLabel,
  submittingLabel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (password: string) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmation: '' },
  });
  const [password, confirmation] = watch(['password', 'confirmation']);
  const isValid = newPasswordFormSchema.safeParse({ password, confirmation }).success;
  const errorOf = (field: keyof NewPasswordValues) => (formState.touchedFields[field] || formState.isSubmitted) && formState.errors[field]?.message;

  const submit = async (values: NewPasswordValues) => {
    setError(null);
    try {
      await onSubmit(values.password);
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-label={label}>
      <PasswordField id="new-password" label="Nova senha" autoComplete="new-password" error={errorOf('password')} registration={register('password')} />
      <PasswordField
        id="new-password-confirmation"
        label="Confirme a nova senha"
        autoComplete="new-password"
        error={errorOf('confirmation')}
        registration={register('confirmation')}
      />
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <Button type="submit" variant="gradient" className="w-full" disabled={formState.isSubmitting || !isValid}>
        {formState.isSubmitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            <span>{submittingLabel}</span>
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
