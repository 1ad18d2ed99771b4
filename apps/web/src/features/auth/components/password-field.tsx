import type { FieldSpec } from '@/components/form/schema-form';

/** A password of an auth form, as the primitive renders it (SchemaField): masked, with the browser's autofill. */
export const passwordField = (key: string, label: string, autoComplete: 'current-password' | 'new-password') =>
  ({ key, label, kind: 'text', type: 'password', input: { autoComplete, placeholder: '••••••' } }) as const satisfies FieldSpec;
