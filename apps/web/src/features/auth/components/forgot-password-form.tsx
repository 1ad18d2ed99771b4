import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { forgotPasswordInputSchema } from '@vitrine/domain/auth';
import { authInfoMessages } from '@vitrine/domain/auth-messages';
import { Form, SaveFailure, useSaveKeepingInput, useSchemaForm } from '@/components/form/schema-form';
import { SuccessNotice } from '@/components/notice';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authFailure } from '../lib/auth-error-message';
import { EMAIL_FIELD, EmailField } from './email-field';

const FIELDS = [EMAIL_FIELD];

/** 'Esqueci minha senha': asks for a reset link and shows the same neutral answer for any e-mail. */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: { defaultEmail?: string; onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const form = useSchemaForm({ fields: FIELDS, schema: forgotPasswordInputSchema, initial: { email: defaultEmail } });
  const email = useWatch({ control: form.control, name: EMAIL_FIELD.key });
  const isValid = forgotPasswordInputSchema.safeParse({ email }).success;
  const { submit, failure, saving } = useSaveKeepingInput(form, async (input) => {
    setSent(false);
    try {
      await request.mutateAsync(input);
      setSent(true);
      return { ok: true };
    } catch (cause) {
      return authFailure(cause);
    }
  });

  return (
    <div className="space-y-6">
      <Form onSubmit={submit} className="space-y-4" aria-label="Esqueci minha senha">
        <p className="text-muted-foreground text-sm">Digite o e-mail da sua conta PRO. Enviaremos um link para você escolher uma nova senha.</p>
        <EmailField form={form} idPrefix="forgot" />
        <SaveFailure variant="notice" failure={failure} />
        {sent && <SuccessNotice>{authInfoMessages.resetRequested}</SuccessNotice>}
        <Button type="submit" variant="gradient" className="w-full" disabled={saving || !isValid}>
          {saving ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              <span>Enviando...</span>
            </>
          ) : (
            'Enviar link'
          )}
        </Button>
      </Form>
      <p className="text-muted-foreground text-center text-sm">
        Lembrou a senha?{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onBack} disabled={saving}>
          Fazer Login
        </Button>
      </p>
    </div>
  );
}
