import { Loader2 } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { newPasswordFormSchema } from '@vitrine/domain/auth';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { authFailure } from '../lib/auth-error-message';
import { passwordField } from './password-field';

const FIELDS = [passwordField('password', 'Nova senha', 'new-password'), passwordField('confirmation', 'Confirme a nova senha', 'new-password')] as const;

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
  /** Throws when the server refuses (a spent link, a password it does not take): the form says why. */
  onSubmit: (password: string) => Promise<void>;
}) {
  const form = useSchemaForm({ fields: FIELDS, schema: newPasswordFormSchema, initial: { password: '', confirmation: '' } });
  const [password, confirmation] = useWatch({ control: form.control, name: ['password', 'confirmation'] });
  const isValid = newPasswordFormSchema.safeParse({ password, confirmation }).success;
  const { submit, failure, saving } = useSaveKeepingInput(form, async (values) => {
    try {
      await onSubmit(values.password);
      return { ok: true };
    } catch (cause) {
      return authFailure(cause);
    }
  });

  return (
    <Form onSubmit={submit} className="space-y-4" aria-label={label}>
      {FIELDS.map((field) => (
        <SchemaField key={field.key} form={form} field={field} idPrefix="new" />
      ))}
      <SaveFailure variant="notice" failure={failure} />
      <Button type="submit" variant="gradient" className="w-full" disabled={saving || !isValid}>
        {saving ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            <span>{submittingLabel}</span>
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </Form>
  );
}
