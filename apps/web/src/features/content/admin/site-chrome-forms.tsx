// The header and the footer edited on the admin form primitive (the contract's own schemas, each
// message under its field), with a live preview of what visitors will see: links added, removed and
// reordered, the footer's social profiles, one toast per save.
import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { footerConfigSchema, headerConfigSchema, type FooterConfig, type HeaderConfig } from '@vitrine/domain/content';
import { defaultFooterConfig, defaultHeaderConfig } from '@vitrine/domain/site-config';
import {
  Form,
  readTexts,
  SaveFailure,
  SchemaField,
  useSaveKeepingInput,
  useSchemaForm,
  type FieldSpec,
  type FormSubmit,
  type SchemaFormApi,
} from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import type { WriteFailure, WriteOutcome } from '@/features/admin/api/use-admin-table';

/** Saves the parts that changed (one request each) and says so once. */
export type SaveParts = (parts: Record<string, unknown>) => Promise<WriteOutcome>;

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

const LINK_PARTS = [
  { key: 'label', label: 'Texto do link' },
  { key: 'href', label: 'Endereço do link', placeholder: '/pagina ou https://…' },
] as const;

/** An optional text left empty is left out (as the defaults have it), so an untouched form has nothing to save. */
const unlessEmpty = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

// The forms' fields are flat; each message is found where the contract's schema nests it.
const HEADER_FIELDS = [
  { key: 'brandText', label: 'Nome da marca', kind: 'text', errorAt: 'brand.text' },
  { key: 'brandTagline', label: 'Slogan', kind: 'text', errorAt: 'brand.tagline' },
  { key: 'navigation', label: 'Links do menu', kind: 'list', itemName: 'link', item: LINK_PARTS },
] as const satisfies readonly FieldSpec[];

const toHeaderValues = (header: HeaderConfig) => ({ brandText: header.brand.text, brandTagline: header.brand.tagline, navigation: header.navigation });
const toHeader = (values: Record<string, unknown>): unknown => ({
  brand: { text: values.brandText, tagline: unlessEmpty(values.brandTagline) },
  navigation: values.navigation,
});
const headerBody = z.record(z.string(), z.unknown()).transform(toHeader).pipe(headerConfigSchema);

const SOCIAL_FIELDS = [
  { key: 'facebook', label: 'Facebook', placeholder: 'https://facebook.com/sua-loja' },
  { key: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/sua-loja' },
  { key: 'twitter', label: 'X (Twitter)', placeholder: 'https://x.com/sua-loja' },
] as const;

const FOOTER_FIELDS = [
  { key: 'logoText', label: 'Nome no logotipo', kind: 'text', errorAt: 'logo.text' },
  { key: 'logoImageUrl', label: 'Imagem do logotipo (endereço)', kind: 'text', errorAt: 'logo.imageUrl', input: { placeholder: 'https://…' } },
  { key: 'description', label: 'Descrição da empresa', kind: 'textarea', rows: 3 },
  ...SOCIAL_FIELDS.map(({ key, label, placeholder }) => ({ key, label, kind: 'url' as const, errorAt: `social.${key}`, input: { placeholder } })),
  { key: 'quickLinks', label: 'Links rápidos', kind: 'list', itemName: 'link', item: LINK_PARTS },
  { key: 'legalLinks', label: 'Links legais', kind: 'list', itemName: 'link', item: LINK_PARTS },
  { key: 'email', label: 'E-mail', kind: 'text', type: 'email', errorAt: 'contact.email' },
  { key: 'phone', label: 'Telefone', kind: 'text', errorAt: 'contact.phone' },
  { key: 'location', label: 'Localização', kind: 'text', errorAt: 'contact.location' },
  { key: 'year', label: 'Ano', kind: 'number', grouping: false, errorAt: 'copyright.year' },
  { key: 'copyrightText', label: 'Texto de direitos autorais', kind: 'text', errorAt: 'copyright.text' },
] as const satisfies readonly FieldSpec[];

const toFooterValues = (footer: FooterConfig) => ({
  logoText: footer.logo.text,
  logoImageUrl: footer.logo.imageUrl,
  description: footer.description,
  ...footer.social,
  quickLinks: footer.quickLinks,
  legalLinks: footer.legalLinks,
  ...footer.contact,
  year: footer.copyright.year,
  copyrightText: footer.copyright.text,
});
const toFooter = (values: Record<string, unknown>): unknown => ({
  logo: { text: values.logoText, imageUrl: unlessEmpty(values.logoImageUrl) },
  description: values.description,
  // An unset social profile is left out, never stored as an empty address.
  social: Object.fromEntries(
    SOCIAL_FIELDS.flatMap(({ key }) => (typeof values[key] === 'string' && values[key].trim() !== '' ? [[key, values[key].trim()]] : [])),
  ),
  quickLinks: values.quickLinks,
  legalLinks: values.legalLinks,
  contact: { email: values.email, phone: values.phone, location: values.location },
  copyright: { year: values.year, text: values.copyrightText },
});
const footerBody = z.record(z.string(), z.unknown()).transform(toFooter).pipe(footerConfigSchema);

function FormWithPreview({
  label,
  onSubmit,
  submitting,
  failure,
  fields,
  preview,
}: {
  label: string;
  onSubmit: FormSubmit;
  submitting: boolean;
  failure: WriteFailure | null;
  fields: ReactNode;
  preview: ReactNode;
}) {
  return (
    <Form className="grid gap-4 lg:grid-cols-2" aria-label={label} onSubmit={onSubmit}>
      <div className="min-w-0 space-y-3">
        {fields}
        <SaveFailure failure={failure} />
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
    </Form>
  );
}

/** A form's fields by key, each drawn by the primitive where the layout puts it. */
function drawField<Out>(form: SchemaFormApi<Out>, fields: readonly FieldSpec[], idPrefix: string) {
  return (key: string) => <SchemaField form={form} field={fields.find((field) => field.key === key)!} idPrefix={idPrefix} />;
}

export function HeaderForm({ stored, save }: { stored: Record<string, unknown>; save: SaveParts }) {
  const form = useSchemaForm({
    fields: HEADER_FIELDS,
    schema: headerBody,
    initial: toHeaderValues(storedOrDefault(headerConfigSchema, defaultHeaderConfig, stored)),
  });
  const texts = useWatch({ control: form.control });
  const { submit, failure, saving } = useSaveKeepingInput(form, (header) => save(changedParts(header, stored)));
  const field = drawField(form, HEADER_FIELDS, 'cabecalho');
  return (
    <FormWithPreview
      label="Cabeçalho"
      submitting={saving}
      failure={failure}
      onSubmit={submit}
      fields={
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('brandText')}
            {field('brandTagline')}
          </div>
          {field('navigation')}
        </>
      }
      preview={<HeaderPreview value={toHeader(readTexts(HEADER_FIELDS, texts)) as Partial<HeaderConfig>} />}
    />
  );
}

export function FooterForm({ stored, save }: { stored: Record<string, unknown>; save: SaveParts }) {
  const form = useSchemaForm({
    fields: FOOTER_FIELDS,
    schema: footerBody,
    initial: toFooterValues(storedOrDefault(footerConfigSchema, defaultFooterConfig, stored)),
  });
  const texts = useWatch({ control: form.control });
  const { submit, failure, saving } = useSaveKeepingInput(form, (footer) => save(changedParts(footer, stored)));
  const field = drawField(form, FOOTER_FIELDS, 'rodape');
  return (
    <FormWithPreview
      label="Rodapé"
      submitting={saving}
      failure={failure}
      onSubmit={submit}
      fields={
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('logoText')}
            {field('logoImageUrl')}
          </div>
          {field('description')}
          <fieldset className="min-w-0 space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Redes sociais</legend>
            <p className="text-muted-foreground text-xs">Deixe em branco as redes que a loja não usa: o rodapé não as mostra.</p>
            <div className="grid gap-3 sm:grid-cols-3">
              {field('facebook')}
              {field('instagram')}
              {field('twitter')}
            </div>
          </fieldset>
          {field('quickLinks')}
          {field('legalLinks')}
          <fieldset className="min-w-0 space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Contato</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {field('email')}
              {field('phone')}
              {field('location')}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            {field('year')}
            {field('copyrightText')}
          </div>
        </>
      }
      preview={<FooterPreview value={toFooter(readTexts(FOOTER_FIELDS, texts)) as Partial<FooterConfig>} />}
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
