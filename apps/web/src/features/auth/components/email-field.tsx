import { useWatch } from 'react-hook-form';
import { SchemaField, type FieldSpec, type SchemaFormApi } from '@/components/form/schema-form';
import { EmailIndicator } from './email-indicator';

/** The e-mail of every auth form (sign-in, sign-up, 'Esqueci minha senha'): written once, here. */
export const EMAIL_FIELD = {
  key: 'email',
  label: 'E-mail',
  kind: 'text',
  type: 'email',
  input: { inputMode: 'email', autoComplete: 'email', placeholder: 'seu@email.com', className: 'pr-9' },
} as const satisfies FieldSpec;

/** The e-mail field with its live indicator inside it. */
export function EmailField<Out>({ form, idPrefix }: { form: SchemaFormApi<Out>; idPrefix: string }) {
  const email = String(useWatch({ control: form.control, name: EMAIL_FIELD.key }) ?? '');
  return <SchemaField form={form} field={EMAIL_FIELD} idPrefix={idPrefix} inside={<EmailIndicator value={email} />} />;
}
