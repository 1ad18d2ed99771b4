// The one admin form primitive: react-hook-form with zodResolver on the contract's own schema. A form
// is described by a field list; its values are the texts people type (pt-BR numbers such as
// '1.234,56', one item per line, JSON), read into the contract's shape inside the resolver, so the
// messages shown under each field are the schema's own Portuguese ones.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { UploadBucket } from '@vitrine/domain/uploads';
import { DecimalInput, decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/** Every kind may say where the schema puts its message (`errorAt: 'pixData.key'`) when the body nests it. */
export type FieldSpec = (
  | { key: string; label: string; kind: 'text' | 'textarea'; nullable?: boolean; hint?: string; type?: 'text' | 'email' }
  /** An address; with `upload`, a file sent to that bucket fills it in. */
  | { key: string; label: string; kind: 'url'; nullable?: boolean; hint?: string; upload?: UploadBucket }
  | { key: string; label: string; kind: 'number' | 'money'; nullable?: boolean; hint?: string }
  | { key: string; label: string; kind: 'boolean' }
  /** With `nullable`, a first option stands for none ('Nenhum', or `noneLabel`). */
  | { key: string; label: string; kind: 'select'; options: readonly { value: string; label: string; icon?: ReactNode }[]; nullable?: boolean; noneLabel?: string }
  /** One item per line (or per `separator`); with `upload`, each file sent to that bucket adds its address as a line. */
  | { key: string; label: string; kind: 'lines'; hint?: string; upload?: UploadBucket; separator?: ',' }
  /** A value written in a form of its own ('image | https://… | legenda' a line): `parse` may throw for text it cannot read. */
  | { key: string; label: string; kind: 'parsed'; format: (value: unknown) => string; parse: (text: string) => unknown; hint?: string; upload?: UploadBucket; uploadLine?: (url: string) => string }
  /** Any JSON value (a list of objects, a text, a number…). */
  | { key: string; label: string; kind: 'json'; hint?: string }
) & { errorAt?: string; /** A text area's height in lines. */ rows?: number };

/** What the form holds: the typed text of each field (a flag for a boolean). */
export type FormTexts = Record<string, string | boolean>;

const NONE = '—';
const INVALID_JSON = 'Conteúdo inválido: use JSON.';
const NOT_A_NUMBER = 'Informe um número como 1.234,56.';

/** The text a field shows for a stored value. */
function toText(field: FieldSpec, value: unknown): string | boolean {
  if (field.kind === 'boolean') return Boolean(value);
  if (value === null || value === undefined) return '';
  if (field.kind === 'lines') return (value as string[]).join(field.separator ? `${field.separator} ` : '\n');
  if (field.kind === 'parsed') return field.format(value);
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  if (field.kind === 'money') return decimalText(Number(value), 2);
  if (field.kind === 'number') return decimalText(Number(value));
  return String(value);
}

export const textsOf = (fields: readonly FieldSpec[], values: Record<string, unknown>): FormTexts => Object.fromEntries(fields.map((field) => [field.key, toText(field, values[field.key])]));

/** The value a field's text stands for (NaN for a required number left empty: the schema says so). */
function fromText(field: FieldSpec, text: string | boolean | undefined): unknown {
  if (field.kind === 'boolean') return Boolean(text);
  const value = String(text ?? '');
  const nullable = 'nullable' in field && field.nullable;
  if (field.kind === 'lines') return value.split(field.separator ?? '\n').map((line) => line.trim()).filter(Boolean);
  if (field.kind === 'json') return JSON.parse(value);
  if (field.kind === 'parsed') return field.parse(value);
  if (value.trim() === '') return nullable ? null : field.kind === 'number' || field.kind === 'money' ? Number.NaN : '';
  if (field.kind === 'number' || field.kind === 'money') return requiredDecimal(value);
  return value;
}

/** The contract's schema behind the texts: texts → values (bad JSON refused here) → the schema. */
export function textsSchema(fields: readonly FieldSpec[], schema: z.ZodType) {
  return z
    .record(z.string(), z.union([z.string(), z.boolean()]))
    .transform((texts, ctx) => {
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        try {
          values[field.key] = fromText(field, texts[field.key]);
          // Typed text that is no number is said here, whatever the schema would make of NaN.
          if (Number.isNaN(values[field.key]) && String(texts[field.key] ?? '').trim() !== '') ctx.addIssue({ code: 'custom', path: [field.key], message: NOT_A_NUMBER });
        } catch (error) {
          ctx.addIssue({ code: 'custom', path: [field.key], message: field.kind === 'json' ? INVALID_JSON : (error as Error).message });
        }
      }
      return values;
    })
    .pipe(schema as z.ZodType<unknown, Record<string, unknown>>);
}

/** A form over `fields` whose submit hands over the value the contract's schema accepts. */
export function useSchemaForm<Out = Record<string, unknown>>({ fields, schema, initial }: { fields: readonly FieldSpec[]; schema: z.ZodType<Out>; initial: Record<string, unknown> }) {
  const resolver = useMemo(() => zodResolver(textsSchema(fields, schema) as never) as unknown as Resolver<FormTexts, unknown, Out>, [fields, schema]);
  return useForm<FormTexts, unknown, Out>({ resolver, defaultValues: textsOf(fields, initial), mode: 'onTouched' });
}

export type SchemaFormApi<Out = Record<string, unknown>> = UseFormReturn<FormTexts, unknown, Out>;

/** The first message under a field (its own, or one of a nested item's). */
export function messageOf(errors: FieldErrors, key: string): string | undefined {
  const walk = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    for (const child of Object.values(node as object)) {
      const found = typeof child === 'object' && child !== null && !('nodeType' in child) ? walk(child) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  let node: unknown = errors;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return walk(node);
}

const isWide = (field: FieldSpec) => field.kind === 'textarea' || (field.kind === 'lines' && !field.separator) || field.kind === 'json' || field.kind === 'parsed';

/** One field: its label, control, hint and the schema's message; `extra` goes under the control (an upload button). */
export function SchemaField<Out>({ form, field, idPrefix, extra, className }: { form: SchemaFormApi<Out>; field: FieldSpec; idPrefix: string; extra?: ReactNode; className?: string }) {
  const inputId = `${idPrefix}-${field.key}`;
  const error = messageOf(form.formState.errors, field.errorAt ?? field.key);
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-erro` } : {};
  return (
    <Controller
      control={form.control}
      name={field.key}
      render={({ field: control }) => {
        if (field.kind === 'boolean') {
          return (
            <label className={cn('inline-flex min-h-9 items-center gap-2 text-sm', className)}>
              <input id={inputId} type="checkbox" className="size-4" ref={control.ref} checked={Boolean(control.value)} onBlur={control.onBlur} onChange={(event) => control.onChange(event.target.checked)} />
              {field.label}
            </label>
          );
        }
        const text = String(control.value ?? '');
        const common = { id: inputId, ref: control.ref, onBlur: control.onBlur, ...described };
        return (
          <div className={cn('grid min-w-0 content-start gap-1.5', isWide(field) && 'sm:col-span-full', className)}>
            <Label htmlFor={inputId}>{field.label}</Label>
            {field.kind === 'select' ? (
              <Select value={text || NONE} onValueChange={(value) => control.onChange(value === NONE ? '' : value)}>
                <SelectTrigger id={inputId} ref={control.ref} className="w-full" onBlur={control.onBlur} {...described}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {field.nullable && <SelectItem value={NONE}>{field.noneLabel ?? 'Nenhum'}</SelectItem>}
                  {field.options.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.icon} {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            ) : isWide(field) ? (
              <Textarea {...common} rows={field.rows ?? (field.kind === 'json' ? 6 : 3)} className={field.kind === 'json' || field.kind === 'parsed' ? 'font-mono text-xs' : undefined} value={text} onChange={(event) => control.onChange(event.target.value)} />
            ) : field.kind === 'number' || field.kind === 'money' ? (
              <DecimalInput {...common} value={text} onValueChange={control.onChange} fractionDigits={field.kind === 'money' ? 2 : undefined} />
            ) : (
              <Input {...common} type={field.kind === 'url' ? 'url' : field.kind === 'text' && field.type ? field.type : 'text'} value={text} onChange={(event) => control.onChange(event.target.value)} />
            )}
            {extra}
            {'hint' in field && field.hint && <p className="text-muted-foreground text-xs">{field.hint}</p>}
            {error && (
              <p id={`${inputId}-erro`} className="text-destructive text-xs">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
