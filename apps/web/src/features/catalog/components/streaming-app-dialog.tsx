import { CheckCircle2, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicStreamingApp } from '@vitrine/domain/catalog';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatBRL, formatDate } from '@/lib/format';
import { AppImage } from './app-image';
import { RatingSummary } from './rating';
import { streamingPrice, type PriceMode } from './streaming-intent';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </section>
  );
}

/** The streaming-app variant of the detail dialog. */
export function StreamingAppDialog({
  app,
  mode,
  onOpenChange,
  onCloseAutoFocus,
}: {
  app: PublicStreamingApp | null;
  mode: PriceMode;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const candidates: [string, string | undefined][] = app
    ? [
        ['Versão mínima', app.requirements.minVersion],
        ['Memória RAM', app.requirements.ram],
        ['Armazenamento', app.requirements.storage],
        ['Velocidade de internet', app.requirements.internetSpeed],
      ]
    : [];
  // Each requirement is shown only if present.
  const requirements = candidates.filter((entry): entry is [string, string] => Boolean(entry[1]));
  const licences = app ? [app.hasMonthlyLicense && 'Mensal', app.hasAnnualLicense && 'Anual'].filter((value): value is string => Boolean(value)) : [];

  return (
    <Dialog open={app !== null} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        {app && (
          <>
            <DialogHeader className="flex-row items-center gap-4 text-left">
              <AppImage src={app.logo} alt={`Logo do ${app.name}`} className="size-16 shrink-0 rounded-xl" />
              <div className="min-w-0 space-y-1">
                <DialogTitle className="text-xl">{app.name}</DialogTitle>
                <DialogDescription>{app.developer ?? 'Desenvolvedor não informado'}</DialogDescription>
                <RatingSummary average={app.rating.average} total={app.rating.total} label="avaliações" />
              </div>
            </DialogHeader>

            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline">{app.categoryName}</Badge>
              <span className="text-muted-foreground">Atualizado em {formatDate(app.lastUpdate)}</span>
            </div>
            {app.tags.length > 0 && (
              <div className="flex flex-wrap gap-1.5">
                {app.tags.map((tag) => (
                  <Badge key={tag} variant="secondary">
                    {tag}
                  </Badge>
                ))}
              </div>
            )}
            <p className="text-sm leading-relaxed">{app.description}</p>

            {app.screenshots.length > 0 && (
              <Section title="Capturas de tela">
                <div className="flex snap-x gap-3 overflow-x-auto pb-2">
                  {app.screenshots.map((url, index) => (
                    <img
                      key={url + index}
                      src={url}
                      alt={`Captura de tela ${index + 1} do ${app.name}`}
                      loading="lazy"
                      className="aspect-video w-64 shrink-0 snap-start rounded-lg border object-cover"
                    />
                  ))}
                </div>
              </Section>
            )}

            {app.features.length > 0 && (
              <Section title="Recursos">
                <ul className="grid gap-1.5 sm:grid-cols-2">
                  {app.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2 text-sm">
                      <CheckCircle2 className="text-success mt-0.5 size-4 shrink-0" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
              </Section>
            )}

            {requirements.length > 0 && (
              <Section title="Requisitos do sistema">
                <dl className="grid grid-cols-2 gap-3">
                  {requirements.map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-muted-foreground text-xs">{label}</dt>
                      <dd className="text-sm font-medium">{value}</dd>
                    </div>
                  ))}
                </dl>
              </Section>
            )}

            {app.faq.length > 0 && (
              <Section title="Perguntas frequentes">
                <Accordion type="single" collapsible>
                  {app.faq.map((entry, index) => (
                    <AccordionItem key={entry.question} value={`faq-${index}`}>
                      <AccordionTrigger>{entry.question}</AccordionTrigger>
                      <AccordionContent>{entry.answer}</AccordionContent>
                    </AccordionItem>
                  ))}
                </Accordion>
              </Section>
            )}

            {/* Price and 'Ativar Agora' stay in view at the foot of the dialog while the details scroll. */}
            <div className="bg-background sticky -bottom-6 -mx-6 -mb-6 flex flex-wrap items-center justify-between gap-3 border-t px-6 py-4">
              <div className="space-y-1">
                <p className="text-muted-foreground text-xs">{mode === 'revendedor' ? 'Preço revendedor' : 'Preço'}</p>
                <p className="text-2xl font-extrabold">{formatBRL(streamingPrice(app, mode))}</p>
                {mode === 'revendedor' && <p className="text-primary text-xs font-medium">Preço especial para revendedores</p>}
                <p className="text-muted-foreground text-xs">
                  Versão {app.version}
                  {licences.length > 0 && <> · Licença: {licences.join(' e ')}</>}
                </p>
              </div>
              <Button asChild size="lg" variant="gradient">
                <Link to={chatIntentHref({ kind: 'activate', app: app.name, mode })}>
                  <Zap aria-hidden />
                  Ativar Agora
                </Link>
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
