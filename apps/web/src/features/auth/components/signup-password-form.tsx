import { Loader2 } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { signupPasswordFormSchema } from '@vitrine/domain/auth';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { authFailure } from '../lib/auth-error-message';
import { passwordField } from './password-field';

const PASSWORD = passwordField('password', 'Senha do cadastro', 'current-password');
const FIELDS = [PASSWORD];

/**
 * The sign-up confirmation asks again for the password typed at sign-up: a link alone activates
 * nothing, so a stranger who signed up with someone else's e-mail never gets that account.
 */
export function SignupPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const form = useSchemaForm({ fields: FIELDS, schema: signupPasswordFormSchema, initial: { password: '' } });
  const isValid = signupPasswordFormSchema.safeParse({ password: useWatch({ control: form.control, name: PASSWORD.key }) }).success;
  const { submit, failure, saving } = useSaveKeepingInput(form, async ({ password }) => {
    try {
      await onSubmit(password);
      return { ok: true };
    } catch (cause) {
      return authFailure(cause);
    }
  });

  return (
    <Form onSubmit={submit} className="space-y-4" aria-label="Confirmar e-mail">
      <SchemaField form={form} field={PASSWORD} idPrefix="signup" />
      <SaveFailure variant="notice" failure={failure} />
      <Button type="submit" variant="gradient" className="w-full" disabled={saving || !isValid}>
        {saving ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            <span>Confirmando...</span>
          </>
        ) : (
          'Confirmar e-mail'
        )}
      </Button>
    </Form>
  );
}
