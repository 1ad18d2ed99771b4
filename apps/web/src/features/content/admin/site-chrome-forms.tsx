// The header and the footer edited as forms (react-hook-form on the contract's own schemas), with a
// live preview of what visitors will see: links added, removed and reordered, the footer's social
// profiles, one toast per save.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Save, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { footerConfigSchema, headerConfigSchema, type FooterConfig, type HeaderConfig } from '@vitrine/domain/content';
import { defaultFooterConfig, defaultHeaderConfig } from '@vitrine/domain/site-config';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** Saves the parts that changed (one request each) and says so once. */
export type SaveParts = (parts: Record<string, unknown>) => Promise<unknown>;

/** Each stored part that matches its schema, else its default. */
function storedOrDefault<T extends object>(schema: z.ZodObject, defaults: T, stored: Record<string, unknown>): T {
  const merged: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const parsed = (schema.shape[key] as z.ZodType).safeParse(stored[key]);
    merged[key] = parsed.success ? parsed.data : fallback;
  }
  return merged as T;
}

/** The parts whose value differs from the stored one. */
const changedParts = (values: object, stored: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(stored[key])));

/** An unset social profile is left out, never stored as an empty address. */
const withoutEmptySocial = (footer: FooterConfig): FooterConfig => ({
  ...footer,
  social: Object.fromEntries(Object.entries(footer.social).filter(([, url]) => typeof url === 'string' && url.trim() !== '').map(([name, url]) => [name, url!.trim()])),
});

/** The message of a nested field's error ('navigation.2.label'), if any. */
function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-erro`} className="text-destructive text-xs">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input bound to `name`, with its label and the schema's message. */
function TextField<T extends FieldValues>({ form, name, label, prefix, type = 'text', ...rest }: { form: { register: UseFormRegister<T>; errors: FieldErrors<T> }; name: Path<T>; label: string; prefix: string; type?: string; placeholder?: string; valueAsNumber?: boolean }) {
  const id = `${prefix}-${name.replaceAll('.', '-')}`;
  const error = errorAt(form.errors, name);
  return (
    <Field id={id} label={label} error={error}>
      <Input id={id} type={type} placeholder={rest.placeholder} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-erro` : undefined} {...form.register(name, rest.valueAsNumber ? { valueAsNumber: true } : {})} />
    </Field>
  );
}

/** A list of links (text and address), each removable and movable up or down. */
function LinkListEditor<T extends FieldValues>({ control, register, errors, name, title, prefix }: { control: Control<T>; register: UseFormRegister<T>; errors: FieldErrors<T>; name: Path<T>; title: string; prefix: string }) {
  // The field array's name is one of the form's link lists; useFieldArray's generics cannot know that.
  const { fields, append, remove, move } = useFieldArray({ control: control as unknown as Control<Record<string, { label: string; href: string }[]>>, name: name as string });
  const listError = errorAt(errors, name) ?? errorAt(errors, `${name}.root`);
  return (
    <fieldset className="min-w-0 space-y-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      {fields.length === 0 && <p className="text-muted-foreground text-xs">Nenhum link.</p>}
      <ol className="space-y-2">
        {fields.map((field, index) => {
          const base = `${name}.${index}`;
          const labelId = `${prefix}-${name}-${index}-label`;
          const hrefId = `${prefix}-${name}-${index}-href`;
          const labelError = errorAt(errors, `${base}.label`);
          const hrefError = errorAt(errors, `${base}.href`);
          return (
            <li key={field.id} className="grid min-w-0 gap-2 rounded-md bg-muted/40 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label={`Link ${index + 1}`}>
              <Field id={labelId} label={`Texto do link ${index + 1}`} error={labelError}>
                <Input id={labelId} aria-invalid={labelError ? true : undefined} {...register(`${base}.label` as Path<T>)} />
              </Field>
              <Field id={hrefId} label={`Endereço do link ${index + 1}`} error={hrefError}>
                <Input id={hrefId} placeholder="/pagina ou https://…" aria-invalid={hrefError ? true : undefined} {...register(`${base}.href` as Path<T>)} />
              </Field>
              <div className="flex gap-1">
                <Button type="button" variant="outline" size="icon" aria-label={`Subir link ${index + 1}`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button type="button" variant="outline" size="icon" aria-label={`Descer link ${index + 1}`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button type="button" variant="outline" size="icon" aria-label={`Remover link ${index + 1}`} onClick={() => remove(index)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-destructive text-xs">{listError}</p>}
      <Button type="button" variant="outline" size="sm" onClick={() => append({ label: '', href: '' })}>
        <Plus className="size-4" aria-hidden /> Adicionar link
      </Button>
    </fieldset>
  );
}

function FormWithPreview({ label, onSubmit, submitting, fields, preview }: { label: string; onSubmit: () => void; submitting: boolean; fields: ReactNode; preview: ReactNode }) {
  return (
    <form className="grid gap-4 lg:grid-cols-2" aria-label={label} noValidate onSubmit={onSubmit}>
      <div className="min-w-0 space-y-3">
        {fields}
        <Button type="submit" disabled={submitting}>
          <Save className="size-4" aria-hidden /> Salvar
        </Button>
      </div>
      <div className="min-w-0 space-y-2 lg:sticky lg:top-4 lg:self-start">
        <p className="text-muted-foreground text-sm">Pré-visualização</p>
        <div className="rounded-lg border p-3 break-words" data-testid="pre-visualizacao">
          {preview}
        </div>
      </div>
    </form>
  );
}

export function HeaderForm({ stored, save }: { stored: Record<string, unknown>; save: SaveParts }) {
  const form = useForm<HeaderConfig>({ resolver: zodResolver(headerConfigSchema), defaultValues: storedOrDefault(headerConfigSchema, defaultHeaderConfig, stored), mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as HeaderConfig;
  const { errors, isSubmitting } = form.formState;
  const bound = { register: form.register, errors };
  return (
    <FormWithPreview
      label="Cabeçalho"
      submitting={isSubmitting}
      onSubmit={form.handleSubmit(async (header) => {
        await save(changedParts(header, stored));
      })}
      fields={
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField form={bound} prefix="cabecalho" name="brand.text" label="Nome da marca" />
            <TextField form={bound} prefix="cabecalho" name="brand.tagline" label="Slogan" />
          </div>
          <LinkListEditor control={form.control} register={form.register} errors={errors} name="navigation" title="Links do menu" prefix="cabecalho" />
        </>
      }
      preview={<HeaderPreview value={values} />}
    />
  );
}

export function FooterForm({ stored, save }: { stored: Record<string, unknown>; save: SaveParts }) {
  const form = useForm<FooterConfig>({ resolver: zodResolver(footerConfigSchema), defaultValues: storedOrDefault(footerConfigSchema, defaultFooterConfig, stored), mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as FooterConfig;
  const { errors, isSubmitting } = form.formState;
  const bound = { register: form.register, errors };
  return (
    <FormWithPreview
      label="Rodapé"
      submitting={isSubmitting}
      onSubmit={form.handleSubmit(async (footer) => {
        await save(changedParts(withoutEmptySocial(footer), stored));
      })}
      fields={
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField form={bound} prefix="rodape" name="logo.text" label="Nome no logotipo" />
            <TextField form={bound} prefix="rodape" name="logo.imageUrl" label="Imagem do logotipo (endereço)" placeholder="https://…" />
          </div>
          <Field id="rodape-description" label="Descrição da empresa" error={errorAt(errors, 'description')}>
            <Textarea id="rodape-description" rows={3} {...form.register('description')} />
          </Field>
          <fieldset className="min-w-0 space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Redes sociais</legend>
            <p className="text-muted-foreground text-xs">Deixe em branco as redes que a loja não usa: o rodapé não as mostra.</p>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField form={bound} prefix="rodape" name="social.facebook" label="Facebook" type="url" placeholder="https://facebook.com/sua-loja" />
              <TextField form={bound} prefix="rodape" name="social.instagram" label="Instagram" type="url" placeholder="https://instagram.com/sua-loja" />
              <TextField form={bound} prefix="rodape" name="social.twitter" label="X (Twitter)" type="url" placeholder="https://x.com/sua-loja" />
            </div>
          </fieldset>
          <LinkListEditor control={form.control} register={form.register} errors={errors} name="quickLinks" title="Links rápidos" prefix="rodape" />
          <LinkListEditor control={form.control} register={form.register} errors={errors} name="legalLinks" title="Links legais" prefix="rodape" />
          <fieldset className="min-w-0 space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Contato</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField form={bound} prefix="rodape" name="contact.email" label="E-mail" type="email" />
              <TextField form={bound} prefix="rodape" name="contact.phone" label="Telefone" />
              <TextField form={bound} prefix="rodape" name="contact.location" label="Localização" />
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            <TextField form={bound} prefix="rodape" name="copyright.year" label="Ano" type="number" valueAsNumber />
            <TextField form={bound} prefix="rodape" name="copyright.text" label="Texto de direitos autorais" />
          </div>
        </>
      }
      preview={<FooterPreview value={values} />}
    />
  );
}

function HeaderPreview({ value }: { value: Partial<HeaderConfig> }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <span className="font-bold">{value.brand?.text}</span>
      {value.brand?.tagline && <span className="text-muted-foreground text-xs">{value.brand.tagline}</span>}
      <nav className="flex flex-wrap gap-3 text-sm" aria-label="Pré-visualização do menu">
        {(value.navigation ?? []).map((link, index) => (
          <span key={index}>{link?.label}</span>
        ))}
      </nav>
    </div>
  );
}

const SOCIAL_NAMES: Record<string, string> = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'X (Twitter)' };

function FooterPreview({ value }: { value: Partial<FooterConfig> }) {
  const social = Object.entries(value.social ?? {}).filter(([, url]) => typeof url === 'string' && url.trim() !== '');
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-3">
      <div className="min-w-0">
        <p className="font-bold">{value.logo?.text}</p>
        <p className="text-muted-foreground text-xs">{value.description}</p>
        {social.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2 text-xs" aria-label="Pré-visualização das redes sociais">
            {social.map(([name]) => (
              <li key={name} className="rounded border px-1.5 py-0.5">
                {SOCIAL_NAMES[name] ?? name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ul className="min-w-0 space-y-1" aria-label="Pré-visualização dos links">
        {[...(value.quickLinks ?? []), ...(value.legalLinks ?? [])].map((link, index) => (
          <li key={index}>{link?.label}</li>
        ))}
      </ul>
      <div className="min-w-0 text-xs">
        <p>{value.contact?.email}</p>
        <p>{value.contact?.phone}</p>
        <p>{value.contact?.location}</p>
        <p className="text-muted-foreground mt-2">
          © {Number.isFinite(value.copyright?.year) ? value.copyright?.year : ''} {value.copyright?.text}
        </p>
      </div>
    </div>
  );
}
