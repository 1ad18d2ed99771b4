// The app's one form primitive (decision 0025): react-hook-form with zodResolver on the contract's own
// schema, rendered by <Form> and SchemaField. A form is described by a field list; its values are the texts
// people type (pt-BR numbers such as '1.234,56', one item per line, JSON), read into the contract's shape
// inside the resolver, so the messages shown under each field are the schema's own Portuguese ones.
// This module brings no Zod of its own (only the schema a form hands it does): a public page's form hands a
// loader of its schema instead, so the page's first load carries no validator (decision 0012).
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
  type SubmitErrorHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { UploadBucket } from '@vitrine/domain/uploads';
import { ErrorNotice } from '@/components/notice';
import { Button } from '@/components/ui/button';
import { DecimalInput, decimalText, requiredDecimal } from '@/components/ui/decimal-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type SelectControlComponent from './select-control';
import type { WriteFailure, WriteOutcome } from './write-outcome';

/**
 * Every kind may say where the schema puts its message (`errorAt: 'pixData.key'`) when the body nests it.
 * A text with `optional` leaves an empty text out of the value; `keep` filters what typing keeps (digits of a code).
 */
export type FieldSpec = (
  | {
      key: string;
      label: string;
      kind: 'text' | 'textarea';
      nullable?: boolean;
      optional?: boolean;
      hint?: string;
      type?: 'text' | 'email' | 'password' | 'tel';
      keep?: (text: string) => string;
    }
  /** An address; with `upload`, a file sent to that bucket fills it in. */
  | { key: string; label: string; kind: 'url'; nullable?: boolean; hint?: string; upload?: UploadBucket }
  /** With `grouping: false`, a number shown and typed without thousands separators (a year). */
  | { key: string; label: string; kind: 'number' | 'money'; nullable?: boolean; hint?: string; grouping?: false }
  | { key: string; label: string; kind: 'boolean' }
  /**
   * With `nullable`, a first option stands for none ('Nenhum', or `noneLabel`); a required choice may
   * instead show `placeholder` until one is made ('Selecione um provedor', 'Carregando…').
   */
  | {
      key: string;
      label: string;
      kind: 'select';
      options: readonly { value: string; label: string; icon?: ReactNode }[];
      nullable?: boolean;
      noneLabel?: string;
      placeholder?: string;
    }
  /** One item per line (or per `separator`); with `upload`, each file sent to that bucket adds its address as a line. */
  | { key: string; label: string; kind: 'lines'; hint?: string; upload?: UploadBucket; separator?: ',' }
  /** A value written in a form of its own ('image | https://… | legenda' a line): `parse` may throw for text it cannot read. */
  | {
      key: string;
      label: string;
      kind: 'parsed';
      format: (value: unknown) => string;
      parse: (text: string) => unknown;
      hint?: string;
      upload?: UploadBucket;
      uploadLine?: (url: string) => string;
    }
  /** Any JSON value (a list of objects, a text, a number…). */
  | { key: string; label: string; kind: 'json'; hint?: string }
  /** A list of items of text parts (links: text and address), each removable and movable; `itemName` names one ('link'). */
  | { key: string; label: string; kind: 'list'; itemName: string; item: readonly { key: string; label: string; placeholder?: string }[] }
) & {
  errorAt?: string;
  /** A text area's height in lines. */
  rows?: number;
  /** The control's own attributes (a placeholder, a datalist, the browser's autofill). */
  input?: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    | 'placeholder'
    | 'autoComplete'
    | 'maxLength'
    | 'inputMode'
    | 'list'
    | 'pattern'
    | 'className'
    | 'aria-describedby'
    | 'autoCapitalize'
    | 'spellCheck'
    | 'autoFocus'
  >;
};

type ListTexts = Record<string, string>[];
/** What the form holds: the typed text of each field (a flag for a boolean, the parts' texts of a list's items). */
export type FormTexts = Record<string, string | boolean | ListTexts>;

export const INVALID_JSON = 'Conteúdo inválido: use JSON.';
export const NOT_A_NUMBER = 'Informe um número como 1.234,56.';

/** The text a field shows for a stored value. */
function toText(field: FieldSpec, value: unknown): string | boolean | ListTexts {
  if (field.kind === 'boolean') return Boolean(value);
  if (field.kind === 'list')
    return ((value ?? []) as Record<string, unknown>[]).map((item) => Object.fromEntries(field.item.map((part) => [part.key, String(item[part.key] ?? '')])));
  if (value === null || value === undefined) return '';
  if (field.kind === 'lines') return (value as string[]).join(field.separator ? `${field.separator} ` : '\n');
  if (field.kind === 'parsed') return field.format(value);
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  if (field.kind === 'money') return decimalText(Number(value), 2);
  if (field.kind === 'number') return field.grouping === false ? String(value) : decimalText(Number(value));
  return String(value);
}

export const textsOf = (fields: readonly FieldSpec[], values: Record<string, unknown>): FormTexts =>
  Object.fromEntries(fields.map((field) => [field.key, toText(field, values[field.key])]));

/** The value a field's text stands for (NaN for a required number left empty: the schema says so). */
export function fromText(field: FieldSpec, text: string | boolean | ListTexts | undefined): unknown {
  if (field.kind === 'boolean') return Boolean(text);
  if (field.kind === 'list') return Array.isArray(text) ? text : [];
  const value = String(text ?? '');
  const nullable = 'nullable' in field && field.nullable;
  if (field.kind === 'lines')
    return value
      .split(field.separator ?? '\n')
      .map((line) => line.trim())
      .filter(Boolean);
  if (field.kind === 'json') return JSON.parse(value);
  if (field.kind === 'parsed') return field.parse(value);
  if (value.trim() === '')
    return nullable ? null : 'optional' in field && field.optional ? undefined : field.kind === 'number' || field.kind === 'money' ? Number.NaN : '';
  if (field.kind === 'number' || field.kind === 'money') return requiredDecimal(value);
  return value;
}

/**
 * The contract's schema, or a loader of it. A public page's form hands a loader: the schema (and Zod with
 * it) loads with the form's first check, not with the page; should it not load, the form lets the value
 * go and the server, which checks every write with the same schema, says what it refuses.
 */
export type FormSchema<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

/**
 * The form's resolver: texts → values (text no field can read is said here: bad JSON, no number) → the
 * contract's schema, whose messages land under the fields. Text that cannot be read stops there, before
 * the schema (as a pipe from the texts into the schema would).
 */
export function textsResolver<Out>(fields: readonly FieldSpec[], schema: FormSchema<Out>): Resolver<FormTexts, unknown, Out> {
  let check: Resolver<Record<string, unknown>, unknown, Out> | undefined;
  let loading: Promise<typeof check> | undefined;
  const checker = async () => {
    if (check) return check;
    if (typeof schema !== 'function') return (check = zodResolver(schema as z.ZodType<Out, Record<string, unknown>>));
    // A loader that failed (offline a moment) is asked again at the next check.
    loading ??= schema().then(
      (loaded) => (check = zodResolver(loaded as z.ZodType<Out, Record<string, unknown>>)),
      () => (loading = undefined),
    );
    return loading;
  };
  return async (texts, context, options): Promise<ResolverResult<FormTexts, Out>> => {
    const values: Record<string, unknown> = {};
    const unreadable: FieldErrors<FormTexts> = {};
    for (const field of fields) {
      try {
        const value = fromText(field, texts[field.key]);
        if (value !== undefined) values[field.key] = value;
        // Typed text that is no number is said here, whatever the schema would make of NaN.
        if (Number.isNaN(value) && String(texts[field.key] ?? '').trim() !== '') unreadable[field.key] = { type: 'custom', message: NOT_A_NUMBER };
      } catch (error) {
        unreadable[field.key] = { type: 'custom', message: field.kind === 'json' ? INVALID_JSON : (error as Error).message };
      }
    }
    if (Object.keys(unreadable).length > 0) return { values: {}, errors: unreadable };
    const resolve = await checker();
    if (!resolve) return { values: values as Out, errors: {} };
    return (await resolve(values, context, options as unknown as ResolverOptions<Record<string, unknown>>)) as ResolverResult<FormTexts, Out>;
  };
}

/** What the texts stand for so far, unchecked (a live preview): a field whose text cannot be read is left out. */
export function readTexts(fields: readonly FieldSpec[], texts: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    try {
      values[field.key] = fromText(field, texts[field.key] as FormTexts[string] | undefined);
    } catch {
      // Not readable yet: the preview goes without it.
    }
  }
  return values;
}

/**
 * A form over `fields` whose submit hands over the value the contract's schema accepts; `restored`
 * texts (a draft kept in the browser) stand in for the initial values. A field is checked once it is
 * left and again as it changes (`mode: 'onTouched'`); with `mode: 'onChange'`, as it is typed (a form whose
 * effect shows live, such as the price tables under a discount); with `mode: 'onSubmit'` only when the form
 * is sent or when the form asks (a message shown as a field is left would move the send button away from the
 * press that left it; the sign-in form checks what was typed 300 ms after the last keystroke).
 */
export function useSchemaForm<Out = Record<string, unknown>>({
  fields,
  schema,
  initial,
  restored,
  mode = 'onTouched',
}: {
  fields: readonly FieldSpec[];
  schema: FormSchema<Out>;
  initial: Record<string, unknown>;
  restored?: FormTexts | null;
  mode?: 'onTouched' | 'onChange' | 'onSubmit';
}) {
  const resolver = useMemo(() => textsResolver(fields, schema), [fields, schema]);
  return useForm<FormTexts, unknown, Out>({
    resolver,
    defaultValues: { ...textsOf(fields, initial), ...restored },
    mode,
    reValidateMode: mode === 'onSubmit' ? 'onSubmit' : 'onChange',
  });
}

export type SchemaFormApi<Out = Record<string, unknown>> = UseFormReturn<FormTexts, unknown, Out>;

/**
 * The submit of a form whose save may fail: the form waits for `save` ('Salvando…'), and only a save
 * that succeeded goes on to `onSaved` (closing the form, say). A failed one keeps every typed value
 * and its reason stays in the form (`failure`, shown by SaveFailure) until the next try or until the
 * form is closed. `save` also gets the button that sent the form, for a form with a button per action
 * (a download per platform), or null.
 */
export function useSaveKeepingInput<Out>(
  form: SchemaFormApi<Out>,
  save: (value: Out, sentBy: HTMLButtonElement | null) => Promise<WriteOutcome>,
  { onSaved, onInvalid }: { onSaved?: (value: Out) => unknown; onInvalid?: SubmitErrorHandler<FormTexts> } = {},
) {
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const send = form.handleSubmit(async (value, event) => {
    setFailure(null);
    const sentBy = (event?.nativeEvent as { submitter?: unknown } | undefined)?.submitter;
    const outcome = await save(value, sentBy instanceof HTMLButtonElement ? sentBy : null);
    if (outcome.ok) await onSaved?.(value);
    else setFailure({ title: outcome.title, description: outcome.description });
  }, onInvalid);
  // A second press while the first is checked or saved does nothing (and sends nothing to the server).
  const running = useRef(false);
  const submit = async (event?: BaseSyntheticEvent) => {
    if (running.current) {
      event?.preventDefault();
      return;
    }
    running.current = true;
    try {
      await send(event);
    } finally {
      running.current = false;
    }
  };
  return { submit: submit as FormSubmit, failure, saving: form.formState.isSubmitting };
}

declare const formSubmit: unique symbol;
/** The submit of the one form primitive (`useSaveKeepingInput`): the only one `<Form>` takes. */
export type FormSubmit = ((event?: BaseSyntheticEvent) => Promise<void>) & { readonly [formSubmit]: true };

/**
 * The app's `<form>`: a form of the primitive (`useSchemaForm` + `useSaveKeepingInput`), so every form validates
 * with the contract's schema, says each field's message in Portuguese, waits for its save and keeps what was
 * typed when the save fails. The browser's own validation bubbles stay off: the schema's messages speak.
 */
export function Form({ onSubmit, children, ...props }: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & { onSubmit: FormSubmit }) {
  return (
    <form noValidate {...props} onSubmit={(event) => void onSubmit(event)}>
      {children}
    </form>
  );
}

/** A form's submit button: 'Salvando…' and not pressable again while its save runs. */
export function SaveButton({ saving, label = 'Salvar', className }: { saving: boolean; label?: string; className?: string }) {
  return (
    <Button type="submit" disabled={saving} className={className}>
      {saving ? 'Salvando…' : label}
    </Button>
  );
}

/**
 * Where a form says its save failed: what failed, and that what was typed is still here. A public form
 * with nothing to cancel (signing in, a code) says it as a `notice`: the reason alone, as the public pages
 * say a refusal; what was typed stays all the same.
 */
export function SaveFailure({ failure, className, variant = 'form' }: { failure: WriteFailure | null; className?: string; variant?: 'form' | 'notice' }) {
  if (!failure) return null;
  if (variant === 'notice') return <ErrorNotice>{failure.description}</ErrorNotice>;
  return (
    <div role="alert" data-testid="falha-ao-salvar" className={cn('border-destructive/40 text-destructive rounded-md border px-3 py-2 text-sm', className)}>
      <p className="font-medium">{failure.title}</p>
      <p>{failure.description}</p>
      <p className="text-muted-foreground text-xs">Nada foi perdido: o que você digitou continua aqui. Salve de novo ou cancele.</p>
    </div>
  );
}

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

const asTyped = (text: string) => text;

/**
 * Text typed into a prerendered page's field before the app took the page over (src/boot.ts keeps it in
 * the field): the form takes it as typed. It is read as the page comes to life, before a render of the
 * form writes the form's own text over it (a field React has rendered holds its value as its default
 * too, so only text typed outside React differs), and handed to the form once every part of the page
 * listens to the form (the parent's watchers subscribe after their fields mount).
 */
export function useTypedBeforeHydration<Out>(form: SchemaFormApi<Out>, key: string, id: string, keep: (text: string) => string = asTyped) {
  const typed = useRef<string | null>(null);
  useLayoutEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || element.type === 'checkbox') return;
    if (element.value !== element.defaultValue) typed.current = element.value;
  }, [id]);
  useEffect(() => {
    if (typed.current === null) return;
    form.setValue(key, keep(typed.current), { shouldDirty: true });
    typed.current = null;
  }, [form, key, keep]);
}

type SelectControlModule = { default: typeof SelectControlComponent };
let selectControl: SelectControlModule | undefined;
/** Loads the select kind's control ahead of its first use (the panel does as it opens; the component tests before they run). */
export const loadSelectControl = () => import('./select-control').then((module) => (selectControl = module));
// Once loaded, the control is handed over at once (a thenable that calls back before it returns), so React
// renders it without waiting; before, the field shows an empty box of its size for the moment it loads.
const SelectControl = lazy(() =>
  selectControl ? ({ then: (resolve: (module: SelectControlModule) => void) => resolve(selectControl!) } as Promise<SelectControlModule>) : loadSelectControl(),
);

const isWide = (field: FieldSpec) =>
  field.kind === 'textarea' || (field.kind === 'lines' && !field.separator) || field.kind === 'json' || field.kind === 'parsed' || field.kind === 'list';

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-destructive text-xs">
      {message}
    </p>
  ) : null;
}

/**
 * One field: its label, control, hint and the schema's message; `extra` goes under the control (an
 * upload button), `beside` next to it (a row's buttons), `labelExtra` after the label's text (a badge),
 * `inside` over the control's edge (an icon, the e-mail's indicator), placed by its own classes.
 */
export function SchemaField<Out>({
  form,
  field,
  idPrefix,
  extra,
  beside,
  labelExtra,
  inside,
  className,
}: {
  form: SchemaFormApi<Out>;
  field: FieldSpec;
  idPrefix: string;
  extra?: ReactNode;
  beside?: ReactNode;
  labelExtra?: ReactNode;
  inside?: ReactNode;
  className?: string;
}) {
  const inputId = `${idPrefix}-${field.key}`;
  const error = messageOf(form.formState.errors, field.errorAt ?? field.key);
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-erro` } : {};
  const keep = field.kind === 'text' && field.keep ? field.keep : asTyped;
  useTypedBeforeHydration(form, field.key, inputId, keep);
  if (field.kind === 'list') return <ListField form={form} field={field} idPrefix={inputId} className={className} />;
  return (
    <Controller
      control={form.control}
      name={field.key}
      render={({ field: control }) => {
        if (field.kind === 'boolean') {
          return (
            <label className={cn('inline-flex min-h-9 items-center gap-2 text-sm', className)}>
              <input
                id={inputId}
                type="checkbox"
                className="size-4"
                ref={control.ref}
                checked={Boolean(control.value)}
                onBlur={control.onBlur}
                onChange={(event) => control.onChange(event.target.checked)}
              />
              {field.label}
            </label>
          );
        }
        const text = String(control.value ?? '');
        const common = { ...field.input, id: inputId, ref: control.ref, onBlur: control.onBlur, ...described };
        const bare =
          field.kind === 'select' ? (
            <Suspense fallback={<div className="border-input h-9 w-full rounded-md border" />}>
              <SelectControl
                id={inputId}
                value={text}
                options={field.options}
                noneLabel={field.nullable ? (field.noneLabel ?? 'Nenhum') : undefined}
                onChange={control.onChange}
                onBlur={control.onBlur}
                controlRef={control.ref}
                described={described}
                placeholder={field.placeholder}
              />
            </Suspense>
          ) : isWide(field) ? (
            <Textarea
              {...common}
              rows={field.rows ?? (field.kind === 'json' ? 6 : 3)}
              className={field.kind === 'json' || field.kind === 'parsed' ? 'font-mono text-xs' : undefined}
              value={text}
              onChange={(event) => control.onChange(event.target.value)}
            />
          ) : (field.kind === 'number' || field.kind === 'money') && field.grouping !== false ? (
            <DecimalInput {...common} value={text} onValueChange={control.onChange} fractionDigits={field.kind === 'money' ? 2 : undefined} />
          ) : (
            <Input
              inputMode={field.kind === 'number' ? 'numeric' : undefined}
              {...common}
              type={field.kind === 'url' ? 'url' : field.kind === 'text' && field.type ? field.type : 'text'}
              value={text}
              onChange={(event) => control.onChange(keep(event.target.value))}
            />
          );
        const controlElement = inside ? (
          <div className="relative min-w-0 flex-1">
            {bare}
            {inside}
          </div>
        ) : (
          bare
        );
        return (
          <div className={cn('grid min-w-0 content-start gap-1.5', isWide(field) && 'sm:col-span-full', className)}>
            <Label htmlFor={inputId} className={labelExtra ? 'flex flex-wrap items-center gap-2' : undefined}>
              {field.label}
              {labelExtra}
            </Label>
            {beside ? (
              <div className="flex flex-wrap gap-2">
                {controlElement}
                {beside}
              </div>
            ) : (
              controlElement
            )}
            {extra}
            {'hint' in field && field.hint && <p className="text-muted-foreground text-xs">{field.hint}</p>}
            <FieldMessage id={`${inputId}-erro`} message={error} />
          </div>
        );
      }}
    />
  );
}

/** A list field: each item's parts with their messages, moved up or down, removed; a new empty item added. */
function ListField<Out>({
  form,
  field,
  idPrefix,
  className,
}: {
  form: SchemaFormApi<Out>;
  field: Extract<FieldSpec, { kind: 'list' }>;
  idPrefix: string;
  className?: string;
}) {
  // The field array holds the items' texts; useFieldArray's generics cannot know a key of FormTexts is a list.
  const { fields: items, append, remove, move } = useFieldArray({ control: form.control as unknown as Control<Record<string, ListTexts>>, name: field.key });
  const errors = form.formState.errors;
  // The list's own message (too many items), not one of an item's.
  const own = (errors[field.key] as { message?: string; root?: { message?: string } } | undefined) ?? {};
  const name = field.itemName;
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  return (
    <fieldset className={cn('min-w-0 space-y-2 rounded-lg border p-3 sm:col-span-full', className)}>
      <legend className="px-1 text-sm font-medium">{field.label}</legend>
      {items.length === 0 && <p className="text-muted-foreground text-xs">Nenhum {name}.</p>}
      <ol className="space-y-2">
        {items.map((item, index) => (
          <li
            key={item.id}
            className="bg-muted/40 grid min-w-0 gap-2 rounded-md p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            aria-label={`${Name} ${index + 1}`}
          >
            {field.item.map((part) => {
              const id = `${idPrefix}-${index}-${part.key}`;
              const message = messageOf(errors, `${field.errorAt ?? field.key}.${index}.${part.key}`);
              return (
                <div key={part.key} className="grid min-w-0 gap-1">
                  <Label htmlFor={id}>{`${part.label} ${index + 1}`}</Label>
                  <Input
                    id={id}
                    placeholder={part.placeholder}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-erro` : undefined}
                    {...form.register(`${field.key}.${index}.${part.key}`)}
                  />
                  <FieldMessage id={`${id}-erro`} message={message} />
                </div>
              );
            })}
            <div className="flex gap-1">
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={`Subir ${name} ${index + 1}`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={`Descer ${name} ${index + 1}`}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
              <Button type="button" variant="outline" size="icon" aria-label={`Remover ${name} ${index + 1}`} onClick={() => remove(index)}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <FieldMessage id={`${idPrefix}-erro`} message={own.message ?? own.root?.message} />
      <Button type="button" variant="outline" size="sm" onClick={() => append(Object.fromEntries(field.item.map((part) => [part.key, ''])))}>
        <Plus className="size-4" aria-hidden /> Adicionar {name}
      </Button>
    </fieldset>
  );
}
