import { Download, KeyRound, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AppPlatform, DownloadRedeemInput, PublicApp } from '@vitrine/domain/catalog';
import { appCategoryName } from '@vitrine/domain/catalog-text';
import { CATALOG_ERRORS } from '@vitrine/domain/download-codes';
import { Form, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import type { WriteFailure } from '@/components/form/write-outcome';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { formatBRL, formatDate, plural } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useRedeemDownloadCode } from '../api/redeem-download-code';
import { AppImage } from './app-image';
import { MediaCarousel } from './media-carousel';
import { formatCount, formatRating, RatingSummary, Stars } from './rating';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs tracking-wide uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium">{children}</dd>
    </div>
  );
}

function formatSize(sizeMb: number | null) {
  if (sizeMb === null) return '—';
  // Small installers read in KB: '0 MB' would look like an empty file.
  if (sizeMb < 1) return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }).format(Math.max(1, sizeMb * 1024))} KB`;
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(sizeMb)} MB`;
}

/** Starts the browser download of a signed link without leaving the page. */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function Overview({ app }: { app: PublicApp }) {
  const { minVersion, ram, storage } = app.requirements;
  const hasRequirements = Boolean(minVersion || ram || storage);
  return (
    <div className="space-y-5">
      <p className="text-sm leading-relaxed">{app.description}</p>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Field label="Desenvolvedor">{app.developer ?? '—'}</Field>
        <Field label="Versão">{app.version}</Field>
        <Field label="Atualizado em">{formatDate(app.lastUpdate)}</Field>
        <Field label="Preço">{app.isFree ? 'Grátis' : formatBRL(app.price)}</Field>
      </dl>
      {hasRequirements && (
        <section>
          <h4 className="mb-2 text-sm font-semibold">Requisitos</h4>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {minVersion && <Field label="Versão mínima">{minVersion}</Field>}
            {ram && <Field label="Memória RAM">{ram}</Field>}
            {storage && <Field label="Armazenamento">{storage}</Field>}
          </dl>
        </section>
      )}
      {app.tags.length > 0 && (
        <section>
          <h4 className="mb-2 text-sm font-semibold">Tags</h4>
          <div className="flex flex-wrap gap-1.5">
            {app.tags.map((tag) => (
              <Badge key={tag} variant="secondary">
                {tag}
              </Badge>
            ))}
          </div>
        </section>
      )}
      {app.changelog && (
        <section>
          <h4 className="mb-2 text-sm font-semibold">Novidades</h4>
          <p className="text-muted-foreground text-sm whitespace-pre-line">{app.changelog}</p>
        </section>
      )}
    </div>
  );
}

/** Said of a demo seed's installer, so nobody mistakes it for the app. */
const DEMO_PACKAGE_NOTICE = 'Pacote de demonstração: um arquivo ZIP de exemplo com um leia-me, não o aplicativo.';

const CODE = {
  key: 'code',
  label: 'Código de acesso',
  kind: 'text',
  keep: (typed: string) => typed.toUpperCase(),
  hint: 'Cada código de 6 caracteres vale para um download e expira em 30 dias.',
  input: { placeholder: 'Ex.: A1B2C3', autoComplete: 'off', spellCheck: false, maxLength: 32, className: 'pl-9 font-mono tracking-widest uppercase' },
} as const satisfies FieldSpec;
const CODE_FIELDS = [CODE];

// The form's schema (and Zod with it) loads with the first check, not with the app store (decision 0012).
const codeSchema = () => import('@vitrine/domain/catalog').then((catalog) => catalog.downloadRedeemInputSchema);

/** What a refused code is told, as a toast. */
function redeemFailure(error: unknown): WriteFailure {
  const said = (known: { title: string; message: string }) => ({ title: known.title, description: known.message });
  if (error instanceof ApiError && error.code === CATALOG_ERRORS.noDownloadFile.code) return said(CATALOG_ERRORS.noDownloadFile);
  if (error instanceof ApiError && error.code === CATALOG_ERRORS.downloadCodeRequired.code) return said(CATALOG_ERRORS.downloadCodeRequired);
  if (error instanceof ApiError && (error.code === CATALOG_ERRORS.invalidDownloadCode.code || error.status === 400))
    return said(CATALOG_ERRORS.invalidDownloadCode);
  if (error instanceof ApiError && error.status === 429) return { title: CATALOG_ERRORS.downloadValidationFailed.title, description: error.message };
  return said(CATALOG_ERRORS.downloadValidationFailed);
}

function Downloads({ app }: { app: PublicApp }) {
  const redeem = useRedeemDownloadCode();
  const form = useSchemaForm<DownloadRedeemInput>({ fields: CODE_FIELDS, schema: codeSchema, initial: { code: '' } });
  // Each platform's button sends the form for its platform; Enter in the code field presses the first one.
  const { submit, saving } = useSaveKeepingInput(
    form,
    async ({ code }, sentBy) => {
      const platform = (sentBy?.value || app.platforms[0]?.id) as AppPlatform | undefined;
      try {
        const { downloadUrl } = await redeem.mutateAsync({ appId: app.id, code, platform });
        notify.success('Download iniciado', `${app.name} está sendo baixado.`);
        startDownload(downloadUrl);
        return { ok: true };
      } catch (error) {
        const failure = redeemFailure(error);
        notify.error(failure.title, failure.description);
        return { ok: false, ...failure };
      }
    },
    {
      onSaved: () => form.reset({ code: '' }),
      onInvalid: () => notify.error(CATALOG_ERRORS.downloadCodeRequired.title, CATALOG_ERRORS.downloadCodeRequired.message),
    },
  );

  return (
    <Form onSubmit={submit} className="space-y-5">
      <SchemaField
        form={form}
        field={CODE}
        idPrefix={`app-${app.id}`}
        inside={<KeyRound className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />}
      />
      <ul className="divide-y rounded-lg border">
        {app.platforms.map((platform) => (
          <li key={platform.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div>
              <p className="font-medium">{platform.name}</p>
              <p className="text-muted-foreground text-xs">
                Versão {platform.version} · {formatSize(platform.sizeMb)}
              </p>
              {platform.isDemo && (
                <p className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-400" data-testid="demo-package">
                  {DEMO_PACKAGE_NOTICE}
                </p>
              )}
            </div>
            <Button type="submit" value={platform.id} disabled={saving} aria-label={`Download para ${platform.name}`}>
              {redeem.isPending && redeem.variables?.platform === platform.id ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
              Download
            </Button>
          </li>
        ))}
      </ul>
    </Form>
  );
}

function Reviews({ app }: { app: PublicApp }) {
  const max = Math.max(1, ...app.ratingBreakdown);
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="text-center sm:w-40">
        <p className="text-5xl font-extrabold">{formatRating(app.rating.average)}</p>
        <Stars value={app.rating.average} className="mt-1 justify-center" />
        <p className="text-muted-foreground mt-1 text-sm">{formatCount(app.rating.total)} avaliações</p>
      </div>
      <ul className="flex-1 space-y-2" aria-label="Distribuição das avaliações">
        {app.ratingBreakdown.map((count, index) => {
          const stars = 5 - index;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="w-20 shrink-0 whitespace-nowrap">{plural(stars, 'estrela', 'estrelas')}</span>
              <span className="bg-muted h-2 flex-1 overflow-hidden rounded-full">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(count / max) * 100}%` }} />
              </span>
              <span className="text-muted-foreground w-12 shrink-0 text-right">{formatCount(count)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function AppDetailDialog({
  app,
  onOpenChange,
  onCloseAutoFocus,
}: {
  app: PublicApp | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={app !== null} onOpenChange={onOpenChange}>
      {/* One fixed height for every tab, so switching tabs never moves or resizes the dialog. */}
      <DialogContent className="h-[min(41rem,92vh)] grid-cols-[minmax(0,1fr)] content-start sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        {app && (
          <>
            <DialogHeader className="flex-row items-center gap-4 text-left">
              <AppImage src={app.iconUrl} alt="" className="size-16 shrink-0 rounded-xl" />
              <div className="min-w-0 space-y-1">
                <DialogTitle className="text-xl">{app.name}</DialogTitle>
                <DialogDescription className="flex flex-wrap items-center gap-2">
                  <span>{appCategoryName(app.category)}</span>
                  <RatingSummary average={app.rating.average} total={app.rating.total} />
                </DialogDescription>
              </div>
            </DialogHeader>
            <Tabs defaultValue="overview" className="min-w-0">
              <TabsList className="grid h-auto w-full grid-cols-4">
                <TabsTrigger className="px-1 py-1.5 text-xs sm:text-sm" value="overview">
                  Visão Geral
                </TabsTrigger>
                <TabsTrigger className="px-1 py-1.5 text-xs sm:text-sm" value="media">
                  Mídia
                </TabsTrigger>
                <TabsTrigger className="px-1 py-1.5 text-xs sm:text-sm" value="downloads">
                  Downloads
                </TabsTrigger>
                <TabsTrigger className="px-1 py-1.5 text-xs sm:text-sm" value="reviews">
                  Avaliações
                </TabsTrigger>
              </TabsList>
              <TabsContent value="overview" className="pt-3">
                <Overview app={app} />
              </TabsContent>
              <TabsContent value="media" className="pt-3">
                <MediaCarousel items={app.media} title={app.name} />
              </TabsContent>
              <TabsContent value="downloads" className="pt-3">
                <Downloads app={app} />
              </TabsContent>
              <TabsContent value="reviews" className="pt-3">
                <Reviews app={app} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
