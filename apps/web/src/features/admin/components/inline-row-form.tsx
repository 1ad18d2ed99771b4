// A record edited where it is listed (a row, or the add form above the list): the admin form primitive
// laid out in a responsive grid, with Salvar and Cancelar; Esc cancels, and the first field takes the
// focus when it opens. It closes once saved: a failed save keeps what was typed and says why.
import { useEffect, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec, type FormTexts } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { WriteOutcome } from '../api/use-admin-table';
import { FieldUpload } from './resource-section';

export interface InlineRowFormProps<Out> {
  idPrefix: string;
  /** What the group is called for assistive technology ('Editando Plano Ouro'). */
  label: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType<Out>;
  initial: Record<string, unknown>;
  submitLabel?: string;
  /** Saves the value; the form closes (`onSaved`) only when it succeeded. */
  onSubmit: (value: Out) => Promise<WriteOutcome>;
  onSaved: () => void;
  onCancel: () => void;
  /** Besides the messages under the fields (a section's toast, for instance). */
  onInvalid?: (errors: FieldErrors<FormTexts>) => void;
  className?: string;
  /** Extra classes of the fields' grid (its columns). */
  gridClassName?: string;
  footer?: ReactNode;
}

export function InlineRowForm<Out>({
  idPrefix,
  label,
  fields,
  schema,
  initial,
  submitLabel = 'Salvar',
  onSubmit,
  onSaved,
  onCancel,
  onInvalid,
  className,
  gridClassName,
  footer,
}: InlineRowFormProps<Out>) {
  const form = useSchemaForm({ fields, schema, initial });
  const { submit, failure, saving } = useSaveKeepingInput(form, onSubmit, { onSaved, onInvalid });
  const first = fields.find((field) => field.kind !== 'select')?.key;
  useEffect(() => {
    if (first) form.setFocus(first);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- focus once, when the row opens
  return (
    <Form
      aria-label={label}
      className={cn('space-y-3', className)}
      onKeyDown={(event) => {
        // A select's open list lives outside the form (a portal): its Esc only closes the list.
        if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) {
          event.preventDefault();
          onCancel();
        }
      }}
      onSubmit={submit}
    >
      <div className={cn('grid gap-3 sm:grid-cols-2 lg:grid-cols-3', gridClassName)}>
        {fields.map((field) => (
          <SchemaField key={field.key} form={form} field={field} idPrefix={idPrefix} extra={<FieldUpload form={form} field={field} />} />
        ))}
      </div>
      {footer}
      <SaveFailure failure={failure} />
      <div className="flex flex-wrap gap-2">
        <SaveButton saving={saving} label={submitLabel} />
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}
